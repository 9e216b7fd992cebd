// Secret values (API keys) never reach the model or the UI through a tool: a tool that reads a
// .env file or runs `printenv` gets its output passed through here first. Encoded copies (base64,
// hex, reversed, URL-encoded, other case, spaced out) are caught too (secrets/secret-forms.ts).
import { secretMatcher } from './secrets/secret-forms.js';

export const REDACTED = '[redacted]';
/** Shorter values would redact ordinary text; real keys are far longer. */
const MIN_SECRET_LENGTH = 8;

export type Redact = ((text: string) => string) & {
  /** How many characters a match can span: a stream redacted in pieces must hold that many back. */
  readonly holdBack?: number;
  /** Where the secrets are in `text`, as [start, end) offsets: for text laid out in pieces (wrapped rows). */
  readonly spans?: (text: string) => [number, number][];
};

export function createRedactor(secrets: readonly (string | undefined)[]): Redact {
  const values = [...new Set(secrets.filter((s): s is string => !!s && s.length >= MIN_SECRET_LENGTH))];
  const matcher = secretMatcher(values);
  if (!matcher) return Object.assign((text: string) => text, { holdBack: 0 });
  const spans = (text: string) => matcher.spans(text);
  const redact = (text: string): string => {
    const found = matcher.spans(text);
    if (found.length === 0) return text;
    let out = '';
    let from = 0;
    for (const [start, end] of found) {
      out += text.slice(from, start) + REDACTED;
      from = end;
    }
    return out + text.slice(from);
  };
  return Object.assign(redact, { holdBack: matcher.longest, spans });
}

/**
 * Redacts a stream that arrives in pieces (a log as it is written): `push` returns what is safe to
 * write now, holding back a tail where a key may continue in the next piece; `end` returns the rest.
 */
export function streamRedactor(redact: Redact): { push(text: string): string; end(): string } {
  const hold = redact.holdBack ?? 0;
  let carry = '';
  return {
    push(text) {
      if (hold === 0) return text;
      const all = carry + text;
      if (all.length <= hold) {
        carry = all;
        return '';
      }
      // Cut where no match can cross: before the last `hold` characters, unless a match spans the
      // cut, then after that match.
      let cut = all.length - hold;
      const redacted = redact(all.slice(0, cut));
      const whole = redact(all);
      // When the piece before the cut redacts the same as the whole does up to there, no key
      // straddles the cut.
      if (!whole.startsWith(redacted)) {
        carry = all;
        return '';
      }
      carry = all.slice(cut);
      return redacted;
    },
    end() {
      const rest = redact(carry);
      carry = '';
      return rest;
    },
  };
}

/** Redacts every string inside a JSON-like value (tool details), returning a copy only if needed. */
export function redactDeep<T>(value: T, redact: Redact): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const r = redactDeep(v, redact);
      if (r !== v) changed = true;
      return r;
    });
    return (changed ? out : value) as T;
  }
  if (value && typeof value === 'object') {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = redactDeep(v, redact);
      if (r !== v) changed = true;
      out[k] = r;
    }
    return (changed ? out : value) as T;
  }
  return value;
}
