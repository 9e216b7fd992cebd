// Plain lines wrap exactly as wrap-ansi wraps them (hard, trimmed), at every width, and lines
// that are not plain are left to it.
import { describe, expect, it } from 'vitest';
import wrapAnsi from 'wrap-ansi';
// The string-width wrap-ansi measures with (its own copy, older than ours).
import wrapAnsiStringWidth from '../../node_modules/wrap-ansi/node_modules/string-width/index.js';
import { isPlainColumn, wrapPlainLine } from '../../components/plain-wrap.js';
import { wrapText } from '../../components/text-layout.js';

const viaWrapAnsi = (line: string, columns: number) => wrapAnsi(line, columns, { hard: true, trim: true });

// A small deterministic generator (no Math.random: a failure must come back the same).
function rng(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    return x / 0x7fffffff;
  };
}

const PIECES = ['a', 'word', 'longerword', 'x'.repeat(23), ' ', '  ', '   ', '\u00a0', '—', '’', '“quoted”', 'café', 'naïve', 'Ωμέγα', 'Привет', '…', '•', '→', '│', '-', ',', '.', '(paren)', 'e.g.', 'https://example.com/a/very/long/path/that/keeps/going'];

function line(next: () => number): string {
  let s = '';
  const n = 1 + Math.floor(next() * 30);
  for (let i = 0; i < n; i++) s += PIECES[Math.floor(next() * PIECES.length)]!;
  return s;
}

describe('wrapping a plain line', () => {
  it('gives what wrap-ansi gives, for 300 generated lines at 10 widths from 1 to 80', () => {
    const next = rng(42);
    let plain = 0;
    for (let i = 0; i < 300; i++) {
      const text = line(next);
      for (const columns of [1, 2, 3, 5, 8, 13, 21, 40, 80, 1 + Math.floor(next() * 40)]) {
        const ours = wrapPlainLine(text, columns);
        if (ours === null) continue;
        plain++;
        expect({ text, columns, rows: ours }).toEqual({ text, columns, rows: viaWrapAnsi(text, columns) });
      }
    }
    expect(plain).toBe(3000);
  });

  it('gives what wrap-ansi gives at the edges: blank lines, spaces at both ends, words exactly the width', () => {
    for (const text of ['', ' ', '     ', '\u00a0', ' a', 'a ', '  a  b  ', 'abc', 'abcd', 'ab cd', 'abc d', 'a bcd', 'abcdefgh ij', ' abcdefgh', 'abcd efgh ijkl']) {
      for (const columns of [1, 2, 3, 4, 5, 8]) expect({ text, columns, rows: wrapPlainLine(text, columns) }).toEqual({ text, columns, rows: viaWrapAnsi(text, columns) });
    }
  });

  it('counts a character as plain only where wrap-ansi counts it one column and NFC leaves it alone', () => {
    const odd: string[] = [];
    for (let c = 0x20; c < 0x2c00; c++) {
      if (!isPlainColumn(c)) continue;
      const ch = String.fromCharCode(c);
      if (wrapAnsiStringWidth(ch) !== 1 || ch.normalize() !== ch) odd.push(c.toString(16));
    }
    expect(odd).toEqual([]);
  });

  it('leaves to wrap-ansi what is not plain: colours, wide and combining characters, tabs, controls', () => {
    for (const text of ['\x1b[1mbold\x1b[22m word', '漢字 text', 'e\u0301', 'a\tb', 'emoji 😀', 'greek ano teleia \u0387', '© and ™, two columns to wrap-ansi']) {
      expect(wrapPlainLine(text, 10)).toBeNull();
    }
    // Through wrapText, such lines still wrap (as before, by wrap-ansi).
    expect(wrapText('\x1b[1mbold\x1b[22m and more words here', 10)).toEqual(viaWrapAnsi('\x1b[1mbold\x1b[22m and more words here', 10).split('\n'));
  });
});
