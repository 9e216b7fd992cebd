// Finding the text an edit_file call means: exact first, then tolerant of typographic quotes and
// trailing whitespace, and when nothing matches, the closest lines to show the model.

export interface Span {
  start: number;
  end: number;
}

/** All non-overlapping exact occurrences of `needle` in `text`. */
export function findExact(text: string, needle: string): Span[] {
  const spans: Span[] = [];
  if (needle === '') return spans;
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) {
    spans.push({ start: i, end: i + needle.length });
  }
  return spans;
}

const SINGLE_QUOTES = new Set(['\u2018', '\u2019', '\u201a', '\u201b', '\u2032']);
const DOUBLE_QUOTES = new Set(['\u201c', '\u201d', '\u201e', '\u201f', '\u2033']);

const ANY_TYPOGRAPHIC_QUOTE = /[\u2018\u2019\u201a\u201b\u2032\u201c\u201d\u201e\u201f\u2033]/g;

function plainQuote(ch: string): string {
  if (SINGLE_QUOTES.has(ch)) return "'";
  if (DOUBLE_QUOTES.has(ch)) return '"';
  return ch;
}

function isTrailingSpace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\r' || ch === '\f' || ch === '\v' || ch === '\u00a0';
}

/**
 * Straight quotes and no trailing whitespace on any line; `map[i]` is the index in `text` of the
 * normalized character i, so a match in the normalized text maps back to the file's real text.
 */
export function normalizeWithMap(text: string): { norm: string; map: Int32Array } {
  // Whole-line slices joined once: per-character concatenation was the slow part on large files.
  const parts: string[] = [];
  // Typed array: a plain number[] would cost 8+ bytes per character of a large file.
  const map = new Int32Array(text.length);
  let n = 0;
  let i = 0;
  for (;;) {
    const nl = text.indexOf('\n', i);
    const lineEnd = nl === -1 ? text.length : nl;
    let last = lineEnd;
    while (last > i && isTrailingSpace(text[last - 1]!)) last--;
    parts.push(text.slice(i, last).replace(ANY_TYPOGRAPHIC_QUOTE, plainQuote));
    for (let k = i; k < last; k++) map[n++] = k;
    if (nl === -1) break;
    parts.push('\n');
    map[n++] = nl;
    i = nl + 1;
  }
  return { norm: parts.join(''), map: map.subarray(0, n) };
}

/** Occurrences of `needle` in `text` once both are normalized, as spans of the file's real text. */
export function findNormalized(text: string, needle: string): Span[] {
  const n = normalizeWithMap(needle).norm;
  if (n.trim() === '') return [];
  const { norm, map } = normalizeWithMap(text);
  return findExact(norm, n).map((s) => ({ start: map[s.start]!, end: map[s.end - 1]! + 1 }));
}

/**
 * Makes `replacement` use the quote style the file used in the matched text: when the model typed
 * straight quotes where the file has typographic ones (or the reverse), new_string follows the file.
 */
export function adaptQuotes(replacement: string, matched: string, typed: string): string {
  let out = replacement;
  const fileCurlyDouble = /[\u201c\u201d\u201e\u201f]/.test(matched);
  const typedCurlyDouble = /[\u201c\u201d\u201e\u201f]/.test(typed);
  if (fileCurlyDouble && !typedCurlyDouble) out = curlify(out, '"', '\u201c', '\u201d');
  else if (!fileCurlyDouble && typedCurlyDouble && matched.includes('"')) out = out.replace(/[\u201c\u201d\u201e\u201f]/g, '"');
  const fileCurlySingle = /[\u2018\u2019\u201a\u201b]/.test(matched);
  const typedCurlySingle = /[\u2018\u2019\u201a\u201b]/.test(typed);
  if (fileCurlySingle && !typedCurlySingle) out = curlify(out, "'", '\u2018', '\u2019');
  else if (!fileCurlySingle && typedCurlySingle && matched.includes("'")) out = out.replace(/[\u2018\u2019\u201a\u201b]/g, "'");
  return out;
}

