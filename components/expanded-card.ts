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

export function expandedToolLines(item: ToolItem, width: number, frame: number, now: number, maxRows: number): string[] {
  const r = rendererFor(item);
  const head = headerLine(r, item, width, frame, now);
  const input = r.expandedInput(item, width);
  const output = r.expandedOutput(item, width);
  const top = [head, section('input'), ...input];
  if (output.length === 0 && !item.result) return bound(top, maxRows);
  if (output.length === 0) return bound([...top, section('output'), paint.dim(`${INDENT}(none)`)], maxRows);
  // A command's newest rows matter most: its output is cut from the top, anything else's from
  // the bottom.
  const room = maxRows - top.length - 1;
  const total = r.outputTotal?.(item);
  if (total !== undefined && room >= 2 && (output.length > room || total > output.length)) {
    const shown = Math.min(output.length, room - 1);
    // The output holds only the newest rows; the total says how many came before.
    const more = Math.max(output.length, total) - shown;
    return [...top, section('output'), paint.dim(`${INDENT}… ${countOf(more, 'earlier line')} — o opens the pager`), ...output.slice(output.length - shown)];
  }
  return bound([...top, section('output'), ...output], maxRows);
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
