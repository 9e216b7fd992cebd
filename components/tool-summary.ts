// One-line descriptions of a tool call: what it was asked (input) and what it did (result).
import type { ToolItem } from '../src/store/transcript.js';
import { countOf, formatDuration, paint, spinnerAt } from './text-layout.js';

const INPUT_KEYS = ['command', 'pattern', 'path', 'file_path', 'query', 'url'];

export function inputSummary(input: unknown): string {
  if (input === null || typeof input !== 'object') return input === undefined ? '' : String(input);
  const rec = input as Record<string, unknown>;
  const parts: string[] = [];
  for (const k of INPUT_KEYS) {
    const v = rec[k];
    if (typeof v === 'string' && v !== '') parts.push(v);
  }
  if (parts.length === 0) {
    const json = JSON.stringify(input);
    return json === '{}' ? '' : json;
  }
  // Commands and patterns are shown on one line; their own newlines become ⏎.
  return parts.join('  ').replace(/\r?\n/g, ' ⏎ ');
}

export function resultSummary(item: ToolItem): string {
  const d = item.details;
  const took = item.result ? formatDuration(item.result.durationMs) : '';
  switch (d?.kind) {
    case 'read': {
      const n = Math.max(0, d.endLine - d.startLine + 1);
      return d.more || d.startLine > 1 ? `lines ${d.startLine}–${d.endLine} of ${d.totalLines}` : countOf(n, 'line');
    }
    case 'write': return `${d.created ? 'created' : 'wrote'} ${countOf(d.lines, 'line')}`;
    case 'edit': {
      const added = d.hunks.reduce((a, h) => a + h.newLines.length, 0);
      const removed = d.hunks.reduce((a, h) => a + h.oldLines.length, 0);
      return `${d.created ? 'created ' : ''}+${added} −${removed}`;
    }
    case 'list': return `${d.entries} entr${d.entries === 1 ? 'y' : 'ies'}${d.truncated ? '+' : ''}`;
    case 'grep': return `${d.matches} match${d.matches === 1 ? '' : 'es'} in ${d.files} file${d.files === 1 ? '' : 's'}${d.truncated ? '+' : ''}`;
    case 'bash': {
      if (d.timedOut) return `timed out after ${took}`;
      if (d.signal) return `killed (${d.signal}) after ${took}`;
      return `exit ${d.exitCode ?? '?'} in ${took}`;
    }
    default: {
      const first = (item.result?.content ?? '').split('\n')[0] ?? '';
      return first.length > 60 ? `${first.slice(0, 59)}…` : first || took;
    }
  }
}

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

/** The right-hand state text: elapsed while running, the result summary once done. */
export function stateText(item: ToolItem, now: number): string {
  switch (item.status) {
    case 'queued': return paint.dim('queued');
    case 'awaiting_approval': return paint.warn('waiting for approval');
    case 'running': {
      const took = formatDuration(now - (item.startedAt ?? item.createdAt));
      const d = item.details;
      const lines = d?.kind === 'bash' && d.snapshot.totalLines > 0 ? ` · ${countOf(d.snapshot.totalLines, 'line')}` : '';
      return paint.dim(took + lines);
    }
    case 'done': return paint.dim(resultSummary(item));
    case 'error': return paint.error(item.details?.kind === 'bash' ? resultSummary(item) : 'error');
    case 'cancelled': return paint.warn('cancelled');
    case 'denied': return paint.error('denied');
  }
}
