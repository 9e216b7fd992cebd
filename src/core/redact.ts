// Secret values (API keys) never reach the model or the UI through a tool: a tool that reads a
// .env file or runs `printenv` gets its output passed through here first.

export const REDACTED = '[redacted]';
/** Shorter values would redact ordinary text; real keys are far longer. */
const MIN_SECRET_LENGTH = 8;

export type Redact = (text: string) => string;

export function createRedactor(secrets: readonly (string | undefined)[]): Redact {
  const values = [...new Set(secrets.filter((s): s is string => !!s && s.length >= MIN_SECRET_LENGTH))]
    // Longest first, so a key that contains another is removed whole.
    .sort((a, b) => b.length - a.length);
  if (values.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const value of values) if (out.includes(value)) out = out.split(value).join(REDACTED);
    return out;
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
