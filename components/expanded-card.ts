// A tool call (or thinking run) expanded in place by history mode: its whole input (the whole
// command, the whole diff, the path and range) and its output, bounded to `maxRows` rows; the
// pager (`o`) has the rest.
import type { ThinkingItem, ToolItem } from '../src/store/transcript.js';
import { countOf, paint, wrapText } from './text-layout.js';
import { INDENT, headerLine } from './tools/card-parts.js';
import { rendererFor } from './tools/renderers.js';

function section(label: string): string {
  return paint.dim(`  ${label}`);
}

/**
 * `outputScroll`: rows the output window is scrolled up from the newest row (history mode's
 * PgUp/PgDn on a command whose output is taller than the window).
 */
export function expandedToolLines(item: ToolItem, width: number, frame: number, now: number, maxRows: number, outputScroll = 0): string[] {
  const r = rendererFor(item);
  const head = headerLine(r, item, width, frame, now);
  const input = r.expandedInput(item, width);
  const output = r.expandedOutput(item, width);
  const top = [head, section('input'), ...input];
  if (output.length === 0 && !item.result) return bound(top, maxRows);
  if (output.length === 0) return bound([...top, section('output'), paint.dim(`${INDENT}(none)`)], maxRows);
  const win = commandWindow(item, output.length, top.length, maxRows, outputScroll);
  if (win) {
    const { start, shown, earlier, later } = win;
    const above = paint.dim(
      earlier > 0 ? `${INDENT}… ${countOf(earlier, 'earlier line')} — o opens the pager · PgUp/PgDn scroll` : `${INDENT}(the first line of the output) · PgDn`,
    );
    const below = later > 0 ? [paint.dim(`${INDENT}… ${countOf(later, 'later line')} · PgDn`)] : [];
    return [...top, section('output'), above, ...output.slice(start, start + shown), ...below];
  }
  return bound([...top, section('output'), ...output], maxRows);
}

/**
 * A command's newest rows matter most: its output shows in a window at the bottom of the card
 * (cut from the top; anything else's is cut from the bottom), scrolled up `scroll` rows.
 * Null when the whole output fits.
 */
function commandWindow(item: ToolItem, rows: number, topRows: number, maxRows: number, scroll: number) {
  const total = rendererFor(item).outputTotal?.(item);
  const room = maxRows - topRows - 1;
  if (total === undefined || room < 2 || (rows <= room && total <= rows)) return null;
  // Scrolled up, a second marker row (what is below) takes one row of the window.
  const fit = (s: number) => Math.min(rows, room - 1 - (s > 0 && room >= 4 ? 1 : 0));
  const s = Math.max(0, Math.min(scroll, rows - fit(scroll), room >= 4 ? Infinity : 0));
  const shown = fit(s);
  const start = rows - shown - s;
  // The output holds only the newest rows; the total says how many came before them.
  return { start, shown, earlier: Math.max(rows, total) - rows + start, later: s };
}

/** For history mode's PgUp/PgDn: the output rows of an expanded command and how many its window shows. */
export function expandedOutputWindow(item: ToolItem, width: number, maxRows: number): { total: number; window: number } | null {
  const r = rendererFor(item);
  const output = r.expandedOutput(item, width);
  const topRows = 2 + r.expandedInput(item, width).length;
  const win = commandWindow(item, output.length, topRows, maxRows, 1);
  return win ? { total: output.length, window: win.shown } : null;
}

export function expandedThinkingLines(item: ThinkingItem, width: number, maxRows: number): string[] {
  const secs = Math.max(1, Math.round(((item.endedAt ?? item.startedAt) - item.startedAt) / 1000));
  const body = wrapText(item.text.trimEnd(), Math.max(1, width - 2)).map((l) => paint.dim(paint.italic(`  ${l}`)));
  return bound([paint.dim(`✻ thought for ${secs} s`), ...body], maxRows);
}

/** At most maxRows rows; the last says how much more the pager holds. */
function bound(rows: string[], maxRows: number): string[] {
  const max = Math.max(2, maxRows);
  if (rows.length <= max) return rows;
  const more = rows.length - (max - 1);
  return [...rows.slice(0, max - 1), paint.dim(`${INDENT}… ${countOf(more, 'more line')} — o opens the pager`)];
}
