import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openLog, TextLineSource } from '../../src/pager/log-reader.js';
import { columnRange, displayText, PagerModel, wrapOffsets } from '../../src/pager/pager-model.js';
import { KEYMAP } from '../../src/keys/keymap.js';
import { pagerKey } from '../../src/keys/pager-keys.js';
import type { KeyPress } from '../../src/keys/key-names.js';

const PAGER_BINDINGS = KEYMAP.pager;

const numbered = (n: number, f = (i: number) => `line ${i}`) =>
  Array.from({ length: n }, (_, i) => f(i)).join('\n');

/** A key press as key-names.ts reports it: named keys have a name, text has text. */
const k = (name: string): KeyPress => (name.length === 1 ? { name, text: name } : { name, text: '' });
const text = (t: string): KeyPress => ({ name: null, text: t });

async function pager(src: string, size = { width: 20, height: 5 }, wrap = true) {
  const m = new PagerModel(new TextLineSource(src), size, { wrap });
  await m.idle();
  return m;
}
async function press(m: PagerModel, ...keys: (string | KeyPress)[]) {
  for (const key of keys) await pagerKey(m, typeof key === 'string' ? k(key) : key);
  await m.idle();
}
const shown = (m: PagerModel) => m.store.getState().rows.map((r) => r.text);
const state = (m: PagerModel) => m.store.getState();

describe('layout helpers', () => {
  it('wraps by display width, wide characters included', () => {
    expect(wrapOffsets('abcdefghij', 4)).toEqual([0, 4, 8]);
    expect(wrapOffsets('', 4)).toEqual([0]);
    expect(wrapOffsets('ab世界cd', 4)).toEqual([0, 3]); // "ab世" | "界cd"
    expect(wrapOffsets('ab世界cd', 3)).toEqual([0, 2, 3, 5]); // "ab" | "世" | "界c" | "d"
    expect(columnRange('ab世界cd', 2, 4)).toEqual([2, 4]);
  });

  it('expands tabs to 8-column stops', () => {
    expect(displayText('a\tb')).toBe('a       b');
    expect(displayText('12345678\tx')).toBe('12345678        x');
    expect(displayText('世\tx')).toBe('世      x');
  });
});

describe('PAGER_BINDINGS', () => {
  it('binds each key once, so it can be the key map\'s pager context', () => {
    const keys = PAGER_BINDINGS.flatMap((b) => b.keys);
    expect(new Set(keys).size).toBe(keys.length);
    expect(PAGER_BINDINGS.find((b) => b.action === 'close')?.keys).toEqual(['q', 'esc']);
  });
});

