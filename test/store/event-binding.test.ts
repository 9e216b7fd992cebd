import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../src/store/app-store.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import { attachDoor } from '../../src/store/agent-session.js';
import type { Agent } from '../../src/core/agent.js';
import { startTicker } from '../../src/store/ticker.js';
import { exitSummary } from '../../src/app/exit-summary.js';
import type { AgentEvent } from '../../src/core/events.js';
import { createFakeAgent, hangingToolTurn, simpleTurn } from './fake-agent.js';

const stops: (() => void)[] = [];
afterEach(() => {
  while (stops.length) stops.pop()!();
});

describe('event binding', () => {
  it('coalesces a burst of deltas into one commit and keeps every character', async () => {
    const store = createAppStore();
    let commits = 0;
    stops.push(store.subscribe(() => commits++));
    const b = createEventBinding(store, { intervalMs: 33 });
    b.push({ type: 'turn_start', prompt: 'p' });
    for (let i = 0; i < 500; i++) b.push({ type: 'text_delta', text: `${i},` });
    await new Promise((r) => setTimeout(r, 60));
    expect(commits).toBe(1);
    const text = store.getState().items[1];
    expect(text?.kind === 'assistant' && text.text.split(',').length).toBe(501);
  });

  it('commits at most once per interval while events keep coming', async () => {
    const store = createAppStore();
    let now = 0;
    const b = createEventBinding(store, { intervalMs: 33, now: () => now });
    b.push({ type: 'turn_start', prompt: 'p' });
    b.flush();
    // 100 events spread over "330 ms" of fake time, flushed whenever the timer fires.
    for (let i = 0; i < 100; i++) {
      now += 3.3;
      b.push({ type: 'text_delta', text: 'x' });
      await new Promise((r) => setImmediate(r));
    }
    await new Promise((r) => setTimeout(r, 50));
    b.flush();
    expect(b.commits).toBeLessThanOrEqual(13);
    const text = store.getState().items[1];
    expect(text?.kind === 'assistant' && text.text.length).toBe(100);
  });

  it('flags new activity below while the person is scrolled up', () => {
    const store = createAppStore({ scrollBack: 5 });
    const b = createEventBinding(store);
    b.push({ type: 'turn_start', prompt: 'p' });
    b.flush();
    expect(store.getState().newBelow).toBe(true);
  });
});

/** A store over the door of this agent, and the store's side of that door. */
function storeOver(agent: Agent) {
  const store = createAppStore({}, { door: createAgentDoor(agent) });
  return { store, s: attachDoor(store) };
}

describe('agent session', () => {
  it('runs a turn, queues a prompt sent meanwhile and runs it after', async () => {
    const agent = createFakeAgent((p) => simpleTurn(p));
    const { store, s } = storeOver(agent);
    s.submit('one');
    s.submit('two');
    expect(store.getState().queued).toEqual(['two']);
    await s.idle();
    await s.idle();
    expect(agent.prompts).toEqual(['one', 'two']);
    const texts = store.getState().items.filter((i) => i.kind === 'user').map((i) => i.kind === 'user' && i.text);
    expect(texts).toEqual(['one', 'two']);
    expect(store.getState().phase).toBe('idle');
    expect(store.getState().queued).toEqual([]);
  });

  it('interrupt makes the UI idle at once with the card cancelled, and aborts the run', async () => {
    let aborted = false;
    const agent = createFakeAgent((p, signal) => {
      signal.addEventListener('abort', () => (aborted = true));
      return hangingToolTurn(p, signal);
    });
    const { store, s } = storeOver(agent);
    s.submit('go');
    await new Promise((r) => setTimeout(r, 80));
    expect(store.getState().phase).toBe('tools');
    expect(s.interrupt()).toBe(true);
    // Synchronously idle, before the run has wound down.
    expect(store.getState().phase).toBe('idle');
    expect(store.getState().items.find((i) => i.kind === 'tool')).toMatchObject({ status: 'cancelled' });
    expect(aborted).toBe(true);
    await s.idle();
    expect(agent.finished).toBe(1);
    expect(s.interrupt()).toBe(false);
    // The next prompt works.
    s.submit('again');
    await new Promise((r) => setTimeout(r, 80));
    expect(store.getState().items.filter((i) => i.kind === 'user')).toHaveLength(2);
    s.interrupt();
    await s.idle();
  });

  it('puts queued prompts back into the input on interrupt', async () => {
    const { store, s } = storeOver(createFakeAgent((p, signal) => hangingToolTurn(p, signal)));
    s.submit('first');
    s.submit('queued one');
    s.interrupt();
    expect(store.getState().input.text).toBe('queued one');
    expect(store.getState().queued).toEqual([]);
    await s.idle();
  });

  it('reports a run that throws as an error and goes idle', async () => {
    const { store, s } = storeOver(createFakeAgent(async function* (p) {
        yield { type: 'turn_start', prompt: p };
        throw new Error('socket hang up');
      }),
    );
    s.submit('x');
    await s.idle();
    expect(store.getState().phase).toBe('idle');
    expect(store.getState().items.at(-1)).toMatchObject({ kind: 'notice', level: 'error', text: 'socket hang up' });
  });

  it('clear forgets the transcript and the agent conversation', async () => {
    const agent = createFakeAgent((p) => simpleTurn(p));
    const { store, s } = storeOver(agent);
    s.submit('one');
    await s.idle();
    s.clear();
    expect(store.getState().items).toEqual([]);
    expect(agent.cleared).toBe(1);
  });

  it('the exit summary counts the whole session, across /clear', async () => {
    const u = (n: number) => ({ inputTokens: 10 * n, outputTokens: 5 * n, cacheReadTokens: 0, cacheWriteTokens: 0 });
    let turns = 0;
    const agent = createFakeAgent(async function* (p) {
      turns++;
      yield { type: 'turn_start', prompt: p };
      yield { type: 'tool_call', id: `c-${p}`, name: 'bash', input: { command: 'true' }, readOnly: false };
      yield { type: 'tool_result', id: `c-${p}`, content: 'ok', isError: false, durationMs: 1 };
      yield { type: 'usage', usage: u(1), turn: u(1), session: u(turns) };
      yield { type: 'turn_end', reason: 'end_turn' };
    });
    const { store, s } = storeOver(agent);
    s.submit('one');
    await s.idle();
    s.clear();
    s.submit('two');
    await s.idle();
    expect(exitSummary(store.getState(), 'm')).toBe('inkling · m · 2 turns · 2 tool calls · tokens ↑20 ↓10\n');
  });
});

