// History mode in the real App (ink-testing-library): every key, the selection kept in view,
// expand in place, the filter, copy as OSC 52, and the way back to the input.
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { screenLayout } from '../../components/screen-layout.js';
import { selectedItem } from '../../src/store/history-mode.js';
import { copyToClipboard, parseOsc52 } from '../../src/app/clipboard.js';
import { frame, KEYS, press, renderAct, settle, settleUntil, unmountAct, type Rendered } from './act-helpers.js';
import { apply, bashCall, readCall, turn } from './history-fixtures.js';

interface H { r: Rendered; store: AppStore; osc: string[] }
let h: H | null = null;
afterEach(async () => {
  if (h) await unmountAct(h.r);
  h = null;
});

const SEQ = Array.from({ length: 30 }, (_, i) => `seq-line-${i + 1}`);

/** Two turns: prompt, read, bash (30 lines), answer; prompt, bash, read, answer. */
async function renderSession(extra: (store: AppStore) => void = () => {}): Promise<H> {
  const store = createAppStore({}, { layout: screenLayout });
  apply(store, turn('first prompt', [readCall('r1', 'src/alpha.ts', 'export const alpha = 1;'), bashCall('b1', 'seq 1 30', SEQ)], 'first answer'));
  apply(store, turn('second prompt', [bashCall('b2', 'echo beta', ['beta']), readCall('r2', 'src/gamma.ts', 'gamma')], 'second answer'));
  extra(store);
  const osc: string[] = [];
  const copy = (text: string) => copyToClipboard(text, { write: (s) => osc.push(s), program: null });
  const r = await renderAct(
    <App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/w' }} historyEnv={{ copy }} />,
  );
  return { r, store, osc };
}

const sel = (x: H) => x.store.getState().history.selectedId;
const mode = (x: H) => x.store.getState().mode;
/** The row the selection bar is on. */
const selectedRow = (x: H) => frame(x.r).split('\n').find((l) => l.startsWith('▌')) ?? '';

// Stops in order: user, read, bash, answer, user, bash, read, answer.
const ORDER = ['user', 'r1', 'b1', 'text', 'user', 'b2', 'r2', 'text'];
const kindOf = (id: string | null) => (id?.startsWith('user') ? 'user' : id?.startsWith('text') ? 'text' : id);

