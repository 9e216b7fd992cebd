// A read-only call (read, list, grep…) as one row: spinner → result summary. Several of these
// running at once sit one under another, each finishing on its own.
import React from 'react';
import type { ToolItem } from '../src/store/transcript.js';
import { countOf, fitLine, paint, stringWidth } from './text-layout.js';
import { inputSummary, stateText, statusMark } from './tool-summary.js';
import { Lines } from './Lines.js';

/** "✓ read src/a.ts ········ 212 lines" fitted to width. */
export function toolHeaderLine(item: ToolItem, width: number, frame: number, now: number): string {
  const left = `${statusMark(item, frame)} ${paint.bold(item.name)} `;
  const right = ` ${stateText(item, now)}`;
  const room = width - stringWidth(left) - stringWidth(right);
  const summary = inputSummary(item.input);
  const mid = room <= 1 ? '' : fitLine(summary, room);
  const pad = Math.max(0, room - stringWidth(mid));
  return fitLine(left + mid + ' '.repeat(pad) + right, width);
}

export function readRowLines(item: ToolItem, width: number, frame: number, now: number): string[] {
  const lines = [toolHeaderLine(item, width, frame, now)];
  if (item.status === 'error' && item.result) lines.push(...errorLines(item.result.content, width));
  return lines;
}

/** The first rows of an error result, in red, indented under the card. */
export function errorLines(content: string, width: number, max = 3): string[] {
  const rows = content.split('\n').filter((l) => l.trim() !== '');
  const shown = rows.slice(0, max).map((l) => fitLine(paint.error(`  ${l}`), width));
  if (rows.length > max) shown.push(paint.dim(`  … ${countOf(rows.length - max, 'more line')}`));
  return shown;
}

export function ReadToolRow(props: { item: ToolItem; width: number; frame?: number; now?: number }) {
  return <Lines lines={readRowLines(props.item, props.width, props.frame ?? 0, props.now ?? Date.now())} />;
}
