import React from 'react';
import { act } from 'react';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { Pager, rowSegments } from '../../components/Pager.js';
import { openLog, TextLineSource } from '../../src/pager/log-reader.js';
import { copyToClipboard, parseOsc52, type CopyReport } from '../../src/app/clipboard.js';
import { PagerModel } from '../../src/pager/pager-model.js';
import { frame, KEYS, renderAct, unmountAct, type Rendered } from './act-helpers.js';

const WIDTH = 50;
const HEIGHT = 8; // 7 content rows + status line

const lines = (n: number, f = (i: number) => `row ${i}`) => Array.from({ length: n }, (_, i) => f(i)).join('\n');

interface Harness {
  r: Rendered;
  model: PagerModel;
  closed: number;
  copies: CopyReport[];
  osc: string[];
}

async function mount(text: string, opts: { wrap?: boolean; title?: string } = {}): Promise<Harness> {
  const model = new PagerModel(new TextLineSource(text), { width: WIDTH, height: HEIGHT - 1 }, opts);
  const h = { model, closed: 0, copies: [] as CopyReport[], osc: [] as string[] } as Harness;
  h.r = await renderAct(
    <Pager
      model={model}
      title={opts.title ?? 'npm test'}
      width={WIDTH}
      height={HEIGHT}
      onClose={() => { h.closed++; }}
      onCopied={(rep) => h.copies.push(rep)}
      copy={(t) => copyToClipboard(t, { write: (s) => h.osc.push(s), program: null })}
    />,
  );
  await act(async () => { await model.idle(); });
  return h;
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

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

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

  it('closes its source when it unmounts', async () => {
    class CountingSource extends TextLineSource {
      closes = 0;
      override async close() { this.closes++; }
    }
    const source = new CountingSource(lines(3));
    const model = new PagerModel(source, { width: WIDTH, height: HEIGHT - 1 });
    const r = await renderAct(<Pager model={model} title="t" width={WIDTH} height={HEIGHT} onClose={() => {}} copy={async () => { throw new Error("no clipboard in this test"); }} />);
    expect(source.closes).toBe(0);
    await act(async () => {
      r.unmount();
      await model.idle();
      await new Promise((res) => setImmediate(res));
    });
    expect(source.closes).toBe(1);
  });

  it('q and Esc close; other keys do nothing', async () => {
    const h = await mount(lines(3));
    await keys(h, 'x', 'Z');
    expect(h.closed).toBe(0);
    await keys(h, 'q');
    expect(h.closed).toBe(1);
    await keys(h, KEYS.esc);
    expect(h.closed).toBe(2);
    await unmountAct(h.r);
  });

  it('y copies the whole output as clean text through OSC 52', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inkling-pager-ui-'));
    dirs.push(dir);
    const path = join(dir, 'bash.log');
    writeFileSync(path, '\x1b[32mPASS\x1b[0m a.test.ts   \r\n10%\r100%\r\n' + lines(500) + '\n');
    const model = new PagerModel(await openLog(path), { width: WIDTH, height: HEIGHT - 1 });
    const osc: string[] = [];
    const copies: CopyReport[] = [];
    const r = await renderAct(
      <Pager model={model} title="bash.log" width={WIDTH} height={HEIGHT} onClose={() => {}}
        onCopied={(rep) => copies.push(rep)} copy={(t) => copyToClipboard(t, { write: (s) => osc.push(s), program: null })} />,
    );
    await act(async () => { await model.idle(); });
    await act(async () => {
      r.stdin.write('y');
      await new Promise((res) => setImmediate(res));
      await model.idle();
    });
    expect(copies).toHaveLength(1);
    expect(parseOsc52(osc.join(''))?.text).toBe(`PASS a.test.ts\n100%\n${lines(500)}`);
    expect(frame(r).split('\n')[HEIGHT - 1]).toMatch(/^copied 502 lines/);
    await unmountAct(r);
  });

  it('y refuses to copy part of an output larger than the copy limit, and says where the log is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inkling-pager-ui-'));
    dirs.push(dir);
    const path = join(dir, 'huge.log');
    writeFileSync(path, lines(3000) + '\n');
    const model = new PagerModel(await openLog(path), { width: WIDTH, height: HEIGHT - 1 });
    const osc: string[] = [];
    const r = await renderAct(
      <Pager model={model} title="huge.log" width={WIDTH} height={HEIGHT} onClose={() => {}} copyMaxChars={1024}
        copy={(t) => copyToClipboard(t, { write: (s) => osc.push(s), program: null })} />,
    );
    await act(async () => {
      r.stdin.write('y');
      await new Promise((res) => setImmediate(res));
      await model.idle();
    });
    expect(osc).toEqual([]);
    expect(model.store.getState().message).toBe(`not copied: output is over 1 KB — full log: ${path}`);
    await unmountAct(r);
  });
});
