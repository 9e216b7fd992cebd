// A child agent's events in the store: its asks wait in the parent's approval prompt, naming the
// child (at any depth), and leave it when answered or when the child's call ends; its other events
// add nothing to the parent's transcript; they build the child's own, when → walks into it.
import { describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import { createAppStore, type AppState } from '../../src/store/app-store.js';
import { applyEvents } from '../../src/store/apply-events.js';
import { approvalCardLines } from '../../components/approval-lines.js';
import { bashDetails } from '../components/history-fixtures.js';
import { childTranscriptOf } from '../../src/store/child-view.js';
import { PENDING_MAX } from '../../src/store/child-transcripts.js';
import { createEventBinding } from '../../src/store/event-binding.js';

const run = (events: AgentEvent[], state: AppState = createAppStore().getState()): AppState => ({ ...state, ...applyEvents(state, events, 1000) });
const explore = { id: 't1', name: 'explore', depth: 1 };
const ask = (id: string): AgentEvent => ({ type: 'approval_request', id, tool: 'bash', input: { command: 'touch x' }, preview: { kind: 'command', command: 'touch x', cwd: '/w', findings: [] }, reason: 'commands ask', waiting: 0 });
const wrap = (event: AgentEvent, agent = explore): AgentEvent => ({ type: 'agent_event', agent, event });

describe("a child agent's events in the store", () => {
  it("puts a child's ask in the parent's prompt, naming the child, first come first served", () => {
    const start = run([{ type: 'turn_start', prompt: 'go' }, { type: 'tool_call', id: 't1', name: 'task', input: {}, readOnly: true }]);
    const s = run([wrap(ask('c1')), wrap(wrap(ask('c2'), { id: 'g1', name: 'general', depth: 2 }))], start);
    expect(s.approvals.queue.map((a) => [a.id, a.agent?.name, a.agent?.depth])).toEqual([
      ['c1', 'explore', 1],
      ['c2', 'general', 2],
    ]);
    expect(s.items).toHaveLength(start.items.length);
    const card = approvalCardLines(s.approvals, undefined, 80, 20, 0, 1000).join('\n');
    expect(card).toContain('explore agent wants to run bash');
    const answered = run([wrap({ type: 'approval_response', id: 'c1', decision: { kind: 'yes' } })], s);
    expect(answered.approvals.queue.map((a) => a.id)).toEqual(['c2']);
    const cancelled = run([wrap(wrap({ type: 'tool_status', id: 'c2', status: 'cancelled' }, { id: 'g1', name: 'general', depth: 2 }))], answered);
    expect(cancelled.approvals.queue).toEqual([]);
  });

  it("builds the child's own transcript: a call's live output only while the child is walked into (its newest of a commit), its result always", () => {
    const start = run([{ type: 'turn_start', prompt: 'go' }, { type: 'tool_call', id: 't1', name: 'task', input: {}, readOnly: true }]);
    const out = (lines: string[]): AgentEvent => ({ type: 'tool_output', id: 'cb', details: bashDetails('seq 3', lines) });
    const call = wrap({ type: 'tool_call', id: 'cb', name: 'bash', input: { command: 'seq 3' }, readOnly: true });
    // Not walked into, the child's events are kept as they came and its live output dropped; → builds the card, waiting for the result.
    const unseen = run([call, wrap(out(['1'])), wrap(out(['1', '2']))], start);
    expect(unseen.childTranscripts['t1']!.items).toEqual([]);
    expect(unseen.childTranscripts['t1']!.pendingCount).toBe(1);
    const unseenCard = childTranscriptOf(unseen, 't1')!.items.find((it) => it.id === 'cb');
    expect(unseenCard?.kind === 'tool' && unseenCard.status).toBe('queued');
    expect(unseenCard?.kind === 'tool' && unseenCard.details).toBeUndefined();
    // Walked into (history mode's →), the card shows the newest output.
    const inside = { ...start, history: { ...start.history, into: ['t1'] } };
    const running = run([call, wrap(out(['1'])), wrap(out(['1', '2']))], inside);
    const card = () => running.childTranscripts['t1']!.items.find((it) => it.id === 'cb');
    expect(card()?.kind === 'tool' && card()!.kind === 'tool' && (card() as { details?: { snapshot?: { lines: string[] } } }).details?.snapshot?.lines).toEqual(['1', '2']);
    // The parent's transcript has no card of the child's call.
    expect(running.items.some((it) => it.id === 'cb')).toBe(false);
    const ended = run([wrap(out(['1', '2', '3'])), wrap({ type: 'tool_result', id: 'cb', content: '1\n2\n3', isError: false, durationMs: 5, details: bashDetails('seq 3', ['1', '2', '3']) }), wrap(out(['late']))], running);
    const done = ended.childTranscripts['t1']!.items.find((it) => it.id === 'cb');
    expect(done?.kind === 'tool' && done.status).toBe('done');
    expect(done?.kind === 'tool' && done.result?.content).toBe('1\n2\n3');
  });

  it("builds a child nobody walked into only on →, as it was then: each commit at its time, a cut call ended at the parent's turn end", () => {
    const at = (events: AgentEvent[], state: AppState, now: number): AppState => ({ ...state, ...applyEvents(state, events, now) });
    const start = at([{ type: 'turn_start', prompt: 'go' }, { type: 'tool_call', id: 't1', name: 'task', input: {}, readOnly: true }], createAppStore().getState(), 1000);
    const s1 = at([wrap({ type: 'tool_call', id: 'c1', name: 'read_file', input: { path: 'a' }, readOnly: true })], start, 2000);
    const s2 = at([wrap({ type: 'tool_result', id: 'c1', content: 'alpha', isError: false, durationMs: 5 }), wrap({ type: 'tool_call', id: 'c2', name: 'bash', input: { command: 'sleep 9' }, readOnly: true })], s1, 3000);
    const cut = at([{ type: 'turn_end', reason: 'aborted' }], s2, 4000);
    // Nothing built while nobody looks.
    expect(cut.childTranscripts['t1']!.items).toEqual([]);
    const child = childTranscriptOf(cut, 't1')!;
    const calls = child.items.flatMap((it) => (it.kind === 'tool' ? [[it.id, it.status, it.endedAt]] : []));
    expect(calls).toEqual([['c1', 'done', 3000], ['c2', 'cancelled', 4000]]);
    expect(child.activeToolIds).toEqual([]);
    expect(child.pending).toEqual([]);
  });

  it(`keeps at most ${PENDING_MAX} of a child's events unapplied: past that they are applied`, () => {
    let s = run([{ type: 'turn_start', prompt: 'go' }, { type: 'tool_call', id: 't1', name: 'task', input: {}, readOnly: true }]);
    for (let i = 0; i <= PENDING_MAX; i++) s = run([wrap({ type: 'text_delta', text: 'x' })], s);
    const child = s.childTranscripts['t1']!;
    expect(child.pendingCount).toBe(0);
    expect(child.items.map((it) => it.kind === 'assistant' && it.text)).toEqual(['x'.repeat(PENDING_MAX + 1)]);
  });

  it("makes no commit of children's live output nobody looks at; a child walked into gets it", () => {
    const store = createAppStore();
    let commits = 0;
    store.subscribe(() => commits++);
    const binding = createEventBinding(store, { intervalMs: 0 });
    const out = (lines: string[]): AgentEvent => wrap({ type: 'tool_output', id: 'cb', details: bashDetails('seq 3', lines) });
    binding.push({ type: 'turn_start', prompt: 'go' });
    binding.push({ type: 'tool_call', id: 't1', name: 'task', input: {}, readOnly: true });
    binding.push(wrap({ type: 'tool_call', id: 'cb', name: 'bash', input: { command: 'seq 3' }, readOnly: true }));
    binding.flush();
    const before = commits;
    binding.push(out(['1']));
    binding.push(out(['1', '2']));
    binding.flush();
    expect(commits).toBe(before);
    expect(binding.commits).toBe(1);
    // Inside the child (history mode's →), its output is a commit and its card shows it.
    store.setState((s) => ({ history: { ...s.history, into: ['t1'] } }));
    const inside = commits;
    binding.push(out(['1', '2', '3']));
    binding.flush();
    expect(commits).toBe(inside + 1);
    const card = store.getState().childTranscripts['t1']!.items.find((it) => it.id === 'cb');
    expect(card?.kind === 'tool' && (card.details as { snapshot?: { lines: string[] } } | undefined)?.snapshot?.lines).toEqual(['1', '2', '3']);
  });

  it("sets no timer for children's live output nobody looks at; a child walked into, one per frame", () => {
    vi.useFakeTimers();
    try {
      const store = createAppStore();
      const binding = createEventBinding(store, { intervalMs: 34 });
      const out = (lines: string[]): AgentEvent => wrap({ type: 'tool_output', id: 'cb', details: bashDetails('seq 3', lines) });
      binding.push({ type: 'turn_start', prompt: 'go' });
      binding.push({ type: 'tool_call', id: 't1', name: 'task', input: {}, readOnly: true });
      binding.flush();
      binding.push(out(['1']));
      binding.push(out(['1', '2']));
      expect(vi.getTimerCount()).toBe(0);
      store.setState((s) => ({ history: { ...s.history, into: ['t1'] } }));
      binding.push(out(['1', '2', '3']));
      binding.push(out(['1', '2', '3', '4']));
      expect(vi.getTimerCount()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("lets a child's events only its transcript keeps wait for the next commit: no timer, each at the time it came", async () => {
    vi.useFakeTimers();
    try {
      let now = 1000;
      const store = createAppStore();
      const binding = createEventBinding(store, { intervalMs: 34, now: () => now });
      binding.push({ type: 'turn_start', prompt: 'go' });
      binding.push({ type: 'tool_call', id: 't1', name: 'task', input: {}, readOnly: true });
      binding.flush();
      const commits = binding.commits;
      now = 2000;
      binding.push(wrap({ type: 'tool_call', id: 'c1', name: 'read_file', input: { path: 'a' }, readOnly: true }));
      binding.push(wrap({ type: 'tool_status', id: 'c1', status: 'running' }));
      now = 3000;
      binding.push(wrap({ type: 'tool_result', id: 'c1', content: 'alpha', isError: false, durationMs: 5 }));
      binding.push(wrap({ type: 'tool_call', id: 'c2', name: 'bash', input: { command: 'sleep 9' }, readOnly: true }));
      expect(vi.getTimerCount()).toBe(0);
      expect(binding.commits).toBe(commits);
      // Something on screen (the child's request in the session's cost) commits them all, in order.
      now = 4000;
      binding.push(wrap({ type: 'usage', usage: { inputTokens: 5, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 }, turn: { inputTokens: 5, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 }, session: { inputTokens: 5, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 } }));
      expect(vi.getTimerCount()).toBe(1);
      vi.runAllTimers();
      expect(binding.commits).toBe(commits + 1);
      const child = childTranscriptOf(store.getState(), 't1')!;
      const calls = child.items.flatMap((it) => (it.kind === 'tool' ? [[it.id, it.status, it.createdAt, it.endedAt]] : []));
      expect(calls).toEqual([['c1', 'done', 2000, 3000], ['c2', 'queued', 3000, undefined]]);

      // A child's ask does not wait, nor what ends it.
      binding.push(wrap(ask('c3')));
      expect(vi.getTimerCount()).toBe(1);
      vi.runAllTimers();
      expect(store.getState().approvals.queue.map((a) => a.id)).toEqual(['c3']);
      binding.push(wrap({ type: 'tool_status', id: 'c3', status: 'running' }));
      expect(vi.getTimerCount()).toBe(1);
      vi.runAllTimers();
      expect(store.getState().approvals.queue).toEqual([]);

      // Walking into the child brings what of it waits.
      binding.push(wrap({ type: 'tool_result', id: 'c2', content: '', isError: false, durationMs: 9 }));
      store.setState((s) => ({ history: { ...s.history, into: ['t1'] } }));
      await Promise.resolve();
      const c2 = store.getState().childTranscripts['t1']!.items.find((it) => it.id === 'c2');
      expect(c2?.kind === 'tool' && c2.status).toBe('done');
      // An interrupt keeps what waited (it came before).
      store.setState((s) => ({ history: { ...s.history, into: [] } }));
      binding.push(wrap({ type: 'tool_call', id: 'c4', name: 'read_file', input: { path: 'b' }, readOnly: true }));
      binding.discard();
      expect(childTranscriptOf(store.getState(), 't1')!.items.some((it) => it.id === 'c4')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
