// Dotted setting names ("permissions.allow[2]", "env.NODE_ENV") to and from path segments, and
// reading or writing a value at a path in a plain object.

export type KeyPath = (string | number)[];

/** "permissions.allow[2]" → ["permissions", "allow", 2]; undefined when it is not a key name. */
export function parseKeyPath(text: string): KeyPath | undefined {
  const out: KeyPath = [];
  // name | .name | [2] | ["odd name"] (as formatKeyPath writes names that are not identifiers)
  const re = /(?:^|\.)([^.[\]"]+)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  let pos = 0;
  while (pos < text.length) {
    re.lastIndex = pos;
    const m = re.exec(text);
    if (!m) return undefined;
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else out.push(JSON.parse(m[3]!) as string);
    pos = re.lastIndex;
  }
  if (out.length === 0 || typeof out[0] !== 'string') return undefined;
  return out;
}

export function formatKeyPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else {
      const name = String(part);
      if (/^[A-Za-z_$][\w$-]*$/.test(name)) out += out === '' ? name : `.${name}`;
      else out += `[${JSON.stringify(name)}]`;
    }
  }
  return out;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (const part of path) {
    if (typeof part === 'number' ? !Array.isArray(node) : !isPlainObject(node)) return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  return node;
}

/** A JSON value in one short line, for messages ("got 42", "got a list"). */
export function describeValue(value: unknown, opts: { hideStrings?: boolean } = {}): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') {
    if (opts.hideStrings) return 'a string';
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  }
  return String(value);
}