describe('ticker', () => {
  it('ticks only while something animates', async () => {
    const store = createAppStore();
    const t = startTicker(store, { intervalMs: 10 });
    stops.push(() => t.stop());
    expect(t.running()).toBe(false);
    store.setState({ phase: 'waiting' });
    expect(t.running()).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(store.getState().frame).toBeGreaterThan(0);
    store.setState({ phase: 'idle' });
    expect(t.running()).toBe(false);
    const frame = store.getState().frame;
    await new Promise((r) => setTimeout(r, 40));
    expect(store.getState().frame).toBe(frame);
  });

  it('stops while an approval prompt waits and no tool runs, or the pager fills the screen (nothing on screen turns), and starts again after', () => {
    const store = createAppStore();
    const t = startTicker(store, { intervalMs: 10 });
    stops.push(() => t.stop());
    const b = createEventBinding(store, { intervalMs: 0 });
    const push = (...evs: AgentEvent[]) => {
      for (const ev of evs) b.push(ev);
      b.flush();
    };
    push({ type: 'turn_start', prompt: 'clean up' }, { type: 'tool_call', id: 'rm', name: 'bash', input: { command: 'rm a' }, readOnly: false });
    expect(t.running()).toBe(true);
    push(
      { type: 'tool_status', id: 'rm', status: 'awaiting_approval' },
      {
        type: 'approval_request', id: 'rm', tool: 'bash', input: { command: 'rm a' }, reason: 'commands ask unless proven read-only or allowed', waiting: 0,
        preview: { kind: 'command', command: 'rm a', cwd: '/w', findings: ['rm of 1 path'] },
      },
    );
    expect(store.getState().phase).toBe('tools');
    expect(t.running()).toBe(false);
    // Another call of the same message runs meanwhile: its card's spinner turns.
    push({ type: 'tool_call', id: 'ls', name: 'bash', input: { command: 'ls' }, readOnly: true }, { type: 'tool_status', id: 'ls', status: 'running' });
    expect(t.running()).toBe(true);
    push({ type: 'tool_result', id: 'ls', content: 'a', isError: false, durationMs: 3 });
    expect(t.running()).toBe(false);
    push({ type: 'approval_response', id: 'rm', decision: { kind: 'yes' } }, { type: 'tool_status', id: 'rm', status: 'running' });
    expect(t.running()).toBe(true);
    // The pager over its log fills the screen: no spinner or clock shows until it closes.
    store.setState({ mode: 'pager' });
    expect(t.running()).toBe(false);
    store.setState({ mode: 'history' });
    expect(t.running()).toBe(true);
  });
});
