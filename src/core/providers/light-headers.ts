// The Fetch API's Headers, for the Anthropic SDK's file beside the bundle (scripts/bundle-cli.ts gives
// it this class for the global) and http-fetch.ts: node's own Headers is part of node's fetch (undici),
// whose first use loads ~25-35 ms of modules. As the standard has it: names are case-insensitive, a
// repeated name's values read joined with ", " (set-cookie's kept apart), iteration is in sorted
// lower-case order.
type HeadersLike = Iterable<readonly [string, string]> | Record<string, string | readonly string[] | undefined>;

const lower = (name: string) => String(name).toLowerCase();
/** Leading and trailing whitespace goes, as the standard normalises a value. */
const normal = (value: unknown) => String(value).replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');

export class LightHeaders {
  readonly #values = new Map<string, string[]>();

  constructor(init?: HeadersLike | null) {
    if (init == null) return;
    if (typeof (init as Iterable<unknown>)[Symbol.iterator] === 'function') {
      for (const [name, value] of init as Iterable<readonly [string, string]>) this.append(name, value);
      return;
    }
    for (const [name, value] of Object.entries(init)) if (value !== undefined) this.append(name, value as string);
  }

  append(name: string, value: string): void {
    const key = lower(name);
    const list = this.#values.get(key);
    if (list) list.push(normal(value));
    else this.#values.set(key, [normal(value)]);
  }

  set(name: string, value: string): void {
    this.#values.set(lower(name), [normal(value)]);
  }

  get(name: string): string | null {
    return this.#values.get(lower(name))?.join(', ') ?? null;
  }

  has(name: string): boolean {
    return this.#values.has(lower(name));
  }

  delete(name: string): void {
    this.#values.delete(lower(name));
  }

  getSetCookie(): string[] {
    return [...(this.#values.get('set-cookie') ?? [])];
  }

  forEach(callback: (value: string, name: string, headers: LightHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this) callback.call(thisArg, value, name, this);
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.#values.keys()].sort()) {
      if (name === 'set-cookie') for (const value of this.#values.get(name)!) yield [name, value];
      else yield [name, this.get(name)!];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'Headers';
  }
}
