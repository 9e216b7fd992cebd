import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import { createAppStore, type AppState } from '../../src/store/app-store.js';
import { applyEvents, interruptState } from '../../src/store/apply-events.js';

function run(events: AgentEvent[], state: AppState = createAppStore().getState(), now = 1000): AppState {
  return { ...state, ...applyEvents(state, events, now) };
}

const bashDetails = (lines: string[], running = true) => ({
  kind: 'bash' as const,
  command: 'ls',
  snapshot: { cols: 80, rows: 12, lines, totalLines: lines.length },
  running,
  exitCode: running ? null : 0,
  signal: null,
  timedOut: false,
  logPath: '/tmp/log',
  totalBytes: 3,
});

describe('applyEvents', () => {
  it('turns a turn with thinking, text and tools into transcript items in order', () => {
    const s = run([
      { type: 'turn_start', prompt: 'fix it' },
      { type: 'request_start', iteration: 1 },
      { type: 'thinking_delta', thinking: 'let me ' },
      { type: 'thinking_delta', thinking: 'see' },
      { type: 'text_delta', text: 'Look' },
      { type: 'text_delta', text: 'ing.' },
      { type: 'tool_call', id: 'a', name: 'read', input: { path: 'x' }, readOnly: true },
      { type: 'tool_call', id: 'b', name: 'read', input: { path: 'y' }, readOnly: true },
    ]);
    expect(s.items.map((i) => i.kind)).toEqual(['user', 'thinking', 'assistant', 'tool', 'tool']);
    const [user, thinking, text] = s.items;
    expect(user).toMatchObject({ text: 'fix it' });
    expect(thinking).toMatchObject({ text: 'let me see', streaming: false, endedAt: 1000 });
    expect(text).toMatchObject({ text: 'Looking.', streaming: false });
    expect(s.activeToolIds).toEqual(['a', 'b']);
    expect(s.phase).toBe('tools');
    expect(s.index['b']).toBe(4);
  });

  it('tracks tool states, live output and results; the turn end leaves the UI idle', () => {
    let s = run([
      { type: 'turn_start', prompt: 'p' },
      { type: 'tool_call', id: 'a', name: 'bash', input: { command: 'ls' }, readOnly: false },
      { type: 'tool_status', id: 'a', status: 'running' },
      { type: 'tool_output', id: 'a', details: bashDetails(['one']) },
    ]);
    const tool = s.items[1]!;
    expect(tool).toMatchObject({ status: 'running', startedAt: 1000 });
    expect(tool.kind === 'tool' && tool.details?.kind === 'bash' && tool.details.snapshot.lines).toEqual(['one']);
    s = run(
      [
        { type: 'tool_result', id: 'a', content: 'one', isError: false, durationMs: 1400, details: bashDetails(['one'], false) },
        { type: 'usage', usage: { inputTokens: 5, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0 },
          turn: { inputTokens: 5, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0 },
          session: { inputTokens: 50, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0 } },
        { type: 'turn_end', reason: 'end_turn' },
      ],
      s,
      3000,
    );
    expect(s.items[1]).toMatchObject({ status: 'done', endedAt: 3000, result: { durationMs: 1400 } });
    expect(s.phase).toBe('idle');
    expect(s.activeToolIds).toEqual([]);
    expect(s.sessionUsage.inputTokens).toBe(50);
  });

  it('marks unfinished calls cancelled when a turn is aborted, and keeps them cancelled', () => {
    let s = run([
      { type: 'turn_start', prompt: 'p' },
      { type: 'tool_call', id: 'a', name: 'bash', input: { command: 'sleep 9' }, readOnly: false },
      { type: 'tool_status', id: 'a', status: 'running' },
      { type: 'tool_call', id: 'b', name: 'read', input: { path: 'q' }, readOnly: true },
    ]);
    s = { ...s, ...interruptState(s, 2000) };
    expect(s.phase).toBe('idle');
    expect(s.items.filter((i) => i.kind === 'tool').map((i) => i.kind === 'tool' && i.status)).toEqual(['cancelled', 'cancelled']);
    expect(s.items.at(-1)).toMatchObject({ kind: 'notice', text: 'interrupted' });
    s = run([{ type: 'tool_result', id: 'a', content: 'late', isError: false, durationMs: 5 }], s);
    expect(s.items[1]).toMatchObject({ status: 'cancelled' });
  });

  it('shows retries with their deadline, errors and notices as items', () => {
    const s = run([
      { type: 'turn_start', prompt: 'p' },
      { type: 'retry', attempt: 2, delayMs: 4000, status: 529, reason: 'overloaded' },
    ]);
    expect(s.retry).toEqual({ attempt: 2, until: 5000, status: 529, reason: 'overloaded' });
    const s2 = run([{ type: 'error', message: 'boom', retryable: false }, { type: 'notice', message: 'fyi' }], s);
    expect(s2.items.slice(-2)).toMatchObject([{ kind: 'notice', level: 'error', text: 'boom' }, { kind: 'notice', level: 'info' }]);
    expect(run([{ type: 'text_delta', text: 'x' }], s).retry).toBeNull();
  });

  it('starts a new text item after a tool call instead of appending to the old one', () => {
    const s = run([
      { type: 'turn_start', prompt: 'p' },
      { type: 'text_delta', text: 'first' },
      { type: 'tool_call', id: 'a', name: 'read', input: {}, readOnly: true },
      { type: 'tool_result', id: 'a', content: '', isError: true, durationMs: 1 },
      { type: 'request_start', iteration: 2 },
      { type: 'text_delta', text: 'second' },
    ]);
    expect(s.items.filter((i) => i.kind === 'assistant').map((i) => i.kind === 'assistant' && i.text)).toEqual(['first', 'second']);
    expect(s.items[2]).toMatchObject({ status: 'error' });
  });
});
