// A response cut after its text started is retried: the transcript keeps what it showed, closed and
// marked "interrupted — retried"; a retry before anything arrived adds nothing.
import { describe, expect, it } from 'vitest';
import { applyEvents } from '../../src/store/apply-events.js';
import { createAppStore } from '../../src/store/app-store.js';

describe('a retried cut response in the transcript', () => {
  it('keeps the partial text, ends it and marks it as retried', () => {
    const s = createAppStore().getState();
    const out = applyEvents(s, [
      { type: 'turn_start', prompt: 'go' },
      { type: 'request_start', iteration: 1 },
      { type: 'text_delta', text: 'Half an ans' },
      { type: 'retry', attempt: 1, delayMs: 10, reason: 'connection cut', discardPartial: true },
      { type: 'request_start', iteration: 1 },
      { type: 'text_delta', text: 'A whole answer' },
    ], 0);
    const items = out.items!;
    expect(items.map((i) => i.kind)).toEqual(['user', 'assistant', 'notice', 'assistant']);
    expect(items[1]).toMatchObject({ text: 'Half an ans', streaming: false });
    expect(items[2]).toMatchObject({ text: expect.stringContaining('interrupted — retried') });
    expect(items[3]).toMatchObject({ text: 'A whole answer' });
  });

  it('adds nothing when the retry comes before any content', () => {
    const s = createAppStore().getState();
    const out = applyEvents(s, [
      { type: 'turn_start', prompt: 'go' },
      { type: 'retry', attempt: 1, delayMs: 10, status: 529, reason: 'overloaded' },
    ], 0);
    expect(out.items!.map((i) => i.kind)).toEqual(['user']);
  });
});
