import { describe, expect, it } from 'vitest';
import sw from 'string-width';
import { isSimpleColumn, stringWidth } from '../../components/text-width.js';

const segments = new Intl.Segmenter();
const count = (s: string) => [...segments.segment(s)].length;

// Every BMP code unit below the CJK blocks, and a few beyond.
const UNITS = Array.from({ length: 0x3100 }, (_, c) => c);

describe('stringWidth', () => {
  it('counts every character it calls simple as one column and its own grapheme, next to ASCII, itself and box lines', () => {
    const simple = UNITS.filter(isSimpleColumn);
    // The blocks the UI draws with are in: box drawing, braille spinner, marks, Latin letters.
    for (const ch of '─│╭╮╰╯⠋⠏✓✗⊘○·…↑↓»›▌éßñ') expect(isSimpleColumn(ch.charCodeAt(0)), ch).toBe(true);
    expect(simple.length).toBeGreaterThan(3000);
    for (const c of simple) {
      const ch = String.fromCharCode(c);
      expect(sw(ch), ch).toBe(1);
      expect(count(`a${ch}${ch}─a`), `U+${c.toString(16)}`).toBe(5);
    }
  });

  it("counts the screen's own marks (placeholders, the spinner cell) as one column each, as string-width does", () => {
    for (const ch of ['\uE000', '\uE001', '\uE002']) {
      expect(isSimpleColumn(ch.charCodeAt(0)), ch).toBe(true);
      expect(count(`a${ch}${ch}─a`)).toBe(5);
      const row = `\x1b[36m${ch}\x1b[39m \x1b[1mbash\x1b[22m for i in $(seq 1 40) 3 s`;
      expect(stringWidth(row)).toBe(sw(row));
    }
    expect(isSimpleColumn(0xe003)).toBe(false);
  });

  it('keeps wide, combining, emoji and control characters to string-width', () => {
    for (const ch of ['⌚', '✅', '❌', '中', '한', '\u0301', '\u200d', '\ufe0f', '\u00ad', '\t', '\u0e33', '\u1100', 'ｱ']) {
      expect(isSimpleColumn(ch.charCodeAt(0)), ch).toBe(false);
    }
  });

  it('gives string-width’s answer for every character of the table, alone and in a row with colours', () => {
    for (const c of UNITS) {
      const ch = String.fromCharCode(c);
      expect(stringWidth(ch), `U+${c.toString(16)}`).toBe(sw(ch));
      const row = `\x1b[36m  │\x1b[39m ${ch}x${ch}\x1b[0m`;
      expect(stringWidth(row), `U+${c.toString(16)} in a row`).toBe(sw(row));
    }
  });

  it('gives string-width’s answer for rows mixing escapes, clusters and wide characters', () => {
    const rows = [
      '',
      'plain ascii',
      '\x1b[1m\x1b[38;2;10;20;30mbold rgb\x1b[0m',
      '\x1b[38:5:12mcolon params\x1b[m',
      `\x1b[36m  ╭${'─'.repeat(117)}\x1b[39m`,
      '\x1b[36m⠋\x1b[39m \x1b[1mbash\x1b[22m for i in $(seq 1 40) 3.5 s',
      'e\u0301 combining after a simple letter',
      '─\u20dd enclosing mark after a box line',
      '👍🏽 thumbs, 👨‍👩‍👧 family, 🇫🇷 flag, 1️⃣ keycap',
      '中文 and ｶﾞ halfwidth',
      '↔\ufe0f arrow with emoji presentation',
      '\x1b]8;;https://x.test\x07link\x1b]8;;\x07 osc hyperlink',
      '\x1b[2Kerase in line, \x1b[5Ccursor forward',
      '\x1b[ unterminated',
      'trailing escape \x1b',
      '\x9b31mC1 CSI',
      'tab\there and \r carriage',
      '\ud83d lone surrogate',
      'soft\u00adhyphen',
      '각 jamo',
    ];
    for (const row of rows) expect(stringWidth(row), JSON.stringify(row)).toBe(sw(row));
  });
});
