// A child walked into (history mode's →) is drawn nested under its task card in the parent's
// transcript, one guide line per level, a grandchild's inside its parent's; the selection walks the
// innermost child's items, and the parent's items below the task card stay drawn after them.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import { createAppStore } from '../../src/store/app-store.js';
import { enterChild, leaveChild, viewOf } from '../../src/store/child-view.js';
import { transcriptRows } from '../../components/transcript-rows.js';
import { apply } from './history-fixtures.js';

const general = { id: 't1', name: 'general', depth: 1 };
const explore = { id: 'g1', name: 'explore', depth: 2 };
const inChild = (event: AgentEvent): AgentEvent => ({ type: 'agent_event', agent: general, event });
const inGrandchild = (event: AgentEvent): AgentEvent => inChild({ type: 'agent_event', agent: explore, event });
const call = (id: string, name: string, input: Record<string, unknown>): AgentEvent[] => [
  { type: 'tool_call', id, name, input, readOnly: true },
  { type: 'tool_result', id, content: 'ok', isError: false, durationMs: 3 },
];

function session() {
  const store = createAppStore({ size: { cols: 100, rows: 30 } });
  apply(store, [
    { type: 'turn_start', prompt: 'go' },
    ...call('t1', 'task', { description: 'look around', prompt: 'look', agent: 'general' }).slice(0, 1),
    ...call('c1', 'read_file', { path: 'a.txt' }).map(inChild),
    ...call('g1', 'task', { description: 'look deeper', prompt: 'deeper', agent: 'explore' }).map(inChild),
    ...call('d1', 'glob', { pattern: '*.md' }).map(inGrandchild),
    ...call('c2', 'read_file', { path: 'b.txt' }).map(inChild),
    { type: 'tool_result', id: 't1', content: 'done', isError: false, durationMs: 9 },
    { type: 'text_delta', text: 'parent answer' },
    { type: 'turn_end', reason: 'end_turn' },
  ]);
  store.setState((s) => ({ mode: 'history', history: { ...s.history, selectedId: 't1' } }));
  return store;
}

const rows = (store: ReturnType<typeof session>) => transcriptRows(store.getState(), 100, 30, false).rows.map((l) => stripVTControlCharacters(l).trimEnd());

describe("a child's items nested under its task card", () => {
  it('draws a child and a grandchild indented under their task cards, between the parent’s items', () => {
    const store = session();
    expect(rows(store).join('\n')).not.toMatch(/read_file|glob/);
    enterChild(store);
    // The child's newest stop is selected and the selection walks its items.
    expect(store.getState().history.selectedId).toBe('c2');
    expect(viewOf(store.getState()).items.map((it) => it.id)).toEqual(['c1', 'g1', 'c2']);
    store.setState((s) => ({ history: { ...s.history, selectedId: 'g1' } }));
    enterChild(store);
    expect(store.getState().history.into).toEqual(['t1', 'g1']);
    const drawn = rows(store).filter((l) => l !== '');
    const at = (re: RegExp) => drawn.findIndex((l) => re.test(l));
    expect(drawn[at(/task general · look around/)]).toMatch(/^✓ task/);
    expect(drawn[at(/read_file a\.txt/)]).toMatch(/^ {2}│ ✓ read_file a\.txt/);
    expect(drawn[at(/task explore · look deeper/)]).toMatch(/^ {2}│ ✓ task explore/);
    // The grandchild's call two levels in, selected (the bar behind its guides).
    expect(drawn[at(/glob/)]).toMatch(/^ {2}│ {3}│ ▌ ✓ glob/);
    expect(drawn[at(/read_file b\.txt/)]).toMatch(/^ {2}│ ✓ read_file b\.txt/);
    expect(drawn[at(/parent answer/)]).toMatch(/^ {2}parent answer/);
    const order = [/task general/, /read_file a\.txt/, /task explore/, /glob/, /read_file b\.txt/, /parent answer/].map(at);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order.every((i) => i >= 0)).toBe(true);
    // ← goes back up one level at a time, to the task card it came through.
    leaveChild(store);
    expect(store.getState().history.selectedId).toBe('g1');
    expect(rows(store).join('\n')).not.toMatch(/glob/);
    leaveChild(store);
    expect(store.getState().history.selectedId).toBe('t1');
    expect(rows(store).join('\n')).not.toMatch(/│/);
  });
});
