/**
 * Text search for the pager (pager-model.ts): plain substring, smart case (a term with a capital
 * letter is case-sensitive), over a LineSource read in batches so a huge log is never loaded whole.
 * Offsets are code units of `displayText(line)`, the form the pager draws.
 */
import type { LineSource } from './log-reader.js';
import { displayText } from './pager-layout.js';

export interface Match {
  line: number;
  /** Code-unit range in the displayed line. */
  start: number;
  end: number;
}

const BATCH = 5000;

/** Non-overlapping [start, end) ranges of `term` in `text`. */
export function findMatches(text: string, term: string, caseSensitive: boolean): [number, number][] {
  if (term === '') return [];
  const hay = caseSensitive ? text : text.toLowerCase();
  const needle = caseSensitive ? term : term.toLowerCase();
  // toLowerCase can change lengths (rare: 'İ'); then fall back to exact-case offsets.
  if (hay.length !== text.length) return findMatches(text, term, true);
  const out: [number, number][] = [];
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + needle.length)) {
    out.push([at, at + needle.length]);
  }
  return out;
}

export const isCaseSensitive = (term: string) => term !== term.toLowerCase();

async function displayLines(source: LineSource, from: number, to: number): Promise<string[]> {
  return (await source.readLines(from, to)).map(displayText);
}

/**
 * The next match after `from` (dir 1) or before it (dir -1), wrapping around the end once.
 * `from.start` -1 (forward) or MAX_SAFE_INTEGER (backward) includes the whole of `from.line`.
 */
export async function searchLines(
  source: LineSource,
  term: string,
  from: Match,
  dir: 1 | -1,
): Promise<{ match: Match | null; wrapped: boolean }> {
  const total = source.lineCount;
  if (total === 0 || term === '') return { match: null, wrapped: false };
  const cs = isCaseSensitive(term);
  const startLine = Math.min(Math.max(0, from.line), total - 1);
  const pick = (line: number, text: string, pass: 'first' | 'wrapAround'): Match | null => {
    let ms = findMatches(text, term, cs);
    if (line === startLine) {
      // On the starting line only matches past `from` count, and on the way back round, the rest.
      const after = (s: number) => (dir === 1 ? s > from.start : s < from.start);
      ms = ms.filter(([s]) => (pass === 'first' ? after(s) : !after(s)));
    }
    const m = dir === 1 ? ms[0] : ms[ms.length - 1];
    return m ? { line, start: m[0], end: m[1] } : null;
  };
  // Lines in visiting order: startLine → end (or → 0), then wrap round back to startLine.
  for (const pass of ['first', 'wrapAround'] as const) {
    let a = pass === 'first' ? startLine : dir === 1 ? 0 : total - 1;
    const stop = pass === 'first' ? (dir === 1 ? total : -1) : dir === 1 ? startLine + 1 : startLine - 1;
    while (dir === 1 ? a < stop : a > stop) {
      const lo = dir === 1 ? a : Math.max(stop + 1, a - BATCH + 1);
      const hi = dir === 1 ? Math.min(stop, a + BATCH) : a + 1;
      const texts = await displayLines(source, lo, hi);
      if (dir === 1) {
        for (let i = 0; i < texts.length; i++) {
          const m = pick(lo + i, texts[i]!, pass);
          if (m) return { match: m, wrapped: pass === 'wrapAround' };
        }
      } else {
        for (let i = texts.length - 1; i >= 0; i--) {
          const m = pick(lo + i, texts[i]!, pass);
          if (m) return { match: m, wrapped: pass === 'wrapAround' };
        }
      }
      a = dir === 1 ? hi : lo - 1;
    }
  }
  return { match: null, wrapped: false };
}

/**
 * Match counts per batch of `batchLines` lines, for "match 3 of 37" without rescanning.
 * Calls `progress(totalSoFar)` after every batch; returns null when `cancelled()` turns true.
 */
export async function countMatches(
  source: LineSource,
  term: string,
  batchLines: number,
  progress: (count: number) => void,
  cancelled: () => boolean,
): Promise<number[] | null> {
  const cs = isCaseSensitive(term);
  const counts: number[] = [];
  let total = 0;
  for (let a = 0; a < source.lineCount; a += batchLines) {
    const texts = await displayLines(source, a, a + batchLines);
    if (cancelled()) return null;
    let n = 0;
    for (const t of texts) n += findMatches(t, term, cs).length;
    counts.push(n);
    total += n;
    progress(total);
  }
  return counts;
}

/** 1-based ordinal of `m` among all matches, from per-batch counts and one batch read. */
export async function matchOrdinal(
  source: LineSource,
  term: string,
  m: Match,
  batchCounts: number[],
  batchLines: number,
): Promise<number> {
  const b = Math.floor(m.line / batchLines);
  let n = 0;
  for (let k = 0; k < b; k++) n += batchCounts[k] ?? 0;
  const texts = await displayLines(source, b * batchLines, m.line + 1);
  const cs = isCaseSensitive(term);
  texts.forEach((t, i) => {
    const ms = findMatches(t, term, cs);
    n += b * batchLines + i < m.line ? ms.length : ms.filter(([s]) => s <= m.start).length;
  });
  return n;
}