describe('history mode', () => {
  it('Ctrl+O enters on the newest stop; the status line says so and lists keys', async () => {
    h = await renderSession();
    await press(h.r, KEYS.ctrlO);
    expect(mode(h)).toBe('history');
    expect(kindOf(sel(h))).toBe('text');
    const f = frame(h.r);
    expect(f).toContain('HISTORY 8/8');
    expect(f).toContain('Enter expand');
    expect(selectedRow(h)).toContain('second answer');
  });

  it('↑/k and ↓/j walk every stop in order and wrap at both ends; g/G go to the ends', async () => {
    h = await renderSession();
    await press(h.r, KEYS.ctrlO, 'g');
    const seen = [kindOf(sel(h))];
    for (let i = 0; i < 7; i++) {
      await press(h.r, i % 2 === 0 ? KEYS.down : 'j');
      seen.push(kindOf(sel(h)));
    }
    expect(seen).toEqual(ORDER);
    await press(h.r, 'j');
    expect(kindOf(sel(h))).toBe('user'); // wrapped to the first
    expect(selectedRow(h)).toContain('first prompt');
    await press(h.r, 'k');
    expect(kindOf(sel(h))).toBe('text'); // and back to the last
    await press(h.r, KEYS.up, 'k');
    expect(sel(h)).toBe('b2');
    expect(selectedRow(h)).toContain('echo beta');
    await press(h.r, 'G');
    expect(kindOf(sel(h))).toBe('text');
    // Keys faster than the reads arrive in one chunk: each still counts.
    await press(h.r, 'kk');
    expect(sel(h)).toBe('b2');
  });

  it('keys after the one that leaves history mode, in the same read, go to the prompt', async () => {
    h = await renderSession();
    // 'q' then Ctrl+C typed faster than the app reads: the Ctrl+C arms the exit on the prompt.
    await press(h.r, KEYS.ctrlO, 'q' + KEYS.ctrlC);
    expect(mode(h)).toBe('input');
    expect(frame(h.r)).toContain('press Ctrl+C again to exit');
    // 'q' then text: the text is typed into the prompt.
    await press(h.r, KEYS.ctrlO, 'qhi');
    expect(mode(h)).toBe('input');
    expect(h.store.getState().input.text).toBe('hi');
  });

  it('[ and ] jump between the person\'s prompts', async () => {
    h = await renderSession();
    await press(h.r, KEYS.ctrlO, '[');
    expect(selectedItem(h.store.getState())).toMatchObject({ kind: 'user', text: 'second prompt' });
    await press(h.r, '[');
    expect(selectedItem(h.store.getState())).toMatchObject({ kind: 'user', text: 'first prompt' });
    await press(h.r, '[');
    expect(frame(h.r)).toContain('no earlier prompt');
    await press(h.r, ']');
    expect(selectedItem(h.store.getState())).toMatchObject({ kind: 'user', text: 'second prompt' });
  });

  it('Enter expands in place (whole input and output), Space collapses; the state outlives new output and the mode', async () => {
    h = await renderSession();
    await press(h.r, KEYS.ctrlO, 'g', 'j', 'j');
    expect(sel(h)).toBe('b1');
    // Collapsed, a finished bash card shows its last rows only.
    expect(frame(h.r)).not.toContain('seq-line-20');
    await press(h.r, KEYS.enter);
    expect(h.store.getState().expanded).toEqual({ b1: true });
    let f = frame(h.r);
    expect(f).toMatch(/input\n▌ {5}seq 1 30\n▌ {3}output\n/);
    expect(f).toContain('seq-line-20');
    expect(f).toContain('seq-line-30');
    // Bounded to the viewport, newest rows kept: the rest is one `o` away.
    expect(f).toMatch(/… \d+ earlier lines — o opens the pager/);
    expect(f).not.toContain('seq-line-1\n');
    // New output arrives: the call stays expanded.
    apply(h.store, turn('third prompt', [bashCall('b3', 'echo new', ['new'])], 'third answer'));
    await settle();
    expect(h.store.getState().expanded).toEqual({ b1: true });
    await press(h.r, 'q');
    expect(mode(h)).toBe('input');
    expect(h.store.getState().expanded).toEqual({ b1: true });
    await press(h.r, KEYS.ctrlO, 'g', 'j', 'j', ' ');
    expect(sel(h)).toBe('b1');
    expect(h.store.getState().expanded).toEqual({});
    f = frame(h.r);
    expect(f).not.toContain('seq-line-20');
  });

  it('a long pasted prompt shows collapsed in the transcript and expands in history mode', async () => {
    const pasted = `${Array.from({ length: 120 }, (_, i) => `paste-line-${i + 1}`).join('\n')}\n`;
    h = await renderSession((store) => apply(store, turn(pasted, [], 'third answer')));
    let f = frame(h.r);
    expect(f).toContain('› paste-line-1\n');
    expect(f).toContain('paste-line-8\n');
    expect(f).not.toContain('paste-line-9\n');
    expect(f).toContain('… 112 more lines — Ctrl+O, Enter expands');
    expect(f).toContain('third answer');
    await press(h.r, KEYS.ctrlO, KEYS.up);
    expect(kindOf(sel(h))).toBe('user');
    await press(h.r, KEYS.enter);
    f = frame(h.r);
    expect(f).toContain('paste-line-9\n');
    expect(f).toMatch(/… \d+ more lines — o opens the pager/);
    await press(h.r, ' ');
    expect(frame(h.r)).not.toContain('paste-line-9\n');
  });

  it('PgUp/PgDn move a page of stops and the viewport keeps the selection in view', async () => {
    h = await renderSession((store) => {
      const calls = Array.from({ length: 40 }, (_, i) => readCall(`many${i}`, `src/file-${i}.ts`, 'x'));
      apply(store, turn('many reads', calls, 'done reading'));
    });
    await press(h.r, KEYS.ctrlO, KEYS.pageUp);
    const first = sel(h)!;
    // About a page of rows (one row per read) above the last stop.
    expect(Number(first.slice(4))).toBeLessThan(32);
    expect(Number(first.slice(4))).toBeGreaterThan(18);
    expect(selectedRow(h)).toContain(`file-${first.slice(4)}.ts`);
    await press(h.r, KEYS.pageUp);
    const up = sel(h)!;
    expect(up).toMatch(/^many\d+$/);
    expect(Number(up.slice(4))).toBeLessThan(Number(first.slice(4)) - 10);
    expect(selectedRow(h)).toContain(`file-${up.slice(4)}.ts`);
    // A margin keeps rows of context above the selection.
    const rows = frame(h.r).split('\n');
    const at = rows.findIndex((l) => l.startsWith('▌'));
    expect(rows[at - 1]).toContain(`file-${Number(up.slice(4)) - 1}.ts`);
    await press(h.r, KEYS.pageDown);
    expect(Number(sel(h)!.slice(4))).toBeGreaterThan(Number(up.slice(4)));
    expect(selectedRow(h)).toContain(`file-${sel(h)!.slice(4)}.ts`);
    await press(h.r, 'g');
    expect(selectedRow(h)).toContain('first prompt');
  });

  it('output arriving below does not move the selection on screen', async () => {
    h = await renderSession();
    await press(h.r, KEYS.ctrlO, 'k', 'k');
    expect(sel(h)).toBe('b2');
    const rowOf = () => frame(h!.r).split('\n').findIndex((l) => l.startsWith('▌'));
    const before = rowOf();
    apply(h.store, turn('more', [bashCall('b9', 'echo more', ['m1', 'm2', 'm3'])], 'more done'));
    await settle();
    expect(frame(h.r)).toContain('echo beta');
    expect(rowOf()).toBe(before);
  });

  it('/ filters the stops by text; Esc clears the filter, a second Esc leaves', async () => {
    h = await renderSession();
    await press(h.r, KEYS.ctrlO, '/', ...'gamma');
    expect(frame(h.r)).toContain('filter: gamma');
    await press(h.r, KEYS.enter);
    let f = frame(h.r);
    expect(f).toContain('src/gamma.ts');
    expect(f).not.toContain('src/alpha.ts');
    expect(f).toContain('HISTORY 1/1 matching “gamma”');
    expect(sel(h)).toBe('r2');
    await press(h.r, KEYS.esc);
    expect(mode(h)).toBe('history');
    f = frame(h.r);
    expect(f).toContain('echo beta');
    expect(sel(h)).toBe('r2');
    // Output is searched too; Backspace edits the filter.
    await press(h.r, '/', ...'seq-line-27x', KEYS.backspace, KEYS.enter);
    expect(sel(h)).toBe('b1');
    await press(h.r, KEYS.esc, KEYS.esc);
    expect(mode(h)).toBe('input');
  });

  it('with a filter that matches nothing, keys that act on a call say "nothing selected" and do nothing', async () => {
    h = await renderSession();
    await press(h.r, KEYS.ctrlO, '/', ...'no-such-text', KEYS.enter);
    expect(frame(h.r)).toContain('no-such-text');
    const before = h.store.getState();
    for (const key of ['d', 'p', 'u', 'R', 'o', 'y', 'Y', KEYS.enter]) {
      await press(h.r, key);
      const s = h.store.getState();
      expect(s.mode, key).toBe('history');
      expect(s.revert, key).toBeNull();
      expect(s.expanded, key).toEqual(before.expanded);
      expect(s.items.some((i) => i.kind === 'tool' && i.contextEdit), key).toBe(false);
      expect(frame(h.r), key).toContain('nothing selected');
    }
    expect(h.osc).toEqual([]);
  });

  it('y copies the whole output as OSC 52 (base64 of exactly the clean text, from the log); Y the command', async () => {
    h = await renderSession();
    await press(h.r, KEYS.ctrlO, 'g', 'j', 'j');
    await press(h.r, 'y');
    // The copy reads the log from disk: wait for it rather than for a fixed time.
    const hh = h;
    await settleUntil(() => hh.osc.length > 0 && frame(hh.r).includes('copied'));
    expect(h.osc).toHaveLength(1);
    expect(h.osc[0]).toBe(`\x1b]52;c;${Buffer.from(SEQ.join('\n')).toString('base64')}\x07`);
    expect(parseOsc52(h.osc[0]!)?.text).toBe(SEQ.join('\n'));
    expect(frame(h.r)).toContain('copied 30 lines');
    await press(h.r, 'Y');
    await settleUntil(() => hh.osc.length > 1);
    expect(parseOsc52(h.osc[1]!)?.text).toBe('seq 1 30');
    expect(frame(h.r)).toContain('copied 1 line');
  });

  it('keys history mode does not bind do nothing; Esc, q, i and Ctrl+O go back and the next key types', async () => {
    h = await renderSession();
    await press(h.r, KEYS.esc); // idle, empty input: Esc enters history mode
    expect(mode(h)).toBe('history');
    const before = h.store.getState();
    await press(h.r, 'x', 'z', KEYS.tab, KEYS.left);
    const after = h.store.getState();
    expect(after.history).toEqual(before.history);
    expect(after.input.text).toBe('');
    expect(after.mode).toBe('history');
    await press(h.r, 'q');
    for (const key of [KEYS.esc, 'q', 'i', KEYS.ctrlO]) {
      await press(h.r, KEYS.ctrlO);
      expect(mode(h)).toBe('history');
      await press(h.r, key, 'a');
      expect(mode(h)).toBe('input');
      expect(h.store.getState().input.text).toBe('a');
      await press(h.r, KEYS.backspace);
    }
    // Esc with text in the input does not enter history mode.
    await press(h.r, 'w', KEYS.esc);
    expect(mode(h)).toBe('input');
  });

  it('the help overlay lists history, pager and shell-focus keys and no approval keys', async () => {
    h = await renderSession();
    await press(h.r, '?');
    const pages: string[] = [frame(h.r)];
    for (let i = 0; i < 6; i++) {
      await press(h.r, KEYS.pageDown);
      pages.push(frame(h.r));
    }
    const all = pages.join('\n');
    expect(all).toContain('History mode');
    expect(all).toContain('expand / collapse');
    expect(all).toContain('Shell focus');
    expect(all).toContain('search forward');
    expect(all).not.toContain('Approval');
  });
});
