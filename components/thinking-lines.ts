// Thinking streams in dimmed under a "thinking…" label, then collapses to "thought for 4 s".
import type { ThinkingItem } from '../src/store/transcript.js';
import { paint, spinnerAt, wrapWithPrefix } from './text-layout.js';

/** While streaming, only the newest rows of thinking are shown. */
export const THINKING_ROWS = 6;

export function thinkingLines(item: ThinkingItem, width: number, frame: number, now: number): string[] {
  if (!item.streaming) {
    const secs = Math.max(1, Math.round(((item.endedAt ?? now) - item.startedAt) / 1000));
    return [paint.dim(`✻ thought for ${secs} s`)];
  }
  const body = newestRows(item.text.trimEnd(), width);
  return [paint.accent(`${spinnerAt(frame)} thinking…`), ...body.map((l) => paint.dim(paint.italic(l)))];
}

/**
 * The newest THINKING_ROWS rows of the text wrapped under a two-column indent. Lines wrap each on
 * their own, so only the last few are wrapped (streaming thinking redraws on every delta and
 * spinner frame: wrapping all of it made a long run cost more with every word).
 */
function newestRows(text: string, width: number): string[] {
  const rows: string[] = [];
  let end = text.length;
  for (;;) {
    const start = end === 0 ? 0 : text.lastIndexOf('\n', end - 1) + 1;
    rows.unshift(...wrapWithPrefix(text.slice(start, end), width, '  '));
    if (start === 0 || rows.length >= THINKING_ROWS) break;
    end = start - 1;
  }
  return rows.slice(-THINKING_ROWS);
}
