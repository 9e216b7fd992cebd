// Objects with fields read from the session file when they are read (stored-results makes them):
// a view over a small object that holds every other field. The view is a plain object to whoever
// reads it — its keys in their order, JSON.stringify, spreading, equality — but a field named
// lazy is read from its source each time. One handler serves every view and a source is a small
// object, so a view costs a few dozen bytes (accessors defined per object would put each one in
// V8's slow dictionary mode, and a closure per field costs more than the field's place).

/** Where a view's lazy fields come from. */
export interface FieldSource {
  field(key: string): unknown;
  /** The length of a text field, when it is known without reading it. */
  lengthOf?(key: string): number | undefined;
}

/** Asked of a view, gives its handler (no target has this key). */
const META = Symbol('stored fields');

/** One per view, its traps shared on the prototype: it holds what the view reads and where. */
class ViewHandler implements ProxyHandler<object> {
  constructor(
    public lazy: readonly string[],
    readonly source: FieldSource,
  ) {}

  private reads(key: string | symbol): key is string {
    return typeof key === 'string' && this.lazy.includes(key);
  }

  get(t: object, key: string | symbol, receiver: unknown): unknown {
    if (key === META) return this;
    return this.reads(key) ? this.source.field(key) : Reflect.get(t, key, receiver);
  }

  getOwnPropertyDescriptor(t: object, key: string | symbol): PropertyDescriptor | undefined {
    if (!this.reads(key)) return Reflect.getOwnPropertyDescriptor(t, key);
    // Described as a getter, so listing the keys (Object.keys, spreading) reads nothing yet.
    const source = this.source;
    return { get: () => source.field(key), enumerable: true, configurable: true };
  }

  set(t: object, key: string | symbol, value: unknown): boolean {
    // Written over, a field is held from then on.
    if (this.reads(key)) this.lazy = this.lazy.filter((k) => k !== key);
    return Reflect.set(t, key, value);
  }
}

const handlerOf = (value: object): ViewHandler | undefined => {
  const h = (value as { [META]?: unknown })[META];
  return h instanceof ViewHandler ? h : undefined;
};

const interned = new Map<string, readonly string[]>();

/**
 * A view of `target` whose fields named in `lazy` (present in `target` with any value, for their
 * place in the key order) are read from `source` whenever they are read.
 */
export function storedView<T extends object>(target: T, lazy: readonly string[], source: FieldSource): T {
  // Views of one kind share one list of names.
  const name = lazy.join('\u0000');
  let names = interned.get(name);
  if (!names) interned.set(name, (names = [...lazy]));
  return new Proxy(target, new ViewHandler(names, source)) as T;
}

/** Whether `value` is such a view: some field of it (or of an object in it) is read on demand. */
export function isStored(value: unknown): boolean {
  return typeof value === 'object' && value !== null && handlerOf(value) !== undefined;
}

/** The fields of a view that are read on demand (none for anything else). */
export function lazyFields(value: object): readonly string[] {
  return handlerOf(value)?.lazy ?? [];
}

/** Where a view reads its lazy fields (another view of the same thing reads them there too). */
export function sourceOf(value: object): FieldSource | undefined {
  return handlerOf(value)?.source;
}

/**
 * The messages as a request sends them: a result whose content is still in the session file is
 * read now, into a plain block, so what goes to a provider is plain data (cloneable, and read
 * once per request however often the provider looks). The same array when there is none.
 */
export function withStoredRead<M extends { role: string; content: readonly object[] }>(messages: M[]): M[] {
  if (!messages.some((m) => m.role === 'user' && m.content.some(isStored))) return messages;
  return messages.map((m) => (m.role === 'user' && m.content.some(isStored) ? { ...m, content: m.content.map((b) => (isStored(b) ? { ...b } : b)) } : m));
}

/** `block.content.length`, without reading it from the session file when its length is known. */
export function contentLength(block: { content: string }): number {
  const h = handlerOf(block);
  return (h?.lazy.includes('content') ? h.source.lengthOf?.('content') : undefined) ?? block.content.length;
}
