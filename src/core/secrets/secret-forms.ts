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

/** At most this many spaces, tabs or line breaks between two characters of a form ("s k - a n t"). */
const MAX_GAP = 2;

const isGap = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;
/** ASCII case folding only: it never changes a string's length, so offsets stay aligned. */
const fold = (code: number) => (code >= 65 && code <= 90 ? code + 32 : code);

/**
 * Finds every form of every secret in a text, in any letter case and with up to two blanks between
 * characters: a small pattern finds where a form may start, then each form is compared there
 * character by character. A single regular expression of every form with a blank class between each
 * character took V8 ~0.2 s to compile per key (over a second for a 108-character key), at start-up.
 */
export interface SecretMatcher {
  /** [start, end) offsets of every secret in `text`, sorted, overlaps merged. */
  spans(text: string): [number, number][];
  /** The longest a match can be in the text, blanks included: what a stream must hold back at a cut. */
  longest: number;
}

/** How many leading characters of each form the quick first pass looks for. */
const PREFIX = 4;

function escapeChar(c: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(c) ? `\\${c}` : c;
}

/** The matcher for every form of every secret; null when there is nothing to look for. */
export function secretMatcher(secrets: readonly string[]): SecretMatcher | null {
  const forms = [...new Set(secrets.flatMap(secretForms).map((f) => foldString(f)))].filter((f) => f.length > 0);
  if (forms.length === 0) return null;
  const longest = Math.max(...forms.map((f) => f.length)) * (MAX_GAP + 1);
  // A small pattern of the forms' first few characters (blanks allowed between) finds where a form
  // may start; only there is the text folded and every form compared.
  const starts = [...new Set(forms.map((f) => f.slice(0, PREFIX)))];
  const gap = `[ \\t\\r\\n]{0,${MAX_GAP}}`;
  const quick = new RegExp(starts.map((p) => [...p].map(escapeChar).join(gap)).join('|'), 'gi');
  return {
    longest,
    spans(text) {
      if (text.length === 0) return [];
      const found: [number, number][] = [];
      quick.lastIndex = 0;
      for (let hit = quick.exec(text); hit; hit = quick.exec(text)) {
        const from = hit.index;
        quick.lastIndex = from + 1;
        for (const form of forms) {
          const end = matchAt(text, from, form);
          if (end > 0) found.push([from, end]);
        }
      }
      return merged(found);
    },
  };
}

function foldString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += String.fromCharCode(fold(s.charCodeAt(i)));
  return out;
}

/**
 * Where `form` (folded) ends if it starts at `from` in the text, with up to MAX_GAP blanks between
 * characters and ASCII case ignored; -1 if it does not. Stops at the first character that differs,
 * so a text full of near misses (`yes sk-ant-`) costs a few comparisons per candidate.
 */
function matchAt(text: string, from: number, form: string): number {
  let i = from;
  for (let k = 0; k < form.length; k++) {
    if (k > 0) {
      let gaps = 0;
      while (i < text.length && isGap(text.charCodeAt(i))) {
        if (++gaps > MAX_GAP) return -1;
        i++;
      }
    }
    if (i >= text.length || fold(text.charCodeAt(i)) !== form.charCodeAt(k)) return -1;
    i++;
  }
  return i;
}

function merged(spans: [number, number][]): [number, number][] {
  if (spans.length < 2) return spans;
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: [number, number][] = [spans[0]!];
  for (const span of spans.slice(1)) {
    const last = out[out.length - 1]!;
    if (span[0] < last[1]) last[1] = Math.max(last[1], span[1]);
    else out.push(span);
  }
  return out;
}
