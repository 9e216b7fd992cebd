// A bash call's live pty screen: command and elapsed time above, the newest rows in a bounded
// pane (colours kept, progress bars update in place), collapsing to its last rows when done.
import React from 'react';
import type { ToolItem } from '../src/store/transcript.js';
import type { TerminalSnapshot } from '../src/core/tools/details.js';
import { countOf, fitLine, paint, stringWidth } from './text-layout.js';
import { toolHeaderLine } from './ReadToolRow.js';
import { Lines } from './Lines.js';

export const PANE_ROWS = 12;
export const COLLAPSED_ROWS = 3;
/** Columns the pane frame takes (border and padding), so the pty is sized to fit. */
export const PANE_CHROME_COLS = 4;

const RESET = '\x1b[0m';

/** A running command silent this long may be waiting for input: its pane says so. */
export const SILENT_HINT_MS = 5000;

export function bashPaneLines(item: ToolItem, width: number, frame: number, now: number, focused = false): string[] {
  const header = toolHeaderLine(item, width, frame, now);
  const snap: TerminalSnapshot | undefined = item.details?.kind === 'bash' ? item.details.snapshot : undefined;
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
  const body = (shown.length > 0 ? shown : ['']).map((l) => `${border('  │')} ${fitLine(l, inner)}${RESET}`);
  return [header, top, ...body, border(`  ╰${'─'.repeat(inner + 1)}`)];
}

function fallbackBody(content: string, width: number): string[] {
  return content
    .split('\n')
    .slice(-COLLAPSED_ROWS)
    .map((l) => fitLine(paint.error(`  ${l}`), width));
}

export function BashPane(props: { item: ToolItem; width: number; frame?: number; now?: number }) {
  return <Lines lines={bashPaneLines(props.item, props.width, props.frame ?? 0, props.now ?? Date.now())} />;
}
