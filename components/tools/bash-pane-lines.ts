// bash: the command and elapsed time above a bounded live pane of its newest rows (colours kept,
// progress bars update in place), collapsing to its last rows when done; expanded, the whole
// command and the newest rows the snapshot holds.
import type { SafeText } from '../../src/core/text/safe-text.js';
import type { ToolItem } from '../../src/store/transcript.js';
import { countOf, fitLine, paint, stringWidth, wrapText } from '../text-layout.js';
import { defineRenderer, headerLine, indented, INDENT, inputField, oneLine, took } from './card-parts.js';

export const PANE_ROWS = 12;
export const COLLAPSED_ROWS = 3;
/** Columns the pane frame takes (border and padding), so the pty is sized to fit. */
export const PANE_CHROME_COLS = 4;
/** A running command silent this long may be waiting for input: its pane says so. */
export const SILENT_HINT_MS = 5000;

const RESET = '\x1b[0m';

function command(item: ToolItem): SafeText | undefined {
  return inputField(item, 'command') ?? (item.details?.kind === 'bash' ? item.details.command : undefined);
}

function snapshotOf(item: ToolItem) {
  return item.details?.kind === 'bash' ? item.details.snapshot : undefined;
}

function exitText(item: ToolItem): string {
  const d = item.details;
  if (d?.kind !== 'bash') return item.status === 'error' ? 'error' : took(item);
  // It left its call: the job runs on (/jobs shows it).
  if (d.job !== undefined) return `→ background job ${d.job} after ${took(item)}`;
  if (d.timedOut) return `timed out after ${took(item)}`;
  if (d.signal) return `killed (${d.signal}) after ${took(item)}`;
  return `exit ${d.exitCode ?? '?'} in ${took(item)}`;
}

export function bashPaneLines(item: ToolItem, width: number, frame: number, now: number, focused = false): string[] {
  const snap = snapshotOf(item);
  const header = headerLine(bashRenderer, item, width, frame, now);
  const running = item.status === 'running' || item.status === 'queued';
  const all = snap?.lines ?? [];
  if (!running && all.length === 0) {
    return item.status === 'error' && item.result ? [header, ...fallbackBody(item.result.content, width)] : [header];
  }
  const rows = running ? PANE_ROWS : COLLAPSED_ROWS;
  const shown = all.slice(-rows);
  const inner = Math.max(1, width - PANE_CHROME_COLS);
  const hidden = (snap?.totalLines ?? all.length) - shown.length;
  // A pane that has the keyboard (Ctrl+T) changes colour, so it is plain where keys go.
  const border = focused ? paint.warn : running ? paint.accent : paint.dim;
  // The count of hidden rows is shown only once the command is done: while it runs the border
  // stays the same from frame to frame, so redraws leave it alone.
  const silent = item.status === 'running' && !focused && now - (item.outputAt ?? item.startedAt ?? item.createdAt) >= SILENT_HINT_MS;
  const topLabel = focused
    ? ' keys go to the command — Ctrl+T to return '
    : silent
      ? ' no output for a while — it may be waiting for input: Ctrl+T types into it '
      : hidden > 0 && !running ? ` ${countOf(hidden, 'earlier line')} ` : '';
  const top = fitLine(border(`  ╭${topLabel}${'─'.repeat(Math.max(0, inner + 1 - stringWidth(topLabel)))}`), width);
  const body = (shown.length > 0 ? shown : ['']).map((l) => `${border('  │')} ${fitPaneRow(l, inner)}${RESET}`);
  // With the keys, the caret is here (at the end of the last row, where a program that waits
  // for input has written its question), not in the prompt box.
  if (focused) body[body.length - 1] = `${border('  │')} ${fitPaneRow(shown.at(-1) ?? '', inner - 1)}${RESET}${paint.inverse(' ')}`;
  return [header, top, ...body, border(`  ╰${'─'.repeat(inner + 1)}`)];
}

// A live pane's rows move up by one per update and the others stay: each row is fitted once
// (measuring every row again on every update was the pane's main cost per frame). Bounded.
const fittedRows = new Map<string, string>();
const FITTED_MAX = 4000;

function fitPaneRow(row: string, inner: number): string {
  const key = `${inner}\u0000${row}`;
  let fitted = fittedRows.get(key);
  if (fitted === undefined) {
    if (fittedRows.size >= FITTED_MAX) fittedRows.clear();
    fitted = fitLine(row, inner);
    fittedRows.set(key, fitted);
  }
  return fitted;
}

/** The snapshot's rows with the terminal's own wraps joined back into the lines the command printed. */
function logicalLines(snap: { lines: readonly string[]; wrapped?: readonly number[] }): string[] {
  if (!snap.wrapped?.length) return [...snap.lines];
  const cont = new Set(snap.wrapped);
  const out: string[] = [];
  snap.lines.forEach((l, i) => {
    if (cont.has(i) && out.length > 0) out[out.length - 1] += l;
    else out.push(l);
  });
  return out;
}

function fallbackBody(content: string, width: number): string[] {
  return content
    .split('\n')
    .slice(-COLLAPSED_ROWS)
    .map((l) => fitLine(paint.error(`  ${l}`), width));
}

export const bashRenderer = defineRenderer({
  kind: 'bash',
  tools: ['bash'],
  summary: (item) => oneLine(command(item) ?? ('' as SafeText)),
  result: exitText,
  runningNote(item) {
    const snap = snapshotOf(item);
    return snap && snap.totalLines > 0 ? ` · ${countOf(snap.totalLines, 'line')}` : '';
  },
  cardLines: (item, width, frame, now, look) => bashPaneLines(item, width, frame, now, look.focused),
  expandedInput: (item, width) => indented(command(item) ?? '', width),
  expandedOutput(item, width) {
    // The pty rows keep their colours and every character: a row wider than the card (wide
    // characters, or a pane sized before a resize) wraps instead of being cut.
    const snap = snapshotOf(item);
    if (snap) return logicalLines(snap).flatMap((l) => wrapText(l, Math.max(1, width - INDENT.length)).map((r) => `${INDENT}${r}${RESET}`));
    return item.result ? indented(item.result.content.replace(/\s+$/, ''), width).map((l) => (item.result?.isError ? paint.error(l) : l)) : [];
  },
  outputTotal: (item) => snapshotOf(item)?.totalLines ?? 0,
  copyableInput: (item) => command(item) ?? '',
});