describe('scrolling', () => {
  it('moves by line and page, stops at both ends, g and G jump', async () => {
    const m = await pager(numbered(12));
    expect(shown(m)).toEqual(['line 0', 'line 1', 'line 2', 'line 3', 'line 4']);
    await press(m, 'down', 'j');
    expect(state(m).top).toEqual({ line: 2, row: 0 });
    await press(m, 'up', 'up', 'up');
    expect(state(m).top.line).toBe(0);
    await press(m, 'pagedown');
    expect(shown(m)[0]).toBe('line 5');
    await press(m, 'pagedown', 'pagedown');
    expect(shown(m)).toEqual(['line 7', 'line 8', 'line 9', 'line 10', 'line 11']);
    expect(state(m)).toMatchObject({ bottomLine: 12, percent: 100, totalLines: 12 });
    await press(m, 'g');
    expect(shown(m)[0]).toBe('line 0');
    expect(state(m).percent).toBe(41);
    await press(m, 'G');
    expect(shown(m)[4]).toBe('line 11');
    await press(m, 'pageup');
    expect(shown(m)[0]).toBe('line 2');
    await press(m, 'g', ' ', 'b');
    expect(state(m).top.line).toBe(0);
    await press(m, text('  '));
    expect(shown(m)[0]).toBe('line 7'); // space pages down, also when typed twice in one chunk
  });

  it('scrolls wrapped rows one at a time and wrap can be toggled', async () => {
    const x = (n: number) => 'x'.repeat(n);
    const m = await pager(['short', x(45), 'after', 'end', 'e2', 'e3'].join('\n'));
    expect(shown(m)).toEqual(['short', x(20), x(20), x(5), 'after']);
    await press(m, 'down', 'down');
    expect(state(m).top).toEqual({ line: 1, row: 1 });
    expect(shown(m)).toEqual([x(20), x(5), 'after', 'end', 'e2']);
    await press(m, 'w');
    expect(state(m).wrap).toBe(false);
    expect(shown(m)).toEqual([x(20), 'after', 'end', 'e2', 'e3']);
    await press(m, 'w', 'G');
    expect(state(m).top).toEqual({ line: 1, row: 2 });
    expect(shown(m)).toEqual([x(5), 'after', 'end', 'e2', 'e3']);
    await press(m, 'down');
    expect(state(m).top).toEqual({ line: 1, row: 2 }); // the last page stays full
  });

  it('scrolls sideways with wrap off', async () => {
    const m = await pager('0123456789abcdefghijKLMNOPQRST', { width: 10, height: 3 }, false);
    expect(shown(m)).toEqual(['0123456789']);
    await press(m, 'right');
    expect(shown(m)).toEqual(['56789abcde']);
    await press(m, 'left', 'left');
    expect(shown(m)).toEqual(['0123456789']);
  });

  it('ignores keys it does not bind, and reports close and copy', async () => {
    const m = await pager(numbered(3));
    expect(await pagerKey(m, k('x'))).toBeNull();
    expect(await pagerKey(m, k('y'))).toBe('copy');
    expect(await pagerKey(m, k('q'))).toBe('close');
    expect(await pagerKey(m, k('esc'))).toBe('close');
  });

  it('re-lays out on resize without leaving the screen empty', async () => {
    const m = await pager(numbered(10));
    await press(m, 'G');
    await m.resize(20, 8);
    expect(shown(m)).toHaveLength(8);
    expect(shown(m)[7]).toBe('line 9');
  });
});

describe('search', () => {
  it('edits the search prompt with the line editor: Ctrl+W, Alt+B, Ctrl+A, Home like the prompt input', async () => {
    const m = await pager(numbered(30, (i) => (i === 20 ? 'a needle here' : `line ${i}`)));
    await press(m, '/', text('hay stack'), 'ctrl+w');
    expect(state(m).prompt).toEqual({ text: 'hay ', cursor: 4 });
    await press(m, 'alt+b', text('x'), 'ctrl+e', text('y'), 'home', 'ctrl+k');
    expect(state(m).prompt).toEqual({ text: '', cursor: 0 });
    await press(m, text('needle'), 'enter');
    expect(state(m)).toMatchObject({ prompt: null, term: 'needle', current: { line: 20 } });
  });

  const src = numbered(30, (i) => (i % 10 === 3 ? `an ERROR here and error there ${i}` : `fine ${i}`));

  it('types the term through the prompt, jumps to the first match, highlights every match', async () => {
    const m = await pager(src, { width: 40, height: 5 });
    await press(m, '/');
    expect(state(m).prompt).toEqual({ text: '', cursor: 0 });
    await press(m, text('errorr'), 'backspace', 'enter');
    expect(state(m)).toMatchObject({ prompt: null, term: 'error', current: { line: 3, start: 3, end: 8 } });
    expect(state(m)).toMatchObject({ matchCount: 6, countDone: true, matchIndex: 1 });
    const row = state(m).rows.find((r) => r.line === 3)!;
    expect(row.marks).toEqual([
      { start: 3, end: 8, current: true },
      { start: 18, end: 23, current: false },
    ]);
  });

  it('n and N walk matches in order, wrap around, and scroll to them', async () => {
    const m = await pager(src, { width: 40, height: 5 });
    await press(m, text('/error'), 'enter');
    await press(m, 'n');
    expect(state(m).current).toEqual({ line: 3, start: 18, end: 23 });
    await press(m, 'n');
    expect(state(m).current?.line).toBe(13);
    expect(state(m).matchIndex).toBe(3);
    expect(state(m).rows.map((r) => r.line)).toContain(13);
    await press(m, 'n', 'n', 'n');
    expect(state(m)).toMatchObject({ current: { line: 23, start: 18 }, matchIndex: 6 });
    await press(m, 'n');
    expect(state(m)).toMatchObject({ current: { line: 3, start: 3 }, matchIndex: 1, message: 'search wrapped to top' });
    await press(m, 'N');
    expect(state(m)).toMatchObject({ current: { line: 23, start: 18 }, message: 'search wrapped to bottom' });
    await press(m, 'N');
    expect(state(m).current).toEqual({ line: 23, start: 3, end: 8 });
  });

  it('is case-sensitive only when the term has a capital', async () => {
    const m = await pager(src, { width: 40, height: 5 });
    await press(m, text('/ERROR\r'));
    expect(state(m)).toMatchObject({ matchCount: 3, current: { line: 3, start: 3 } });
  });

  it('says when nothing matches, and Esc cancels the prompt', async () => {
    const m = await pager(src, { width: 40, height: 5 });
    await press(m, text('/zebra'), 'enter');
    expect(state(m)).toMatchObject({ message: 'pattern not found: zebra', current: null, matchCount: 0 });
    await press(m, '/', text('abc'), 'esc');
    expect(state(m)).toMatchObject({ prompt: null, term: 'zebra' });
    await press(m, 'g');
    expect(state(m).message).toBeNull();
  });

  it('shifts sideways to a match beyond the right edge when wrap is off', async () => {
    const m = await pager(`${'.'.repeat(50)}needle`, { width: 20, height: 3 }, false);
    await press(m, text('/needle\r'));
    expect(state(m).left).toBeGreaterThan(36);
    expect(shown(m)[0]).toContain('needle');
  });
});

