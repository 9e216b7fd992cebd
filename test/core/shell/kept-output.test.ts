import { describe, expect, it } from 'vitest';
import { KeptOutput } from '../../../src/core/shell/kept-output.js';
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
});
