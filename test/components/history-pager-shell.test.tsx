// History mode's `o` (the pager over a bash call's whole log) and Ctrl+T (keys into a running
// command) in the real App.
import stripAnsi from 'strip-ansi';
import { applyPaletteTheme } from '../../components/palette.js';
import React from 'react';
import { appendFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../components/App.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { screenLayout } from '../../components/screen-layout.js';
import { spyDoor } from '../helpers/spy-door.js';
import { frame, KEYS, press, renderAct, settle, unmountAct, type Rendered } from './act-helpers.js';
import { apply, bashCall, bashDetails, turn } from './history-fixtures.js';

interface H { r: Rendered; store: AppStore; written: string[] }
let h: H | null = null;
afterEach(async () => {
  if (h) await unmountAct(h.r);
  h = null;
  applyPaletteTheme('dark', { noColor: true });
});

/** A store whose door takes the keys typed into a running command (written). */
function storeWithDoor(): AppStore {
  const door = spyDoor();
  const written: string[] = [];
  door.on('writeToCommand', (r) => written.push(r.data) > 0);
  return Object.assign(createAppStore({}, { layout: screenLayout, door }), { written });
}

async function render(store: AppStore): Promise<H> {
  const written = (store as AppStore & { written: string[] }).written;
  const r = await renderAct(
    <App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/w' }} />,
  );
  return { r, store, written };
}

async function until(check: () => boolean, what: string, x: H): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await settle(10);
  if (!check()) throw new Error(`timed out waiting for ${what}; frame:\n${frame(x.r)}`);
}

const LOG = Array.from({ length: 200 }, (_, i) => `log line ${i + 1}`);
const pagerStatus = (x: H) => frame(x.r).split('\n').filter((l) => l.trim() !== '').at(-1) ?? '';