describe('over a growing log', () => {
  const dir = mkdtempSync(join(tmpdir(), 'inkling-pager-grow-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('G reaches output written since the pager opened, and the end keeps following', async () => {
    const path = join(dir, 'run.log');
    writeFileSync(path, numbered(8) + '\n');
    const m = new PagerModel(await openLog(path), { width: 20, height: 5 });
    await m.idle();
    appendFileSync(path, numbered(4, (i) => `new ${i}`) + '\n');
    await press(m, 'G');
    expect(shown(m)).toEqual(['line 7', 'new 0', 'new 1', 'new 2', 'new 3']);
    appendFileSync(path, 'newer\n');
    await m.refresh();
    expect(shown(m)[4]).toBe('newer');
    await press(m, 'g');
    appendFileSync(path, 'newest\n');
    await m.refresh();
    expect(shown(m)[0]).toBe('line 0'); // not at the end: the view stays put
    expect(state(m).totalLines).toBe(14);
    await m.close();
  });

  it('a refresh that finds nothing new changes nothing (no redraw); a partial line growing does', async () => {
    const path = join(dir, 'quiet.log');
    writeFileSync(path, numbered(3) + '\n');
    const m = new PagerModel(await openLog(path), { width: 20, height: 5 });
    await m.idle();
    let updates = 0;
    const unsubscribe = m.store.subscribe(() => updates++);
    await m.refresh();
    await m.refresh();
    expect(updates).toBe(0);
    appendFileSync(path, 'part');
    await m.refresh();
    expect(shown(m).at(-1)).toBe('part');
    const after = updates;
    expect(after).toBeGreaterThan(0);
    appendFileSync(path, 'ial');
    await m.refresh();
    expect(shown(m).at(-1)).toBe('partial');
    expect(updates).toBeGreaterThan(after);
    unsubscribe();
    await m.close();
  });
});

describe('over a large log file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'inkling-pager-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('searches lazily, counts all matches and goes to the last page', async () => {
    const path = join(dir, 'run.log');
    writeFileSync(path, numbered(100_000, (i) => (i % 25_000 === 24_999 ? `\x1b[31mFAIL\x1b[0m test ${i}` : `ok ${i}`)) + '\n');
    const m = new PagerModel(await openLog(path, 64 * 1024), { width: 30, height: 10 });
    await m.idle();
    expect(shown(m)[0]).toBe('ok 0');
    await press(m, text('/fail\r'));
    expect(state(m)).toMatchObject({ current: { line: 24_999, start: 0, end: 4 }, matchCount: 4, matchIndex: 1 });
    expect(state(m).rows.find((r) => r.line === 24_999)?.text).toBe('FAIL test 24999');
    await press(m, 'N');
    expect(state(m)).toMatchObject({ current: { line: 99_999 }, matchIndex: 4 });
    await press(m, 'G');
    expect(state(m)).toMatchObject({ bottomLine: 100_000, totalLines: 100_000, complete: true, percent: 100 });
  });
});
