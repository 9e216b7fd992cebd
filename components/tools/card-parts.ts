// The parts every tool card shares: the status mark, the header row ("✓ read_file src/a.ts ···
// 212 lines"), error rows, indented text, and the defaults a renderer starts from.
import { safeJson, type SafeJson, type SafeText } from '../../src/core/text/safe-text.js';
import type { ToolItem } from '../../src/store/transcript.js';
import { countOf, fitLine, formatDuration, formatElapsed, paint, spinnerAt, stringWidth, wrapText } from '../text-layout.js';
import type { ToolLook, ToolRenderer } from './tool-renderer.js';

export const INDENT = '    ';

/** The status marker at the start of a card's first row. */
export function statusMark(item: ToolItem, frame: number): string {
  switch (item.status) {
    case 'queued': return paint.dim('○');
    case 'awaiting_approval': return paint.warn('?');
    case 'running': return paint.accent(spinnerAt(frame));
    case 'done': return paint.ok('✓');
    case 'error': return paint.error('✗');
    case 'cancelled': return paint.warn('⊘');
    case 'denied': return paint.error('⊘');
  }
}

/** How long the call took, once it has a result. */
export function took(item: ToolItem): string {
  return item.result ? formatDuration(item.result.durationMs) : '';
}

/** The right-hand state text: elapsed while running (and more, per renderer), the result once done. */
export function stateText(r: ToolRenderer, item: ToolItem, now: number): string {
  switch (item.status) {
    case 'queued': return paint.dim('queued');
    case 'awaiting_approval': return paint.warn('waiting for approval');
    case 'running': return paint.dim(formatElapsed(now - (item.startedAt ?? item.createdAt)) + (r.runningNote?.(item) ?? ''));
    case 'done': return paint.dim(r.result(item));
    case 'error': return paint.error(r.result(item) || 'error');
    case 'cancelled': return paint.warn('cancelled');
    case 'denied': return paint.error('denied');
  }
}

/**
 * "✓ read_file src/a.ts ········ 212 lines" fitted to width. The state on the right ("exit 0 in
 * 104 ms") is never cut: the summary gives way first, then the tool's name.
 */
export function headerLine(r: ToolRenderer, item: ToolItem, width: number, frame: number, now: number): string {
  const left = `${statusMark(item, frame)} ${paint.bold(item.name)} `;
  const right = ` ${stateText(r, item, now)}`;
  const room = width - stringWidth(left) - stringWidth(right);
  if (room < 0) return fitLine(fitLine(left, Math.max(2, width - stringWidth(right))) + right, width);
  const mid = room <= 1 ? '' : fitLine(r.summary(item), room);
  const pad = Math.max(0, room - stringWidth(mid));
  return left + mid + ' '.repeat(pad) + right;
}

/** The first rows of an error result, in red, indented under the card. */
export function errorLines(content: string, width: number, max = 3): string[] {
  const rows = content.split('\n').filter((l) => l.trim() !== '');
  const shown = rows.slice(0, max).map((l) => fitLine(paint.error(`  ${l}`), width));
  if (rows.length > max) shown.push(paint.dim(`  … ${countOf(rows.length - max, 'more line')}`));
  return shown;
}

export function indented(text: string, width: number): string[] {
  return wrapText(text, Math.max(1, width - INDENT.length)).map((l) => INDENT + l);
}

/** One line of a command or pattern: its own newlines become ⏎. */
export function oneLine(text: SafeText): SafeText {
  return text.replace(/\r?\n/g, ' ⏎ ') as SafeText;
}

/** A string field of the call's input, if the model gave one. */
export function inputField(item: ToolItem, key: string): SafeText | undefined {
  const input = item.input;
  if (!input || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const v = (input as { readonly [k: string]: SafeJson })[key];
  return typeof v === 'string' ? v : undefined;
}

/** The input as compact JSON ('' for none or {}). */
export function compactInput(item: ToolItem): SafeText {
  const json = item.input === undefined ? ('' as SafeText) : safeJson(item.input);
  return json === '{}' || json === 'null' ? ('' as SafeText) : json;
}

/** The header, then the first rows of an error or a cancelled note: how most calls look collapsed. */
export function headerCard(r: ToolRenderer, item: ToolItem, width: number, frame: number, now: number): string[] {
  const lines = [headerLine(r, item, width, frame, now)];
  if (item.status === 'error' && item.result) lines.push(...errorLines(item.result.content, width));
  if (item.status === 'cancelled' && !item.readOnly) lines.push(paint.dim('  (cancelled before it finished)'));
  return lines;
}

/** The output rows of a call whose output is its result text (red when it failed). */
export function resultRows(item: ToolItem, width: number, text: string = item.result?.content ?? ''): string[] {
  const rows = text.trim() === '' ? [] : indented(text.replace(/\s+$/, ''), width);
  return item.result?.isError ? rows.map(paint.error) : rows;
}

type RendererParts = Pick<ToolRenderer, 'kind' | 'tools' | 'summary' | 'result'> & Partial<ToolRenderer>;

/** A renderer from its own parts; what it leaves out looks like any call's. */
export function defineRenderer(parts: RendererParts): ToolRenderer {
  const r: ToolRenderer = {
    cardLines: (item, width, frame, now, _look: ToolLook) => headerCard(r, item, width, frame, now),
    expandedInput: (item, width) => indented(safeJson(item.input ?? null, 2), width),
    expandedOutput: (item, width) => resultRows(item, width),
    copyableInput: (item) => r.summary(item) || safeJson(item.input ?? null, 2),
    ...parts,
  };
  return r;
}
