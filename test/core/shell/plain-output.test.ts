import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CommandTerminal } from '../../../src/core/shell/command-terminal.js';
import { OutputLog } from '../../../src/core/shell/output-log.js';
import { PlainLines, PlainScreenFeed, plainLfText, plainPrefix } from '../../../src/core/shell/plain-output.js';
import { sentinelPrefix } from '../../../src/core/shell/sentinel.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-plain-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;

type Step = { write: string } | { resize: [number, number] };

/**
 * Runs the steps through a small emulator, with the plain fast path or with every byte emulated,
 * ended like a command: the sentinel, then finish().
 */
async function run(steps: Step[], plainFastPath: boolean) {
  const log = new OutputLog(path.join(dir, `t-${++n}.log`));
  const term = new CommandTerminal({ cols: 20, rows: 5, scrollback: 50, nonce: 'n', log, onSentinel: () => {}, plainFastPath });
  for (const step of steps) {
    if ('write' in step) term.write(Buffer.from(step.write, 'utf8'), () => {});
    else {
      await term.drain();
      term.resize(...step.resize);
    }
  }
  await term.drain();
  const live = term.snapshot(10);
  term.write(`${sentinelPrefix('n')}0\x07`, () => {});
  await term.drain();
  term.finish();
  log.close();
  // Blank lines at the very end may differ: the emulator drops those still on its screen only.
  const logText = fs.readFileSync(log.filePath, 'utf8').replace(/\n+$/, '\n');
  const out = { text: term.kept.render('').text, log: logText, live: live.lines, end: term.snapshot(10).lines };
  const emulated = term.emulatedChars;
  term.dispose();
  return { out, emulated };
}

/**
 * A deterministic mix of plain text and what ends the fast path, cut into chunks at random places;
 * with `resizes`, plain text only and the pane resized now and then.
 */
function cases(count: number, resizes = false): Step[][] {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const plain = ['a', 'bc ', '  ', 'x'.repeat(25), '\r\n', '\r\n', '\r\n', 'y'.repeat(41)];
  const other = ['\r', '\n', '\t', 'é', '\x1b[31mred\x1b[0m', '\x1b[2J', '\x1b[3;1H', '\x1b[M', '\x1bc'];
  const all: Step[][] = [];
  for (let t = 0; t < count; t++) {
    let s = '';
    const pieces = 1 + Math.floor(rnd() * (t % 3 === 0 ? 3000 : 300));
    for (let i = 0; i < pieces; i++) {
      s += resizes || rnd() < 0.985 ? plain[Math.floor(rnd() * plain.length)] : other[Math.floor(rnd() * other.length)];
    }
    const steps: Step[] = [];
    for (let i = 0; i < s.length; ) {
      const len = 1 + Math.floor(rnd() * 80);
      steps.push({ write: s.slice(i, i + len) });
      if (resizes && rnd() < 0.05) steps.push({ resize: [10 + Math.floor(rnd() * 20), 3 + Math.floor(rnd() * 6)] });
      i += len;
    }
    all.push(steps);
  }
  return all;
}

