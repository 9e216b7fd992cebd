// History mode's store functions and the expanded card, without a screen: which items are
// stops, the smart-case filter, Ctrl+T's choice of command, and what an expanded card holds.
import { describe, expect, it } from 'vitest';
import stripAnsi from 'strip-ansi';
import { expandedThinkingLines, expandedToolLines } from '../../components/expanded-card.js';
import type { AgentEvent } from '../../src/core/events.js';
import { createAppStore } from '../../src/store/app-store.js';
import { applyEvents } from '../../src/store/apply-events.js';
import * as hist from '../../src/store/history-mode.js';
import { thinkingItem, toolItem } from '../helpers/transcript-items.js';
import { bashDetails } from '../components/history-fixtures.js';

function storeWith(events: AgentEvent[]) {
  const store = createAppStore();
  store.setState((s) => applyEvents(s, events, 1000));
  return store;
}

const session: AgentEvent[] = [
  { type: 'turn_start', prompt: 'Look at README' },
  { type: 'thinking_delta', thinking: 'first I think\nthen I think more' },
  { type: 'tool_call', id: 't1', name: 'read_file', input: { path: 'README.md' }, readOnly: true },
  { type: 'tool_result', id: 't1', content: 'Hello World', isError: false, durationMs: 1 },
  { type: 'tool_call', id: 't2', name: 'bash', input: { command: 'make' }, readOnly: false },
  { type: 'tool_status', id: 't2', status: 'running' },
  { type: 'tool_call', id: 't3', name: 'bash', input: { command: 'make test' }, readOnly: false },
  { type: 'tool_status', id: 't3', status: 'running' },
  { type: 'notice', message: 'a notice is not a stop' },
];

describe('history-mode store functions', () => {
  it('stops are prompts, thinking, answers and calls; notices are not', () => {
    const s = storeWith(session).getState();
    expect(hist.visibleStops(s).map((i) => i.kind)).toEqual(['user', 'thinking', 'tool', 'tool', 'tool']);
  });

  it('filters with smart case over names, inputs and output', () => {
    const store = storeWith(session);
    const ids = (f: string) => hist.visibleStops({ ...store.getState(), history: { ...hist.emptyHistory(), filter: f } }).map((i) => i.id);
    expect(ids('world')).toEqual(['t1']); // lowercase ignores case, and output is searched
    expect(ids('World')).toEqual(['t1']);
    expect(ids('WORLD')).toEqual([]);
    expect(ids('make')).toEqual(['t2', 't3']);
    expect(ids('readme')).toHaveLength(2); // the prompt and the read call
  });

  it('Ctrl+T takes the newest running command, or the selected one in history mode', () => {
    const store = storeWith(session);
    hist.focusShell(store);
    expect(store.getState().shellFocus).toEqual({ id: 't3', returnTo: 'input' });
    hist.unfocusShell(store);
    expect(store.getState().mode).toBe('input');
    hist.enterHistory(store);
    hist.moveSelection(store, -1);
    expect(store.getState().history.selectedId).toBe('t2');
    hist.focusShell(store);
    expect(store.getState().shellFocus).toEqual({ id: 't2', returnTo: 'history' });
    // Selected but not running: the newest running one instead.
    store.setState({ mode: 'history', shellFocus: null, history: { ...hist.emptyHistory(), selectedId: 't1' } });
    hist.focusShell(store);
    expect(store.getState().shellFocus?.id).toBe('t3');
  });

  it('Enter toggles only calls and thinking; the filter keeps the selection on a shown stop', () => {
    const store = storeWith(session);
    hist.enterHistory(store);
    hist.selectEnd(store, 'first');
    hist.toggleExpanded(store);
    expect(store.getState().expanded).toEqual({});
    hist.moveSelection(store, 1);
    hist.toggleExpanded(store);
    expect(Object.keys(store.getState().expanded)).toHaveLength(1);
    hist.startFilter(store);
    hist.editFilter(store, 'make test', 9);
    expect(store.getState().history.selectedId).toBe('t3');
    hist.endFilter(store, false);
    expect(store.getState().history.filter).toBe('');
  });
});

describe('expanded cards', () => {
  const base = { kind: 'tool' as const, readOnly: false, status: 'done' as const, createdAt: 0 };

  it('an edit shows its path and the whole diff, not the 20-row cap of the collapsed card', () => {
    const edit = toolItem({
      ...base, id: 'e', name: 'edit_file', input: { path: 'a.ts' },
      details: { kind: 'edit', path: 'a.ts', diff: '--- a.ts\n+++ a.ts\n@@ -1,0 +1,30 @@\n+line 0\n', replacements: 1, created: false,
        hunks: [{ oldStart: 1, oldLines: [], newStart: 1, newLines: Array.from({ length: 30 }, (_, i) => `line ${i}`) }] },
      result: { content: 'Edited a.ts: 1 replacement.\n--- a.ts\n+++ a.ts\n@@ -1,0 +1,30 @@\n+line 0', isError: false, durationMs: 1 },
    });
    const rows = expandedToolLines(edit, 80, 0, 0, 100).map(stripAnsi);
    expect(rows[2]).toBe('    a.ts');
    expect(rows.filter((r) => r.includes('+ line'))).toHaveLength(30);
    // The result text says what happened once; its copy of the diff is not shown again.
    expect(rows.slice(-2)).toEqual(['  output', '    Edited a.ts: 1 replacement.']);
    expect(rows.join('\n')).not.toContain('@@');
    expect(rows.join('\n')).not.toContain('more');
  });

  it('a bash call keeps its whole command and its newest rows within the bound', () => {
    const command = 'for i in 1 2 3; do\n  echo $i\ndone';
    const lines = Array.from({ length: 50 }, (_, i) => `out ${i + 1}`);
    const bash = toolItem({ ...base, id: 'b', name: 'bash', input: { command }, details: bashDetails(command, lines), result: { content: '', isError: false, durationMs: 1 } });
    const rows = expandedToolLines(bash, 80, 0, 0, 12).map(stripAnsi);
    expect(rows).toHaveLength(12);
    expect(rows.slice(1, 5)).toEqual(['  input', '    for i in 1 2 3; do', '      echo $i', '    done']);
    expect(rows[6]).toBe('    … 45 earlier lines — o opens the pager · PgUp/PgDn scroll');
    expect(rows.at(-1)).toBe('    out 50');
  });

  it('counts the earlier lines of a bash call from the whole output, not the rows its snapshot kept', () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `row ${i + 1}`);
    const bash = toolItem({ ...base, id: 'c', name: 'bash', input: { command: 'seq' }, details: bashDetails('seq', lines, { kept: 200 }), result: { content: '', isError: false, durationMs: 1 } });
    const rows = expandedToolLines(bash, 80, 0, 0, 12).map(stripAnsi);
    expect(rows).toHaveLength(12);
    expect(rows).toContain('    … 2993 earlier lines — o opens the pager · PgUp/PgDn scroll');
    expect(rows.at(-1)).toBe('    row 3000');
  });

  it('thinking expands to its whole text', () => {
    const t = thinkingItem({ kind: 'thinking', id: 'th', text: 'one\ntwo\nthree', streaming: false, startedAt: 0, endedAt: 2000 });
    expect(expandedThinkingLines(t, 40, 10).map(stripAnsi)).toEqual(['✻ thought for 2 s', '  one', '  two', '  three']);
  });
});
