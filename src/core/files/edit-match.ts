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
  let norm = '';
  // Typed array: a plain number[] would cost 8+ bytes per character of a large file.
  const map = new Int32Array(text.length);
  let n = 0;
  let i = 0;
  while (i <= text.length) {
    const nl = text.indexOf('\n', i);
    const lineEnd = nl === -1 ? text.length : nl;
    let last = lineEnd;
    while (last > i && isTrailingSpace(text[last - 1]!)) last--;
    for (let k = i; k < last; k++) {
      norm += plainQuote(text[k]!);
      map[n++] = k;
    }
    if (nl === -1) break;
    norm += '\n';
    map[n++] = nl;
    i = nl + 1;
  }
  return { norm, map: map.subarray(0, n) };
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

// Comparing every window against every old line gets expensive on big files; past this many
// line comparisons only the first non-blank line of old_string is compared.
const MAX_WINDOW_COMPARISONS = 200_000;
const NEAR_MISS_THRESHOLD = 0.6;

/**
 * The file regions most similar to `needle` (bigram similarity of trimmed lines), formatted with
 * line numbers, or '' when nothing comes close.
 */
export function nearMisses(text: string, needle: string, maxResults = 3): string {
  const fileLines = text.split('\n').map((l) => l.trim());
  let oldLines = needle.split('\n').map((l) => l.trim());
  while (oldLines.length > 1 && oldLines[oldLines.length - 1] === '') oldLines.pop();
  const firstReal = oldLines.findIndex((l) => l !== '');
  if (firstReal === -1) return '';
  if (fileLines.length * oldLines.length > MAX_WINDOW_COMPARISONS) oldLines = [oldLines[firstReal]!];
  const fileGrams = fileLines.map(bigrams);
  const oldGrams = oldLines.map(bigrams);

  const scored: { line: number; score: number }[] = [];
  for (let i = 0; i < fileLines.length; i++) {
    let sum = 0;
    // Lines missing past the end of the file count as no match.
    for (let j = 0; j < oldLines.length && i + j < fileLines.length; j++) {
      sum += dice(fileGrams[i + j]!, oldGrams[j]!, fileLines[i + j]!, oldLines[j]!);
    }
    scored.push({ line: i, score: sum / oldLines.length });
  }
  scored.sort((a, b) => b.score - a.score || a.line - b.line);

  const rawLines = text.split('\n');
  const picked: { line: number; score: number }[] = [];
  for (const s of scored) {
    if (s.score < NEAR_MISS_THRESHOLD || picked.length >= maxResults) break;
    if (picked.some((p) => Math.abs(p.line - s.line) < oldLines.length)) continue;
    picked.push(s);
  }
  return picked
    .map((p) => {
      const end = Math.min(rawLines.length, p.line + oldLines.length);
      const body = rawLines
        .slice(p.line, end)
        .map((l, k) => `${String(p.line + k + 1).padStart(6)}\t${l.replace(/\r$/, '')}`)
        .join('\n');
      const range = end - p.line > 1 ? `lines ${p.line + 1}-${end}` : `line ${p.line + 1}`;
      return `${range} (${Math.round(p.score * 100)}% similar):\n${body}`;
    })
    .join('\n\n');
}

function bigrams(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2);
    m.set(g, (m.get(g) ?? 0) + 1);
  }
  return m;
}

// Sørensen–Dice coefficient over character bigrams: cheap and forgiving of small typos.
function dice(a: Map<string, number>, b: Map<string, number>, sa: string, sb: string): number {
  if (sa === sb) return 1;
  if (sa.length < 2 || sb.length < 2) return 0;
  let inter = 0;
  const [small, big] = a.size <= b.size ? [a, b] : [b, a];
  for (const [g, n] of small) inter += Math.min(n, big.get(g) ?? 0);
  return (2 * inter) / (sa.length - 1 + (sb.length - 1));
}