describe('plain output fast path', () => {
  it('gives the model, the log and the pane exactly what emulating every byte gives', async () => {
    for (const steps of cases(120)) {
      const fast = await run(steps, true);
      const full = await run(steps, false);
      expect(fast.out, JSON.stringify(steps).slice(0, 2000)).toEqual(full.out);
    }
  }, 60_000);

  it('takes every plain line as printed while the pane is resized', async () => {
    for (const steps of cases(40, true)) {
      const bytes = steps.map((s) => ('write' in s ? s.write : '')).join('');
      const lines = bytes.split('\r\n');
      const last = lines.pop()!;
      const { out } = await run(steps, true);
      const expected = [...lines, ...(last ? [last] : [])];
      while (expected.length > 0 && expected.at(-1) === '') expected.pop();
      expect(out.log.replace(/\n+$/, '').split('\n'), bytes.slice(0, 2000)).toEqual(expected.length ? expected : ['']);
    }
  }, 60_000);

  it('emulates only the last screens of a plain flood, and still takes every line', async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i + 1}`);
    const text = `${lines.join('\r\n')}\r\n`;
    const steps: Step[] = [];
    for (let i = 0; i < text.length; i += 4096) steps.push({ write: text.slice(i, i + 4096) });
    const fast = await run(steps, true);
    expect(fast.out.log).toBe(`${lines.join('\n')}\n`);
    expect(fast.out.text).toContain('line 20000');
    expect(fast.out.end.at(-1)).toBe('line 20000');
    expect(fast.emulated).toBeLessThan(text.length / 10);
    const full = await run(steps, false);
    expect(fast.out).toEqual(full.out);
    // One write far past the feed's trim point.
    const once = await run([{ write: text }], true);
    expect(once.out).toEqual(full.out);
    expect(once.emulated).toBeLessThan(text.length / 10);
  });

  it('leaves the fast path at the first byte that is not plain', () => {
    expect(plainPrefix('ab\r\ncd')).toEqual({ end: 6, pendingCr: false, lineEnds: 1 });
    expect(plainPrefix('ab\r')).toEqual({ end: 2, pendingCr: true, lineEnds: 0 });
    expect(plainPrefix('ab\rc')).toEqual({ end: 2, pendingCr: false, lineEnds: 0 });
    expect(plainPrefix('ab\ncd')).toEqual({ end: 2, pendingCr: false, lineEnds: 0 });
    expect(plainPrefix('a\tb')).toEqual({ end: 1, pendingCr: false, lineEnds: 0 });
    expect(plainPrefix(Buffer.from('ok é'))).toEqual({ end: 3, pendingCr: false, lineEnds: 0 });
    expect(plainPrefix(Buffer.from('x\x1b[0m'))).toEqual({ end: 1, pendingCr: false, lineEnds: 0 });
    expect(plainPrefix('1\r\n2\r\n\r\n3\r')).toEqual({ end: 9, pendingCr: true, lineEnds: 3 });
  });

  it('gives the plain text with its line ends as LF, from bytes or a string', () => {
    const text = '1\r\n22\r\n\r\n333\r\nx';
    for (const data of [text, Buffer.from(`${text}\x1b[m`)]) {
      expect(plainLfText(data, plainPrefix(data).end)).toBe('1\n22\n\n333\nx');
      expect(plainLfText(data, 4)).toBe('1\n2');
    }
    const big = Buffer.from('ab\r\n'.repeat(50_000));
    expect(plainLfText(big, big.length)).toBe('ab\n'.repeat(50_000));
  });

  it('takes the lines that left the screen as one block per chunk and holds the last ones', () => {
    const taken: [string, number][] = [];
    const lines = new PlainLines((block, count) => taken.push([block, count]));
    const add = (text: string) => lines.add(plainLfText(text, text.length), plainPrefix(text).lineEnds, 2);
    add('a\r\nb');
    expect(taken).toEqual([]);
    expect([lines.held, lines.partial, lines.pendingLines]).toEqual([['a'], 'b', 2]);
    add('c\r\nd\r\ne\r\nf');
    expect(taken).toEqual([['a\nbc', 2]]);
    expect([lines.held, lines.partial, lines.partialLength]).toEqual([['d', 'e'], 'f', 1]);
    add('g');
    add('\r\n\r\n');
    expect(taken).toEqual([['a\nbc', 2], ['d\ne', 2]]);
    expect([lines.held, lines.partial, lines.pendingLines]).toEqual([['fg', ''], '', 2]);
  });

  it('keeps the newest lines of the feed and starts a fresh row when it dropped some', () => {
    const feed = new PlainScreenFeed(() => 2, () => {});
    feed.append('a\r\nb\r\nc\r\nd\r\npart');
    expect(feed.take()).toBe('\r\nc\r\nd\r\npart');
    feed.append('x\r\ny');
    expect(feed.take()).toBe('x\r\ny');
    expect(feed.empty).toBe(true);
  });
});
