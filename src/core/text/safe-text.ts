// The terminal-safety boundary. Text from outside inkling (the model's text and thinking, tool
// inputs and results, file names, MCP results, settings values, servers' error messages) becomes
// `SafeText` here, once, before anything renders it: every control character is replaced by a
// visible picture, so the text can still be read — including the fact that it held a sequence —
// but a terminal can no longer act on it (no clipboard writes, no title changes, no hidden text).
//
// The mapping is per character, with no state, so sanitizing two stream deltas one after the
// other gives the same text as sanitizing them joined (an ESC at the end of one delta and the
// rest of its sequence in the next are shown the same either way).

declare const safeBrand: unique symbol;

/**
 * Text that, written to a terminal, can only print characters and (where inkling's own renderer
 * put them) set colours: no C0 controls but `\n` and `\t`, no DEL, no C1, no bidi overrides, and
 * no ESC other than an SGR colour sequence. Made only by the functions in this module.
 */
export type SafeText = string & { readonly [safeBrand]: true };

/** A JSON-like value whose strings (and keys) are all SafeText: a tool's input as the UI holds it. */
export type SafeJson = SafeText | number | boolean | null | undefined | readonly SafeJson[] | { readonly [key: string]: SafeJson };

/** `T` with every `string` field made SafeText (string literal types, like `kind: 'read'`, stay). */
export type SafeDeep<T> = unknown extends T
  ? SafeJson
  : T extends string
    ? string extends T
      ? SafeText
      : T
    : T extends readonly (infer U)[]
      ? SafeDeep<U>[]
      : T extends object
        ? { [K in keyof T]: SafeDeep<T[K]> }
        : T;

// C0 but \t and \n, DEL, C1, the bidi embeddings, overrides and isolates, and the three
// private-use characters the screen marks its own places with (U+E000–U+E002: where the frame
// writer puts rows back and where it turns a spinner), which outside text must not pose as.
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ue000-\ue002]/;
const UNSAFE_ALL = /\r\n|[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ue000-\ue002]/g;
// The same, but a well-formed SGR sequence (colours, styles) is kept as it is.
const UNSAFE_BUT_SGR = /\x1b\[[0-9;:]*m|\r\n|[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ue000-\ue002]/g;
const SGR_ALL = /\x1b\[[0-9;:]*m/g;

const BIDI: Record<number, string> = {
  0x202a: 'LRE',
  0x202b: 'RLE',
  0x202c: 'PDF',
  0x202d: 'LRO',
  0x202e: 'RLO',
  0x2066: 'LRI',
  0x2067: 'RLI',
  0x2068: 'FSI',
  0x2069: 'PDI',
};

/** The visible stand-in for one unsafe character. */
export function controlPicture(ch: string): string {
  const c = ch.charCodeAt(0);
  // C0 has its own pictures: ␛ for ESC, ␇ for BEL, ␍ for a carriage return…
  if (c < 0x20) return String.fromCharCode(0x2400 + c);
  if (c === 0x7f) return '␡';
  // An 8-bit C1 control means the same as ESC and a 7-bit byte: show it that way (U+009D → ␛]).
  if (c <= 0x9f) return `␛${String.fromCharCode(c - 0x40)}`;
  return `⟨${BIDI[c] ?? `U+${c.toString(16).toUpperCase()}`}⟩`;
}

function replaceUnsafe(m: string): string {
  // A Windows line ending is a line ending; a lone \r (which would return to column 0 and let
  // what follows overwrite, and so hide, what came before) is shown.
  if (m === '\r\n') return '\n';
  return m.length > 1 ? m : controlPicture(m);
}

/** Makes outside text safe to render: every control character becomes a visible picture. */
export function toSafeText(raw: string): SafeText {
  if (!UNSAFE.test(raw)) return raw as SafeText;
  return raw.replace(UNSAFE_ALL, replaceUnsafe) as SafeText;
}

/**
 * Like `toSafeText`, for one row that already carries SGR colour codes (a terminal emulator's
 * rendered row, a command's coloured log line): the colour codes stay, everything else is shown.
 */
export function toSafeStyledText(raw: string): SafeText {
  if (!UNSAFE.test(raw)) return raw as SafeText;
  return raw.replace(UNSAFE_BUT_SGR, replaceUnsafe) as SafeText;
}

/** Whether `text` holds any character the conversions look at (false: it is safe as it is). */
export function hasControls(text: string): boolean {
  return UNSAFE.test(text);
}

/** Whether `text` needs no change to be safe (tests, and a cheap check before trusting). */
export function isSafeText(text: string): text is SafeText {
  return !UNSAFE.test(text.replace(SGR_ALL, ''));
}

/**
 * Appends one streamed delta to the text so far. A `\r` that ended the last delta was shown as
 * ␍; when this delta starts with `\n` the two were one Windows line ending after all.
 */
export function appendSafe(prev: SafeText, delta: SafeText): SafeText {
  if (delta.startsWith('\n') && prev.endsWith('␍')) return (prev.slice(0, -1) + delta) as SafeText;
  return (prev + delta) as SafeText;
}

/** Joins safe pieces. */
export function joinSafe(parts: readonly SafeText[], separator = ''): SafeText {
  return parts.join(toSafeText(separator)) as SafeText;
}

/** Every string in a value (keys too) made safe; functions and symbols are left out. */
export function toSafeDeep<T>(value: T): SafeDeep<T> {
  return safeValue(value, 0) as SafeDeep<T>;
}

function safeValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return toSafeText(value);
  if (value === null || typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? undefined : value;
  // Tool inputs are JSON from the model: deep enough for any real one, and never a cycle.
  if (depth > 64) return toSafeText('…');
  try {
    if (Array.isArray(value)) return value.map((v) => safeValue(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[toSafeText(k)] = safeValue(v, depth + 1);
    return out;
  } catch {
    // A getter that throws: the value cannot be shown, but the rest of the event still can.
    return toSafeText('…');
  }
}

/**
 * Any value as one line of JSON in which every control character is escaped: JSON.stringify
 * leaves C1 controls and bidi overrides raw (and U+2028/U+2029), which a terminal showing the
 * line could act on. The escaped JSON means exactly the same.
 */
export function jsonLine(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A safe value as JSON. JSON.stringify escapes C0 controls but not C1 or bidi characters; the
 * strings here are already safe, so the result is too.
 */
export function safeJson(value: SafeJson, indent?: number): SafeText {
  return (JSON.stringify(value, null, indent) ?? '') as SafeText;
}
