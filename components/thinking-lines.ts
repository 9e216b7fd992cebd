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
  const body = wrapWithPrefix(item.text.trimEnd(), width, '  ').slice(-THINKING_ROWS);
  return [paint.accent(`${spinnerAt(frame)} thinking…`), ...body.map((l) => paint.dim(paint.italic(l)))];
}
