import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import { createAppStore } from '../../src/store/app-store.js';
import { applyEvents } from '../../src/store/apply-events.js';
import { showReplay, tailStart, TAIL_EVENTS } from '../../src/store/session-replay.js';

const usage = (n: number) => ({ inputTokens: n, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 });

/** A session of `turns` turns with three calls each, a log dropped and a context edit of the first call late on. */
function replay(turns: number): AgentEvent[] {
  const out: AgentEvent[] = [];
  for (let t = 0; t < turns; t++) {
    out.push({ type: 'turn_start', prompt: `step ${t}` }, { type: 'text_delta', text: `Working on ${t}.` });
    for (let k = 0; k < 3; k++) {
      const id = `call_${t}_${k}`;
      out.push({ type: 'tool_call', id, name: 'bash', input: { command: `make ${t}-${k}` }, readOnly: false });
      out.push({ type: 'tool_result', id, content: `ok ${t}-${k}`, isError: false, durationMs: 5 });
    }
    out.push({ type: 'usage', usage: usage(t), turn: usage(t), session: usage(t * 10) }, { type: 'turn_end', reason: 'end_turn' });
  }
  out.push({ type: 'log_dropped', id: 'call_0_0', logPath: '/logs/call_0_0.log' });
  out.push({ type: 'context_edit', id: 'call_0_1', edit: 'drop', tokensBefore: 100, tokensAfter: 90 });
  out.push({ type: 'turn_start', prompt: 'the last one' }, { type: 'text_delta', text: 'THE-LAST-ANSWER' }, { type: 'turn_end', reason: 'end_turn' });
  return out;
}

/** Items as a person sees them: ids of the store's own making and the times of applying left out. */
function seen(items: readonly object[]): unknown[] {
  return items.map((item) => {
    const { id, createdAt: _c, endedAt: _e, startedAt: _s, outputAt: _o, ...rest } = item as Record<string, unknown>;
    return { ...rest, ...(String(id).startsWith('call_') ? { id } : {}) };
  });
}

describe('a resumed transcript, the screen first', () => {
  it('commits the last turns at once, then everything above them: the same transcript as applying it all', async () => {
    const events = replay(1000);
    const whole = applyEvents(createAppStore({}).getState(), events, 0);
    const store = createAppStore({});
    const all = showReplay(store, events);
    const first = store.getState();
    // The screen's part: the last turns, the last answer, the session's totals.
    expect(first.items.length).toBeLessThan(whole.items!.length / 4);
    expect(first.items.at(-1)).toMatchObject({ kind: 'assistant', text: 'THE-LAST-ANSWER' });
    expect(first.sessionUsage).toEqual(whole.sessionUsage);
    await all;
    const s = store.getState();
    expect(seen(s.items)).toEqual(seen(whole.items!));
    expect(s.turns).toBe(whole.turns);
    expect(s.toolCalls).toBe(whole.toolCalls);
    expect(s.contextTokens).toBe(whole.contextTokens);
    expect(s.items.every((item, i) => s.index[item.id] === i)).toBe(true);
    // What the tail did to cards above it is there too.
    expect(s.items[s.index.call_0_0!]).toMatchObject({ logDropped: true });
    expect(s.items[s.index.call_0_1!]).toMatchObject({ contextEdit: 'drop' });
    expect(s.phase).toBe('idle');
  });

  it('a prompt sent before the rest arrived stays below it; a transcript replaced since is left alone', async () => {
    const events = replay(200);
    const store = createAppStore({});
    const all = showReplay(store, events);
    store.setState((s) => applyEvents(s, [{ type: 'turn_start', prompt: 'typed meanwhile' }], 0));
    await all;
    const s = store.getState();
    expect(s.items.at(-1)).toMatchObject({ kind: 'user', text: 'typed meanwhile' });
    expect(s.items[0]).toMatchObject({ kind: 'user', text: 'step 0' });
    expect(s.turns).toBe(202);

    const other = createAppStore({});
    const pending = showReplay(other, events);
    other.setState({ items: [], index: {} }); // /clear before the rest came
    await pending;
    expect(other.getState().items).toEqual([]);
  });

  it('a short session goes in whole, in one commit', async () => {
    const events = replay(3);
    expect(events.length).toBeLessThan(TAIL_EVENTS);
    expect(tailStart(events)).toBe(0);
    const store = createAppStore({});
    void showReplay(store, events);
    expect(store.getState().turns).toBe(4);
  });
});