describe('the pager from history mode', () => {
  it('o shows the whole log (not only the pane), scrolls, searches, and q returns to the same selection', async () => {
    const store = storeWithDoor();
    apply(store, turn('go', [bashCall('long', 'seq-ish', LOG, { kept: 5 }), bashCall('short', 'echo hi', ['hi'])], 'done'));
    h = await render(store);
    await press(h.r, KEYS.ctrlO, 'g', 'j');
    expect(h.store.getState().history.selectedId).toBe('long');
    await press(h.r, 'o');
    const x = h;
    await until(() => frame(x.r).includes('log line 1\n'), 'the pager', x);
    expect(h.store.getState().mode).toBe('pager');
    expect(pagerStatus(h)).toMatch(/bash seq-ish {2}lines 1–22\/200/);
    await press(h.r, 'j', 'j', KEYS.pageDown);
    await until(() => /lines 25–46\/200/.test(pagerStatus(x)), 'a line and a page down', x);
    expect(frame(h.r).split('\n')[0]).toBe('log line 25');
    await press(h.r, 'G');
    await until(() => frame(x.r).includes('log line 200'), 'the end', x);
    await press(h.r, 'g', '/', ...'line 150', KEYS.enter);
    await until(() => pagerStatus(x).includes('/line 150 1/1'), 'the match', x);
    expect(frame(h.r)).toContain('log line 150');
    expect(frame(h.r)).not.toContain('log line 1\n');
    await press(h.r, 'q');
    await until(() => x.store.getState().mode === 'history', 'history mode again', x);
    expect(h.store.getState().history.selectedId).toBe('long');
    expect(frame(h.r)).toContain('HISTORY 2/4');
  });

  it('over a running command re-reads the log while it runs; when it ends, reads its last lines once and leaves no timer armed', async () => {
    // Only the pager's re-read interval is fake: it never fires, so what shows came from the read at the end.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const store = storeWithDoor();
      const details = bashDetails('seq-ish', ['first line'], { running: true });
      apply(store, [
        { type: 'turn_start', prompt: 'go' },
        { type: 'tool_call', id: 'cmd', name: 'bash', input: { command: 'seq-ish' }, readOnly: false },
        { type: 'tool_status', id: 'cmd', status: 'running' },
        { type: 'tool_output', id: 'cmd', details },
      ]);
      h = await render(store);
      await press(h.r, KEYS.ctrlO, 'G', 'o');
      const x = h;
      await until(() => pagerStatus(x).includes('bash seq-ish'), 'the pager', x);
      expect(frame(h.r)).toContain('first line');
      expect(vi.getTimerCount()).toBe(1);
      appendFileSync(details.logPath, 'last line\r\n');
      apply(h.store, [{ type: 'tool_result', id: 'cmd', content: 'first line\nlast line', isError: false, durationMs: 5 }]);
      await until(() => frame(x.r).includes('last line'), 'the last line', x);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

function runningBash(store: AppStore, id: string, at = Date.now()): void {
  apply(
    store,
    [
      { type: 'turn_start', prompt: 'ask me' },
      { type: 'tool_call', id, name: 'bash', input: { command: 'read -p "name? " n; echo hi $n' }, readOnly: false },
      { type: 'tool_status', id, status: 'running' },
      { type: 'tool_output', id, details: bashDetails('read -p', ['name? '], { running: true }) },
    ],
    at,
  );
}

describe('Ctrl+T: typing into a running command', () => {
  it('sends every key to the pty as the terminal sent it; Ctrl+T gives the keys back', async () => {
    applyPaletteTheme('dark', { noColor: true, level: 1 }); // inverse, the caret, without colours
    const store = storeWithDoor();
    runningBash(store, 'cmd');
    h = await render(store);
    await press(h.r, 'x', KEYS.backspace); // the input still works before focus
    await press(h.r, '\x14');
    expect(h.store.getState().mode).toBe('shell');
    let f = frame(h.r);
    expect(f).toContain('keys go to the command — Ctrl+T to return');
    expect(f.match(/keys go to the command/g)).toHaveLength(2); // the pane's border and the status line
    // One caret on screen, in the pane after the program's question; the prompt box has none.
    const raw = h.r.lastFrame() ?? '';
    expect(raw.split('\x1b[7m')).toHaveLength(2);
    const caretRow = raw.split('\n').find((l) => l.includes('\x1b[7m'))!;
    expect(stripAnsi(caretRow)).toMatch(/│ name\? ?\s*$/);
    expect(f).toContain('the command above has the keys');
    await press(h.r, 'b', 'o', KEYS.backspace, KEYS.up, KEYS.ctrlC, KEYS.esc, '\x1b[15~', KEYS.enter);
    expect(h.written).toEqual(['b', 'o', '\x7f', '\x1b[A', '\x03', '\x1b', '\x1b[15~', '\r']);
    expect(h.store.getState().input.text).toBe('');
    expect(h.store.getState().phase).not.toBe('idle'); // Ctrl+C and Esc did not interrupt the turn
    await press(h.r, '\x14');
    expect(h.store.getState().mode).toBe('input');
    await press(h.r, 'z');
    expect(h.store.getState().input.text).toBe('z');
    expect(h.written).toHaveLength(8);
    f = frame(h.r);
    expect(f).not.toContain('keys go to the command');
    expect(f).not.toContain('the command above has the keys');
    // The caret is back in the prompt box (and only there).
    await press(h.r, KEYS.backspace);
    const back = h.r.lastFrame() ?? '';
    expect(back.split('\x1b[7m')).toHaveLength(2);
    expect(stripAnsi(back.split('\n').find((l) => l.includes('\x1b[7m'))!)).toContain('Ask anything');
  });

  it('in history mode focuses the selected command, and focus returns when the command ends', async () => {
    const store = storeWithDoor();
    runningBash(store, 'cmd');
    h = await render(store);
    await press(h.r, KEYS.ctrlO, 'G');
    expect(h.store.getState().history.selectedId).toBe('cmd');
    await press(h.r, '\x14');
    expect(h.store.getState().shellFocus).toEqual({ id: 'cmd', returnTo: 'history' });
    await press(h.r, 'y');
    expect(h.written).toEqual(['y']);
    apply(h.store, [{ type: 'tool_result', id: 'cmd', content: 'hi y', isError: false, durationMs: 5 }]);
    const x = h;
    await until(() => x.store.getState().mode === 'history', 'focus to come back', x);
    expect(h.store.getState().shellFocus).toBeNull();
  });

  it('follows the command\'s key modes from its snapshot (application cursor keys, bracketed paste)', async () => {
    const store = storeWithDoor();
    runningBash(store, 'less');
    const d = bashDetails('less', ['page'], { running: true });
    apply(store, [{ type: 'tool_output', id: 'less', details: { ...d, snapshot: { ...d.snapshot, applicationCursorKeys: true, bracketedPaste: true } } }]);
    h = await render(store);
    await press(h.r, '\x14', KEYS.up, KEYS.pasteStart + 'pasted' + KEYS.pasteEnd);
    expect(h.written.join('')).toBe('\x1bOA' + KEYS.pasteStart + 'pasted' + KEYS.pasteEnd);
  });

  it('says so when nothing runs', async () => {
    const store = storeWithDoor();
    apply(store, turn('go', [bashCall('done', 'true', [])], 'ok'));
    h = await render(store);
    await press(h.r, '\x14');
    expect(h.store.getState().mode).toBe('input');
    expect(frame(h.r)).toContain('no running command to type into');
  });

  it('a running command silent for 5 s hints that it may be waiting for input', async () => {
    const store = storeWithDoor();
    runningBash(store, 'quiet', Date.now() - 6000);
    runningBash(store, 'chatty');
    h = await render(store);
    const f = frame(h.r);
    expect(f.match(/may be waiting for input/g)).toHaveLength(1);
  });
});
