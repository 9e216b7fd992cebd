// Turning text into screen rows: wrap-aware at a width, ANSI colours kept, wide chars counted.
import wrapAnsi from 'wrap-ansi';
import sliceAnsi from 'slice-ansi';
import { stringWidth } from './text-width.js';
import { wrapPlainLine } from './plain-wrap.js';

export { stringWidth };

/** Hard-wraps every line of `text` to `width` columns (long words are split). */
export function wrapText(text: string, width: number): string[] {
  const w = Math.max(1, width);
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (line === '') {
      out.push('');
      continue;
    }
    // Keep the line's own indentation on every row it wraps to; trim the break points.
    const expanded = expandTabs(line);
    const indent = /^ */.exec(expanded)![0].slice(0, Math.max(0, w - 1));
    const rest = expanded.slice(indent.length);
    if (rest === '') {
      out.push(indent);
      continue;
    }
    const columns = w - indent.length;
    const wrapped = wrapPlainLine(rest, columns) ?? wrapAnsi(rest, columns, { hard: true, trim: true });
    for (const row of wrapped.split('\n')) out.push(indent + row);
  }
  return out;
}

/** Wraps with a first-line prefix and a continuation indent of the same width. */
export function wrapWithPrefix(text: string, width: number, prefix: string, indent?: string): string[] {
  const pad = indent ?? ' '.repeat(stringWidth(prefix));
  return wrapText(text, width - stringWidth(pad)).map((l, i) => (i === 0 ? prefix : pad) + l);
}

/** Cuts a line (with ANSI) to at most `width` columns, resetting colour at the end. */
export function fitLine(line: string, width: number): string {
  if (stringWidth(line) <= width) return line;
  let kept = sliceAnsi(line, 0, Math.max(0, width - 1));
  // A wide character across the cut is kept whole by slice-ansi: leave it out instead.
  if (stringWidth(kept) > width - 1) kept = sliceAnsi(line, 0, Math.max(0, width - 2));
  const cut = kept + '…';
  return cut.includes('\x1b[') ? cut + '\x1b[0m' : cut;
}

export function expandTabs(line: string): string {
  return line.includes('\t') ? line.replace(/\t/g, '  ') : line;
}

/** Colours live in the palette module; re-exported because every line renderer wraps and paints. */
export { paint } from './palette.js';

export const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/**
 * Where a spinner's glyph goes, for the frame writer to draw (src/app/live-cells.ts): it turns
 * the glyph between commits, so a tick costs no React render or layout. A private-use character,
 * one column wide like the glyphs.
 */
export const SPINNER_CELL = '\uE002';
/**
 * The frame to lay out with when the frame writer draws the spinners: every spinner becomes
 * SPINNER_CELL. Still one number per frame, so caches keyed by the frame see time move.
 */
export const cellFrame = (frame: number) => -1 - frame;
export const spinnerAt = (frame: number) => (frame < 0 ? SPINNER_CELL : SPINNER[frame % SPINNER.length]!);

/**
 * A running clock ("0 s", "12 s", "10m 15s"): whole seconds, so it changes once a second (the
 * ticker redraws once a second while the frame writer turns the spinners).
 */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)}m ${s % 60}s`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  return `${m}m ${Math.floor(s % 60)}s`;
}

/** "1 line", "2 lines": a count with its noun in the right number. */
export function countOf(n: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : pluralNoun}`;
}

export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** A cost estimate as the status line and exit summary show it; '' when there is none. */
export function formatCost(cost: number | null): string {
  if (cost === null) return '';
  return cost < 0.01 ? `$${cost.toFixed(4)}` : `$${cost.toFixed(2)}`;
}
