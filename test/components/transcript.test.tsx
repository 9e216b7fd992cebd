import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import type { AgentEvent } from '../../src/core/events.js';
import type { ToolDetails } from '../../src/core/tools/details.js';
import { createAppStore } from '../../src/store/app-store.js';
import { applyEvents } from '../../src/store/apply-events.js';
import { itemRenderCount, viewWindow } from '../../components/transcript-layout.js';
import { frame, KEYS, press, unmountAct } from './act-helpers.js';
import { renderApp, type Harness } from './app-harness.js';

function bigSession(calls: number): AgentEvent[] {
  const events: AgentEvent[] = [{ type: 'turn_start', prompt: 'big' }];
  for (let i = 0; i < calls; i++) {
    const lines = Array.from({ length: 40 }, (_, j) => `call ${i} line ${j}`);
    events.push(
      { type: 'tool_call', id: `c${i}`, name: 'bash', input: { command: `echo ${i}` }, readOnly: false },
      { type: 'tool_status', id: `c${i}`, status: 'running' },
      {
        type: 'tool_result', id: `c${i}`, content: lines.join('\n'), isError: false, durationMs: 12,
        details: { kind: 'bash', command: `echo ${i}`, snapshot: { cols: 80, rows: 12, lines, totalLines: 40 }, running: false,
          exitCode: 0, signal: null, timedOut: false, logPath: '/tmp/x', totalBytes: 100 },
      },
    );
  }
  events.push({ type: 'turn_end', reason: 'end_turn' });
  return events;
}

let h: Harness | null = null;
afterEach(async () => {
  if (h) await unmountAct(h.r);
  h = null;
});

describe('virtualized transcript', () => {
  it('renders only the visible rows of a 1,000-call session', async () => {
    h = await renderApp();
    const before = itemRenderCount();
    await act(async () => {
      h!.store.setState((s) => applyEvents(s, bigSession(1000), 0));
    });
    const rendered = itemRenderCount() - before;
    // Each collapsed bash card is 6 rows: a screenful needs a handful of them, not 1,000.
    expect(rendered).toBeLessThan(10);
    const f = frame(h.r);
    expect(f).toContain('call 999 line 39');
    expect(f).not.toContain('call 990 ');
    expect(f.split('\n')).toHaveLength(23);
  });

  it('scrolls with PgUp/PgDn and Shift+↑/↓, says when activity arrives below, End follows again', async () => {
    h = await renderApp();
    await act(async () => {
      h!.store.setState((s) => applyEvents(s, bigSession(50), 0));
    });
    const rows = h.store.layout.mainRows(h.store.getState());
    await press(h.r, KEYS.pageUp);
    expect(h.store.getState().scrollBack).toBe(rows - 1);
    expect(frame(h.r)).toMatch(/↑ \d+ lines up — End to follow/);
    await press(h.r, KEYS.shiftUp, KEYS.shiftUp, KEYS.shiftDown);
    expect(h.store.getState().scrollBack).toBe(rows);
    expect(frame(h.r)).not.toContain('call 49 line 39');
    await act(async () => {
      h!.session.binding.push({ type: 'notice', message: 'fresh news' });
      h!.session.binding.flush();
    });
    expect(frame(h.r)).toContain('↓ new activity below — End to follow');
    expect(frame(h.r)).not.toContain('fresh news');
    await press(h.r, KEYS.pageDown, KEYS.pageDown);
    expect(h.store.getState().scrollBack).toBe(0);
    expect(frame(h.r)).toContain('fresh news');
    await press(h.r, KEYS.pageUp, KEYS.end);
    expect(h.store.getState().scrollBack).toBe(0);
    expect(h.store.getState().newBelow).toBe(false);
  });

  it('scrolls with the mouse wheel only after /mouse turns mouse mode on', async () => {
    h = await renderApp();
    await act(async () => {
      h!.store.setState((s) => applyEvents(s, bigSession(20), 0));
    });
    expect(h.store.getState().mouse).toBe(false);
    await press(h.r, '/', 'm', 'o', 'u', KEYS.tab, KEYS.enter);
    expect(h.mouse).toEqual([true]);
    expect(frame(h.r)).toContain('mouse mode on');
    await press(h.r, '\x1b[<64;10;5M', '\x1b[<64;10;5M');
    expect(h.store.getState().scrollBack).toBe(6);
    await press(h.r, '\x1b[<65;10;5M', '\x1b[<0;10;5M', '\x1b[<0;10;5m');
    expect(h.store.getState().scrollBack).toBe(3);
    // Clicks are not typed into the prompt.
    expect(h.store.getState().input.text).toBe('');
    await press(h.r, '/', 'm', 'o', 'u', KEYS.tab, KEYS.enter);
    expect(h.mouse).toEqual([true, false]);
  });

  it('draws an item that cannot be drawn as an error row, keeping the rest', () => {
    const s = createAppStore().getState();
    // Details of a shape no renderer expects (a tool that broke its own contract).
    const bad = { kind: 'edit', path: 'a.ts', diff: '', hunks: null, replacements: 1, created: false } as unknown as ToolDetails;
    const items = applyEvents(s, [
      { type: 'turn_start', prompt: 'a' },
      { type: 'tool_call', id: 'bad', name: 'edit_file', input: { path: 'a.ts' }, readOnly: false },
      { type: 'tool_result', id: 'bad', content: 'ok', isError: false, details: bad, durationMs: 1 },
    ], 0).items!;
    const win = viewWindow(items, 10, 60, 0, 0, 0, 0);
    expect(win.rows.slice(0, 2)).toEqual(['› a', '']);
    expect(win.rows[2]).toMatch(/^✗ could not draw this tool: .*null/);
    expect(win.rows).toHaveLength(3);
  });

  it('stops scrolling at the top of the transcript', () => {
    const s = createAppStore().getState();
    const items = applyEvents(s, [{ type: 'turn_start', prompt: 'a' }, { type: 'text_delta', text: 'b' }], 0).items!;
    const win = viewWindow(items, 10, 40, 50, 0, 0, 0);
    expect(win.scrollBack).toBe(0);
    expect(win.atTop).toBe(true);
    expect(win.rows).toEqual(['› a', '', '  b']);
  });
});
