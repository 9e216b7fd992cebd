// The store settles the transcript's scroll with the screen's layout on every change, so keys
// act on a clamped, selection-aware scroll without any component having rendered.
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { applyEvents } from '../../src/store/apply-events.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { handleTranscriptKey } from '../../src/keys/input-keys.js';
import { handleHistoryKey } from '../../src/keys/history-keys.js';
import { enterHistory } from '../../src/store/history-mode.js';
import { mainRows, screenLayout, transcriptView } from '../../components/screen-layout.js';
import { viewWindow } from '../../components/transcript-layout.js';

function calls(from: number, n: number): AgentEvent[] {
  const events: AgentEvent[] = [];
  for (let i = from; i < from + n; i++) {
    const lines = [`call ${i} out`];
    events.push(
      { type: 'tool_call', id: `c${i}`, name: 'bash', input: { command: `echo ${i}` }, readOnly: false },
      {
        type: 'tool_result', id: `c${i}`, content: lines.join('\n'), isError: false, durationMs: 1,
        details: { kind: 'bash', command: `echo ${i}`, snapshot: { cols: 80, rows: 12, lines, totalLines: 1 }, running: false,
          exitCode: 0, signal: null, timedOut: false, logPath: '/tmp/x', totalBytes: 10 },
      },
    );
  }
  return events;
}

function session(n: number): AppStore {
  const store = createAppStore({ size: { cols: 80, rows: 24 } }, { layout: screenLayout });
  store.setState((s) => applyEvents(s, [{ type: 'turn_start', prompt: 'go' }, ...calls(0, n), { type: 'turn_end', reason: 'end_turn' }], 0));
  return store;
}

/** The rows the transcript would draw now, as Transcript.tsx draws them. */
function drawn(store: AppStore): string[] {
  const s = store.getState();
  return viewWindow(s.items, mainRows(s), s.size.cols, s.scrollBack, s.frame, 0, s.renderEpoch, transcriptView(s)).rows;
}

const key = (name: string) => ({ name, text: '' });

describe('the scroll the store settles with the screen layout', () => {
  it('stops PgUp at the top of the transcript, with no render in between', () => {
    const store = session(40);
    const s = store.getState();
    const top = viewWindow(s.items, mainRows(s), 80, 1_000_000, 0, 0, 0).scrollBack;
    expect(top).toBeGreaterThan(mainRows(s));
    for (let i = 0; i < 50; i++) handleTranscriptKey(store, key('pageup'));
    expect(store.getState().scrollBack).toBe(top);
    // One PgDn from the top moves a page, not the 49 pages pressed beyond it.
    handleTranscriptKey(store, key('pagedown'));
    expect(store.getState().scrollBack).toBe(top - (mainRows(store.getState()) - 1));
  });

  it('a store without the layout leaves the scroll unclamped (so the test above measures the layout)', () => {
    const store = createAppStore({ size: { cols: 80, rows: 24 } });
    store.setState((s) => applyEvents(s, [{ type: 'turn_start', prompt: 'go' }, ...calls(0, 2)], 0));
    for (let i = 0; i < 5; i++) handleTranscriptKey(store, key('pageup'));
    expect(store.getState().scrollBack).toBeGreaterThan(20);
  });

  it('marks activity below while scrolled up and forgets it back at the bottom', () => {
    const store = session(40);
    const binding = createEventBinding(store, { intervalMs: 1 });
    handleTranscriptKey(store, key('pageup'));
    binding.push({ type: 'notice', message: 'fresh' });
    binding.flush();
    expect(store.getState().newBelow).toBe(true);
    handleTranscriptKey(store, key('pagedown'));
    expect(store.getState()).toMatchObject({ scrollBack: 0, newBelow: false });
  });

  it('keeps the history selection on its row while output arrives below it', async () => {
    const store = session(30);
    enterHistory(store);
    const env = { copy: async () => ({ summary: '' }) };
    for (let i = 0; i < 12; i++) await handleHistoryKey(store, key('up'), env);
    // Back down two: the selection sits mid-screen, away from the edges that would pull the view.
    for (let i = 0; i < 2; i++) await handleHistoryKey(store, key('down'), env);
    const row = () => drawn(store).findIndex((l) => l.includes('▌'));
    const before = row();
    expect(before).toBeGreaterThan(2);
    expect(before).toBeLessThan(mainRows(store.getState()) - 3);
    const scrolled = store.getState().scrollBack;
    store.setState((s) => applyEvents(s, calls(100, 3), 0));
    expect(store.getState().scrollBack).toBeGreaterThan(scrolled);
    expect(row()).toBe(before);
  });
});
