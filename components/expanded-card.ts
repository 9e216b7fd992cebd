// A tool call (or thinking run) expanded in place by history mode: its whole input (the whole
// command, the whole diff, the path and range) and its output, bounded to `maxRows` rows; the
// pager (`o`) has the rest.
import type { ThinkingItem, ToolItem } from '../src/store/transcript.js';
import { countOf, fitLine, paint, wrapText } from './text-layout.js';
import { diffLines } from './DiffView.js';
import { toolHeaderLine } from './ReadToolRow.js';

const RESET = '\x1b[0m';
const INDENT = '    ';

function section(label: string): string {
  return paint.dim(`  ${label}`);
}

function indented(text: string, width: number): string[] {
  return wrapText(text, Math.max(1, width - INDENT.length)).map((l) => INDENT + l);
}

function inputRows(item: ToolItem, width: number): string[] {
  const d = item.details;
  const rec = (item.input && typeof item.input === 'object' ? item.input : {}) as Record<string, unknown>;
  if (typeof rec.command === 'string') return indented(rec.command, width);
  if (d?.kind === 'read') {
    return indented(`${d.path}  lines ${d.startLine}–${d.endLine} of ${d.totalLines}${d.more ? ' (more below)' : ''}`, width);
  }
  if (d?.kind === 'edit') return [...indented(d.path, width), ...diffLines(d, width, Number.MAX_SAFE_INTEGER)];
  const path = typeof rec.file_path === 'string' ? rec.file_path : typeof rec.path === 'string' ? rec.path : null;
  if (path !== null && Object.keys(rec).length === 1) return indented(path, width);
  return indented(JSON.stringify(item.input ?? null, null, 2), width);
}

function outputRows(item: ToolItem, width: number): string[] {
  const d = item.details;
  if (d?.kind === 'bash') {
    // The pty rows keep their colours; each is cut to the width (the pager wraps them).
    return d.snapshot.lines.map((l) => `${INDENT}${fitLine(l, width - INDENT.length)}${RESET}`);
  }
  const text = d?.kind === 'edit' && !item.result?.isError ? editSummary(item.result?.content ?? '', d.diff) : (item.result?.content ?? '');
  const rows = indented(text.replace(/\s+$/, ''), width);
  return item.result?.isError ? rows.map(paint.error) : rows;
}

/** An edit's result text without the diff it repeats (the diff is shown once, under input). */
function editSummary(content: string, diff: string): string {
  const diffStart = diff.split('\n')[0] ?? '';
  const at = diffStart ? content.indexOf(`\n${diffStart}`) : -1;
  return at >= 0 ? content.slice(0, at) : (content.split('\n')[0] ?? '');
}

export function expandedToolLines(item: ToolItem, width: number, frame: number, now: number, maxRows: number): string[] {
  const head = toolHeaderLine(item, width, frame, now);
  const input = inputRows(item, width);
  const output = outputRows(item, width);
  const top = [head, section('input'), ...input];
  if (output.length === 0 && !item.result) return bound(top, maxRows);
  if (output.length === 0) return bound([...top, section('output'), paint.dim(`${INDENT}(none)`)], maxRows);
  // A command's newest rows matter most: its output is cut from the top, anything else's from
  // the bottom.
  const room = maxRows - top.length - 1;
  const d = item.details;
  if (d?.kind === 'bash' && room >= 2 && (output.length > room || d.snapshot.totalLines > output.length)) {
    const shown = Math.min(output.length, room - 1);
    // The snapshot holds only the newest rows; the command's own line count says how many came before.
    const more = Math.max(output.length, d.snapshot.totalLines) - shown;
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
