// A tool call in the transcript, in the order the model asked: read-only calls as one row,
// bash as a live pane, edits with their diff, anything else as a header with its result.
import React from 'react';
import type { ToolItem } from '../src/store/transcript.js';
import { paint } from './text-layout.js';
import { bashPaneLines } from './BashPane.js';
import { diffLines } from './DiffView.js';
import { errorLines, readRowLines, toolHeaderLine } from './ReadToolRow.js';
import { Lines } from './Lines.js';

export function toolCardLines(item: ToolItem, width: number, frame: number, now: number, look: { focused?: boolean } = {}): string[] {
  if (item.name === 'bash' || item.details?.kind === 'bash') return bashPaneLines(item, width, frame, now, look.focused);
  if (item.details?.kind === 'edit' && item.status === 'done') {
    return [toolHeaderLine(item, width, frame, now), ...diffLines(item.details, width)];
  }
  if (item.readOnly) return readRowLines(item, width, frame, now);
  const lines = [toolHeaderLine(item, width, frame, now)];
  if (item.status === 'error' && item.result) lines.push(...errorLines(item.result.content, width));
  if (item.status === 'cancelled') lines.push(paint.dim('  (cancelled before it finished)'));
  return lines;
}

export function ToolCallCard(props: { item: ToolItem; width: number; frame?: number; now?: number }) {
  return <Lines lines={toolCardLines(props.item, props.width, props.frame ?? 0, props.now ?? Date.now())} />;
}
