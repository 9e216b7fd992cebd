// Secrets (the API key) must never reach the terminal, a log or a JSON line, even inside an
// error message from the SDK or a tool's output: everything inkling prints passes through here.

const REDACTED = '[redacted]';
/** Shorter values would redact ordinary text; real keys are far longer. */
const MIN_SECRET_LENGTH = 8;

export type Scrub = (text: string) => string;

export function createScrub(secrets: readonly (string | undefined)[]): Scrub {
  const values = [...new Set(secrets.filter((s): s is string => !!s && s.length >= MIN_SECRET_LENGTH))]
    // Longest first, so a key that contains another is removed whole.
    .sort((a, b) => b.length - a.length);
  if (values.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const value of values) out = out.split(value).join(REDACTED);
    return out;
  };
}
