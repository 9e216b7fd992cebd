import React from 'react';
import { act } from 'react';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { rowSegments } from '../../components/Pager.js';
import { App } from '../../components/App.js';
import { screenLayout } from '../../components/screen-layout.js';
import { TextLineSource } from '../../src/pager/log-reader.js';
import { copyToClipboard, parseOsc52 } from '../../src/app/clipboard.js';
import { PagerModel } from '../../src/pager/pager-model.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { pagerOpened, pagerOpening } from '../../src/store/pager-actions.js';
import { OpenPager, openPager, openPagerOf } from '../../src/keys/pager-open.js';
import { COPY_MAX_CHARS } from '../../src/keys/pager-keys.js';
import { toSafeText } from '../../src/core/text/safe-text.js';
import { apply, bashDetails, turn } from './history-fixtures.js';
import { frame, KEYS, renderAct, settleUntil, unmountAct, type Rendered } from './act-helpers.js';

const WIDTH = 50;
const HEIGHT = 8; // 7 content rows + status line

const lines = (n: number, f = (i: number) => `row ${i}`) => Array.from({ length: n }, (_, i) => f(i)).join('\n');

interface Harness {
  r: Rendered;
  store: AppStore;
  model: PagerModel;
  osc: string[];
}

/** The App at WIDTH × HEIGHT + 1 (the pager takes every row but one) around a store whose clipboard records its OSC 52. */
async function renderPagerApp(): Promise<Omit<Harness, 'model'>> {
  const osc: string[] = [];
  const store = createAppStore({}, { layout: screenLayout, terminal: { copy: (t) => copyToClipboard(t, { write: (s) => osc.push(s), program: null }) } });
  const r = await renderAct(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/w' }} />);
  Object.defineProperty(r.stdout, 'columns', { get: () => WIDTH });
  Object.defineProperty(r.stdout, 'rows', { get: () => HEIGHT + 1 });
  await act(async () => {
    r.stdout.emit('resize');
  });
  return { r, store, osc };
}

/** Waits until the store's pager is open and its first page is drawn. */
async function opened(h: Omit<Harness, 'model'>): Promise<Harness> {
  await settleUntil(() => openPagerOf(h.store.getState().pager) !== null);
  const model = openPagerOf(h.store.getState().pager)!.model;
  await act(async () => { await model.idle(); });
  return { ...h, model };
}

/** The pager opened through the store on a text, as /diff opens one. */
async function mount(text: string, opts: { wrap?: boolean; title?: string } = {}): Promise<Harness> {
  const h = await renderPagerApp();
  await act(async () => { openPager(h.store, { kind: 'text', title: opts.title ?? 'npm test', text: toSafeText(text) }); });
  const o = await opened(h);
  if (opts.wrap === false) await keys(o, 'w');
  return o;
}

/** The pager opened through the store on a bash call's log holding `log` (history mode's `o`). */
async function mountLog(log: string): Promise<Harness & { path: string }> {
  const h = await renderPagerApp();
  const details = bashDetails('npm test', []);
  writeFileSync(details.logPath, log);
  await act(async () => apply(h.store, turn('go', [[
    { type: 'tool_call', id: 'cmd', name: 'bash', input: { command: 'npm test' }, readOnly: false },
    { type: 'tool_result', id: 'cmd', content: '', isError: false, durationMs: 5, details },
  ]], 'done')));
  await act(async () => { openPager(h.store, { kind: 'item', id: 'cmd' }); });
  return { ...(await opened(h)), path: details.logPath };
}

/** One stdin write per key, then wait until the model has applied it (and any copy finished). */
async function keys(h: Harness, ...ks: string[]) {
  for (const k of ks) {
    await act(async () => {
      h.r.stdin.write(k);
      await new Promise((res) => setImmediate(res));
      await h.model.idle();
    });
  }
}

const rowsOf = (h: Harness) => frame(h.r).split('\n');

describe('Pager', () => {
  it('fills exactly its height with the first rows and a status line', async () => {
    const h = await mount(lines(100));
    const rows = rowsOf(h);
    expect(rows).toHaveLength(HEIGHT);
    expect(rows.slice(0, 3)).toEqual(['row 0', 'row 1', 'row 2']);
    expect(rows[HEIGHT - 1]).toMatch(/^npm test {2}lines 1–7\/100 7%/);
    await unmountAct(h.r);
  });

  it('scrolls with arrows, j/k, PgUp/PgDn, g and G', async () => {
    const h = await mount(lines(100));
    await keys(h, KEYS.down, 'j');
    expect(rowsOf(h)[0]).toBe('row 2');
    await keys(h, 'k');
    expect(rowsOf(h)[0]).toBe('row 1');
    await keys(h, KEYS.pageDown);
    expect(rowsOf(h)[0]).toBe('row 8');
    await keys(h, KEYS.pageUp, KEYS.up);
    expect(rowsOf(h)[0]).toBe('row 0');
    await keys(h, 'G');
    expect(rowsOf(h).slice(0, 7)).toEqual(['row 93', 'row 94', 'row 95', 'row 96', 'row 97', 'row 98', 'row 99']);
    expect(rowsOf(h)[HEIGHT - 1]).toMatch(/lines 94–100\/100 100%/);
    await keys(h, 'g');
    expect(rowsOf(h)[0]).toBe('row 0');
    await unmountAct(h.r);
  });

  it('searches with /, highlights matches, counts them, and walks them with n/N', async () => {
    const h = await mount(lines(60, (i) => (i % 20 === 15 ? `x needle y needle ${i}` : `row ${i}`)));
    await keys(h, '/', 'n', 'e', 'e', 'd');
    expect(rowsOf(h)[HEIGHT - 1]).toBe('/need'); // the cursor cell is a trailing inverse space
    await keys(h, 'l', 'e', KEYS.enter);
    const v = h.model.store.getState();
    expect(v.current).toEqual({ line: 15, start: 2, end: 8 });
    const row = v.rows.find((r) => r.line === 15)!;
    expect(rowSegments(row)).toEqual([
      { text: 'x ', mark: 'none' },
      { text: 'needle', mark: 'current' },
      { text: ' y ', mark: 'none' },
      { text: 'needle', mark: 'match' },
      { text: ' 15', mark: 'none' },
    ]);
    expect(rowsOf(h)).toContain('x needle y needle 15');
    expect(rowsOf(h)[HEIGHT - 1]).toContain('/needle 1/6');
    await keys(h, 'n', 'n');
    expect(h.model.store.getState().current).toMatchObject({ line: 35, start: 2 });
    expect(rowsOf(h)).toContain('x needle y needle 35');
    expect(rowsOf(h)[HEIGHT - 1]).toContain('/needle 3/6');
    await keys(h, 'N', 'N', 'N');
    expect(h.model.store.getState().current).toMatchObject({ line: 55, start: 11 });
    expect(rowsOf(h)[HEIGHT - 1]).toMatch(/^search wrapped to bottom {2}lines 54–60\/60/);
    expect(h.model.store.getState().matchIndex).toBe(6);
    await unmountAct(h.r);
  });

  it('n after g goes to the first match in or after the view, not to the one after the match last shown', async () => {
    const h = await mount(lines(60, (i) => (i % 5 === 2 ? `needle ${i}` : `row ${i}`)));
    await keys(h, '/', 'n', 'e', 'e', 'd', 'l', 'e', KEYS.enter);
    await keys(h, 'n', 'n', 'n', 'n', 'n', 'n', 'n', 'n', 'n');
    expect(h.model.store.getState().current).toMatchObject({ line: 47 });
    await keys(h, 'g', 'n');
    expect(h.model.store.getState().current).toMatchObject({ line: 2 });
    expect(rowsOf(h)[HEIGHT - 1]).toContain('/needle 1/12');
    // From G (the end in view), N walks back from the last match on screen.
    await keys(h, 'G', 'N');
    expect(h.model.store.getState().current).toMatchObject({ line: 57 });
    // While the match is on screen n goes on from it.
    await keys(h, 'N');
    expect(h.model.store.getState().current).toMatchObject({ line: 52 });
    await unmountAct(h.r);
  });

  it('loses no key when 200 characters are typed into the search box in separate writes', async () => {
    const term = Array.from({ length: 200 }, (_, i) => 'abcdefghijklmnopqrstuvwxyz0123456789'[(i * 7) % 36]).join('');
    const h = await mount(lines(5));
    await keys(h, '/');
    for (const ch of term) h.r.stdin.write(ch); // back to back, no waiting
    await act(async () => { await h.model.idle(); });
    expect(h.model.store.getState().prompt?.text).toBe(term);
    await keys(h, KEYS.enter);
    expect(h.model.store.getState().term).toBe(term);
    await unmountAct(h.r);
  });

  it('w toggles wrap', async () => {
    const h = await mount(['short', 'y'.repeat(110), 'end'].join('\n'));
    expect(rowsOf(h).slice(0, 5)).toEqual(['short', 'y'.repeat(50), 'y'.repeat(50), 'y'.repeat(10), 'end']);
    await keys(h, 'w');
    expect(rowsOf(h).slice(0, 3)).toEqual(['short', 'y'.repeat(50), 'end']);
    expect(rowsOf(h)[HEIGHT - 1]).toContain('nowrap');
    await unmountAct(h.r);
  });

  it('with wrap off, → stops where the widest line ends at the right edge; rows past a line\'s end are blank and the status line stays last', async () => {
    const h = await mount(['short', 'y'.repeat(80) + 'END', 'mid'.repeat(10)].join('\n'), { wrap: false });
    for (let i = 0; i < 6; i++) await keys(h, KEYS.right);
    const rows = rowsOf(h);
    expect(rows).toHaveLength(HEIGHT);
    // 83 columns wide, 50 on screen: the view stops at column 33, the line's end at the edge.
    expect(h.model.store.getState().left).toBe(33);
    expect(rows[1]).toBe('y'.repeat(47) + 'END');
    expect(rows[0]).toBe('');
    expect(rows[2]).toBe('');
    expect(rows[HEIGHT - 1]).toMatch(/^npm test {2}lines 1–3\/3 100% nowrap/);
    await keys(h, KEYS.left, KEYS.left);
    expect(rowsOf(h)[0]).toBe('short');
    await unmountAct(h.r);
  });

  it('shortens a long title, never the position and the match count', async () => {
    const title = `bash ${'x'.repeat(120)}`;
    const h = await mount(lines(60, (i) => (i % 20 === 15 ? `needle ${i}` : `row ${i}`)), { title });
    await keys(h, '/', ...'needle'.split(''), KEYS.enter);
    await h.model.idle();
    const status = rowsOf(h)[HEIGHT - 1]!;
    expect(status).toMatch(/^bash x+… {2}lines 14–20\/60 \d+% {2}\/needle 1\/3$/);
    expect(stringWidth(status)).toBeLessThanOrEqual(WIDTH);
    await unmountAct(h.r);
  });

  it('closes its source when it closes, and a pager closed while its source opens closes the source once open', async () => {
    class CountingSource extends TextLineSource {
      closes = 0;
      override async close() { this.closes++; }
    }
    const h = await renderPagerApp();
    const source = new CountingSource(lines(3));
    const subject = { kind: 'text', title: 't', text: toSafeText('') } as const;
    await act(async () => {
      pagerOpening(h.store, subject, 'input');
      pagerOpened(h.store, subject, new OpenPager(new PagerModel(source, { width: WIDTH, height: HEIGHT - 1 })));
    });
    expect(source.closes).toBe(0);
    await act(async () => { h.r.stdin.write('q'); });
    await settleUntil(() => source.closes === 1);
    expect(source.closes).toBe(1);
    expect(h.store.getState()).toMatchObject({ mode: 'input', pager: null });
    // Closed before its source was open: the source closes as soon as it is.
    const late = new CountingSource(lines(3));
    await act(async () => {
      pagerOpening(h.store, subject, 'input');
      h.r.stdin.write('q');
      await new Promise((res) => setImmediate(res));
      pagerOpened(h.store, subject, new OpenPager(new PagerModel(late, { width: WIDTH, height: HEIGHT - 1 })));
    });
    await settleUntil(() => late.closes === 1);
    expect(late.closes).toBe(1);
    expect(h.store.getState().pager).toBeNull();
    await unmountAct(h.r);
  });

  it('q and Esc close, back to the mode it came from; other keys do nothing', async () => {
    const h = await mount(lines(3));
    await keys(h, 'x', 'Z');
    expect(h.store.getState().mode).toBe('pager');
    await keys(h, 'q');
    expect(h.store.getState()).toMatchObject({ mode: 'input', pager: null });
    await act(async () => { openPager(h.store, { kind: 'text', title: 't', text: toSafeText(lines(3)) }); });
    await keys(await opened(h), KEYS.esc);
    expect(h.store.getState()).toMatchObject({ mode: 'input', pager: null });
    await unmountAct(h.r);
  });

  it('y copies the whole output as clean text through OSC 52', async () => {
    const h = await mountLog('\x1b[32mPASS\x1b[0m a.test.ts   \r\n10%\r100%\r\n' + lines(500) + '\n');
    await keys(h, 'y');
    expect(parseOsc52(h.osc.join(''))?.text).toBe(`PASS a.test.ts\n100%\n${lines(500)}`);
    expect(frame(h.r).split('\n')[HEIGHT - 1]).toMatch(/^copied 502 lines/);
    expect(h.store.getState().flash?.text).toMatch(/^copied 502 lines/);
    await unmountAct(h.r);
  });

  it('y refuses to copy part of an output larger than the copy limit, and says where the log is', async () => {
    // Past the 8 MB limit by a few lines of 100 characters.
    const h = await mountLog(lines(85_000, (i) => `${i}`.padEnd(100, '.')) + '\n');
    await keys(h, 'y');
    expect(h.osc).toEqual([]);
    expect(h.model.store.getState().message).toBe(`not copied: output is over ${COPY_MAX_CHARS / (1 << 20)} MB — full log: ${h.path}`);
    await unmountAct(h.r);
  });
});
