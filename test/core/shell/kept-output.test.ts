import { describe, expect, it } from 'vitest';
import { KEPT_HEAD_CHARS, KEPT_TAIL_CHARS, KeptOutput } from '../../../src/core/shell/kept-output.js';
import { MAX_RESULT_CHARS } from '../../../src/core/truncate.js';

describe('KeptOutput', () => {
  it('returns short output whole, trailing blank lines trimmed', () => {
    const k = new KeptOutput();
    for (const row of ['a', 'b', '', '  ', '']) k.addRow(row, false);
    expect(k.render('see log')).toEqual({ text: 'a\nb', totalLines: 2, truncated: false });
  });

  it('keeps blank lines between output', () => {
    const k = new KeptOutput();
    for (const row of ['a', '', 'b']) k.addRow(row, false);
    expect(k.render('').text).toBe('a\n\nb');
  });

  it('joins wrapped rows into one logical line', () => {
    const k = new KeptOutput();
    k.addRow('abc', false);
    k.addRow('def', true);
    k.addRow('next', false);
    expect(k.render('').text).toBe('abcdef\nnext');
    expect(k.lineCount).toBe(2);
  });

  it('uses truncateHeadTail when nothing was dropped but the text is over the limit', () => {
    const k = new KeptOutput(40_000, 40_000);
    for (let i = 0; i < 6000; i++) k.addRow(`line ${i} ${'x'.repeat(4)}`, false);
    const r = k.render('full output: /tmp/x.log');
    expect(r.truncated).toBe(true);
    expect(r.totalLines).toBe(6000);
    expect(r.text).toMatch(/6000 lines in total; .* omitted from the middle; full output: \/tmp\/x\.log\]/);
    expect(r.text.startsWith('line 0 ')).toBe(true);
    expect(r.text.endsWith('line 5999 xxxx')).toBe(true);
  });

  it('bounds memory on a flood and states the real totals', () => {
    const k = new KeptOutput();
    for (let i = 1; i <= 500_000; i++) k.addRow(String(i), false);
    expect(k.retainedChars()).toBeLessThan(2 * 30_000 + 100);
    const r = k.render('full output: /tmp/log');
    expect(r.totalLines).toBe(500_000);
    expect(r.text).toMatch(/\[output truncated: 500000 lines in total; \d+ lines omitted from the middle; full output: \/tmp\/log\]/);
    expect(r.text.startsWith('1\n2\n3\n')).toBe(true);
    expect(r.text.endsWith('499999\n500000')).toBe(true);
    expect(r.text.length).toBeLessThanOrEqual(MAX_RESULT_CHARS + 200);
    const omitted = Number(/(\d+) lines omitted/.exec(r.text)![1]);
    const shown = r.text.split('\n').length - 1; // the note takes one line
    expect(omitted + shown).toBe(500_000);
  });

  it('stays within the given length, its note included, whether or not lines were dropped', () => {
    const note = `full output: /tmp/${'d'.repeat(300)}/x.log`;
    for (const lines of [7000, 500_000]) {
      const k = new KeptOutput();
      for (let i = 0; i < lines; i++) k.addRow(`row ${i}`, false);
      const r = k.render(note, 40_000);
      expect(r.text.length).toBeLessThanOrEqual(40_000);
      expect(r.text).toContain(`${lines} lines in total`);
      expect(r.text).toContain(note);
    }
  });

  it('cuts one enormous line instead of keeping it whole', () => {
    const k = new KeptOutput();
    k.addRow('x'.repeat(100), false);
    for (let i = 0; i < 10_000; i++) k.addRow('y'.repeat(100), true);
    expect(k.retainedChars()).toBeLessThan(70_000);
    expect(k.render('').text).toMatch(/… \[line cut: \d+ more characters\]/);
  });

  it('says where a cut line is in full when nothing else was truncated', () => {
    const k = new KeptOutput();
    k.addRow('x'.repeat(100), false);
    for (let i = 0; i < 1000; i++) k.addRow('y'.repeat(100), true);
    k.addRow('END', false);
    const r = k.render('full output: /tmp/x.log');
    expect(r.truncated).toBe(true);
    expect(r.text).toMatch(/… \[line cut: \d+ more characters\]\nEND\n\.\.\. \[1 long line cut; full output: \/tmp\/x\.log\]$/);
  });

  it('renders lines added as blocks exactly as the same lines added one row at a time', () => {
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let t = 0; t < 60; t++) {
      const [head, tail] = t % 2 === 0 ? [300, 500] : [KEPT_HEAD_CHARS, KEPT_TAIL_CHARS];
      const count = 1 + Math.floor(rnd() * (t % 3 === 0 ? 20_000 : 400));
      // Mostly short lines, some blank, now and then one longer than the tail's budget.
      const lines = Array.from({ length: count }, (_, i) =>
        rnd() < 0.002 ? 'L'.repeat(tail + Math.floor(rnd() * 2 * tail)) : rnd() < 0.1 ? '' : `${i} ${'x'.repeat(Math.floor(rnd() * 60))}`,
      );
      const rows = new KeptOutput(head, tail);
      for (const line of lines) rows.addRow(line, false);
      const blocks = new KeptOutput(head, tail);
      for (let i = 0; i < lines.length; ) {
        const n = 1 + Math.floor(rnd() * 700);
        const part = lines.slice(i, i + n);
        if (rnd() < 0.1) for (const line of part) blocks.addRow(line, false);
        else blocks.addLines(part.join('\n'), part.length);
        i += n;
      }
      for (const note of ['', 'full output: /tmp/x.log']) expect(blocks.render(note), `case ${t}`).toEqual(rows.render(note));
      expect(blocks.lineCount).toBe(count);
    }
  });

  it('bounds memory when a flood arrives in blocks', () => {
    const k = new KeptOutput();
    for (let i = 0; i < 2000; i++) {
      const lines = Array.from({ length: 500 }, (_, j) => String(i * 500 + j + 1));
      k.addLines(lines.join('\n'), lines.length);
      expect(k.retainedChars()).toBeLessThanOrEqual(KEPT_HEAD_CHARS + KEPT_TAIL_CHARS + 300);
    }
    const r = k.render('full output: /tmp/log');
    expect(r.totalLines).toBe(1_000_000);
    expect(r.text.startsWith('1\n2\n3\n')).toBe(true);
    expect(r.text.endsWith('999999\n1000000')).toBe(true);
    const omitted = Number(/(\d+) lines omitted/.exec(r.text)![1]);
    expect(omitted + r.text.split('\n').length - 1).toBe(1_000_000);
  });
});