// An opening quote follows the start, whitespace or an opening bracket; anything else closes
// (which also makes an apostrophe in "don't" a right single quote, as typography wants).
function curlify(text: string, straight: string, open: string, close: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch !== straight) {
      out += ch;
      continue;
    }
    const prev = i === 0 ? '' : text[i - 1]!;
    out += prev === '' || /[\s([{\u2018\u201c]/.test(prev) ? open : close;
  }
  return out;
}

/** 1-based line number of the character at `index`. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

const NEAR_MISS_THRESHOLD = 0.6;
// Lines whose similarity to old_string's first line reaches this become candidates for a full
// window comparison; the rest of the file is never compared line by line against the whole window.
const CANDIDATE_THRESHOLD = 0.45;
const MAX_CANDIDATES = 50;

/**
 * The file regions most similar to `needle` (bigram similarity of trimmed lines), formatted with
 * line numbers, or '' when nothing comes close.
 */
export function nearMisses(text: string, needle: string, maxResults = 3): string {
  const oldLines = needle.split('\n').map((l) => l.trim());
  while (oldLines.length > 1 && oldLines[oldLines.length - 1] === '') oldLines.pop();
  const anchor = oldLines.findIndex((l) => l !== '');
  if (anchor === -1) return '';
  const rawLines = text.split('\n');
  const fileLines = rawLines.map((l) => l.trim());
  const targets = oldLines.map((l) => new BigramTarget(l));

  // Pass 1: every file line against the anchor line only (cheap, pruned by length).
  const candidates: { line: number; score: number }[] = [];
  for (let i = 0; i < fileLines.length; i++) {
    const score = targets[anchor]!.similarity(fileLines[i]!, CANDIDATE_THRESHOLD);
    if (score >= CANDIDATE_THRESHOLD) candidates.push({ line: i - anchor, score });
  }
  candidates.sort((a, b) => b.score - a.score || a.line - b.line);

  // Pass 2: whole windows, aligned on the anchor, for the best candidates.
  const windows = candidates.slice(0, MAX_CANDIDATES).map(({ line: start }) => {
    let sum = 0;
    for (let j = 0; j < oldLines.length; j++) {
      const fileLine = fileLines[start + j];
      if (fileLine !== undefined) sum += targets[j]!.similarity(fileLine, 0);
    }
    return { line: start, score: sum / oldLines.length };
  });
  windows.sort((a, b) => b.score - a.score || a.line - b.line);

  const picked: { line: number; score: number }[] = [];
  for (const w of windows) {
    if (w.score < NEAR_MISS_THRESHOLD || picked.length >= maxResults) break;
    if (picked.some((p) => Math.abs(p.line - w.line) < oldLines.length)) continue;
    picked.push(w);
  }
  return picked
    .map((p) => {
      const first = Math.max(0, p.line);
      const end = Math.min(rawLines.length, p.line + oldLines.length);
      const body = rawLines
        .slice(first, end)
        .map((l, k) => `${String(first + k + 1).padStart(6)}\t${l.replace(/\r$/, '')}`)
        .join('\n');
      const range = end - first > 1 ? `lines ${first + 1}-${end}` : `line ${first + 1}`;
      return `${range} (${Math.round(p.score * 100)}% similar):\n${body}`;
    })
    .join('\n\n');
}

/**
 * Sørensen–Dice similarity over character bigrams against one fixed string: cheap and forgiving of
 * small typos. Bigrams are numeric keys, so comparing a line allocates no strings.
 */
class BigramTarget {
  private readonly counts = new Map<number, number>();
  private readonly grams: number;

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length - 1; i++) {
      const g = text.charCodeAt(i) * 65536 + text.charCodeAt(i + 1);
      this.counts.set(g, (this.counts.get(g) ?? 0) + 1);
    }
    this.grams = Math.max(0, text.length - 1);
  }

  /** 0..1; returns 0 early when the lengths alone rule out reaching `atLeast`. */
  similarity(other: string, atLeast: number): number {
    if (other === this.text) return 1;
    const grams = other.length - 1;
    if (grams < 1 || this.grams < 1) return 0;
    if ((2 * Math.min(grams, this.grams)) / (grams + this.grams) < atLeast) return 0;
    const used = new Map<number, number>();
    let shared = 0;
    for (let i = 0; i < grams; i++) {
      const g = other.charCodeAt(i) * 65536 + other.charCodeAt(i + 1);
      const taken = used.get(g) ?? 0;
      if (taken < (this.counts.get(g) ?? 0)) {
        shared++;
        used.set(g, taken + 1);
      }
    }
    return (2 * shared) / (grams + this.grams);
  }
}
