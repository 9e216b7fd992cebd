// The forms a key takes when a command re-encodes it to slip past a literal match: reversed,
// base64 (at each of the three byte alignments it can sit at inside a longer text), hex, URL
// encoding; and, for every form, any letter case and spaces or line breaks between characters.

function reversed(s: string): string {
  return [...s].reverse().join('');
}

/**
 * The base64 characters that depend only on the secret's own bytes, when it starts `offset`
 * bytes (0, 1 or 2) into a 3-byte group of a longer encoded text.
 */
function base64Core(bytes: Buffer, offset: number): string {
  const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
  const first = Math.ceil((offset * 8) / 6);
  const last = Math.floor(((offset + bytes.length) * 8) / 6);
  return encoded.slice(first, last);
}

/** Every form of `secret` to look for (case is ignored when matching, so one of each). */
export function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Set<string>([secret, reversed(secret), bytes.toString('hex'), encodeURIComponent(secret)]);
  for (let offset = 0; offset < 3; offset++) {
    const core = base64Core(bytes, offset);
    if (core.length >= 8) {
      forms.add(core);
      forms.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...forms];
}

function escapeChar(c: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(c) ? `\\${c}` : c;
}

/** Between two characters of a form: a couple of spaces, tabs or line breaks ("s k - a n t"). */
const GAP = '[ \\t\\r\\n]{0,2}';

/**
 * One regular expression (global, case-insensitive) for every form of every secret, longest first
 * so that a key containing another is removed whole; null when there is nothing to look for.
 */
export function secretPattern(secrets: readonly string[]): { pattern: RegExp; longest: number } | null {
  const forms = [...new Set(secrets.flatMap(secretForms))].sort((a, b) => b.length - a.length);
  if (forms.length === 0) return null;
  const source = forms.map((f) => [...f].map(escapeChar).join(GAP)).join('|');
  // The longest match a form can make, gaps included: what a stream must hold back at a cut.
  const longest = forms[0]!.length * 3;
  return { pattern: new RegExp(source, 'gi'), longest };
}
