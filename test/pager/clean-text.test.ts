import { describe, expect, it } from 'vitest';
import {
  applyOverwrites,
  cleanLine,
  cleanText,
  copyableOutput,
  joinSoftWraps,
  sanitizeTerminalText,
  snapshotText,
} from '../../src/pager/clean-text.js';

describe('sanitizeTerminalText', () => {
  it('strips SGR, cursor movement, OSC titles and hyperlinks, charset switches', () => {
    const raw =
      '\x1b[1;31merror\x1b[0m: \x1b]0;title\x07\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ \x1b(Bdone\x1b[2K\x1b[10;4H!\x1b=';
    expect(sanitizeTerminalText(raw)).toBe('error: link done!');
  });

  it('keeps only SGR when asked', () => {
    const raw = '\x1b[32mok\x1b[0m\x1b[1A\x1b[38;5;208m!\x1b[m';
    expect(sanitizeTerminalText(raw, true)).toBe('\x1b[32mok\x1b[0m\x1b[38;5;208m!\x1b[m');
  });

  it('drops stray control bytes but keeps newline, tab, CR and backspace', () => {
    expect(sanitizeTerminalText('a\x00b\x07c\td\r\ne\bf\x7f')).toBe('abc\td\r\ne\bf');
  });

  it('does not hang or throw on a truncated sequence at the end', () => {
    expect(sanitizeTerminalText('abc\x1b[12')).toBe('abc');
    expect(sanitizeTerminalText('abc\x1b]0;unterminated')).toBe('abc');
    expect(sanitizeTerminalText('abc\x1b')).toBe('abc');
  });
});

describe('carriage returns and backspaces', () => {
  it('keeps what the terminal finally shows', () => {
    expect(applyOverwrites('[#   ] 10%\r[##  ] 50%\r[####] 100%')).toBe('[####] 100%');
    expect(applyOverwrites('abcdef\rXY')).toBe('XYcdef');
    expect(applyOverwrites('ab\bX')).toBe('aX');
  });

  it('treats a CRLF ending as a plain line end and trims padding', () => {
    expect(cleanLine('hello   \r')).toBe('hello');
    expect(cleanLine('\x1b[33m 5%\x1b[0m\r\x1b[33m99%\x1b[0m', true)).toBe('\x1b[33m99%\x1b[0m');
  });
});

describe('cleanText', () => {
  it('gives copyable text: no colour, no padding, no trailing blank lines', () => {
    const raw = '\x1b[1mtotal 8\x1b[0m   \r\n-rw-r--r-- a.txt  \r\n\r\n\r\n';
    expect(cleanText(raw)).toBe('total 8\n-rw-r--r-- a.txt');
  });
});

describe('soft wraps', () => {
  it('joins rows that filled the width, keeps short rows separate', () => {
    expect(joinSoftWraps(['0123456789', 'abc', 'short', 'x'], 10)).toEqual(['0123456789abc', 'short', 'x']);
  });

  it('uses explicit wrap flags when given', () => {
    expect(joinSoftWraps(['0123456789', 'abc'], 10, [false, false])).toEqual(['0123456789', 'abc']);
    expect(joinSoftWraps(['01234', 'abc'], 10, [false, true])).toEqual(['01234abc']);
  });

  it('snapshotText joins wraps of coloured rows and drops colour', () => {
    const text = snapshotText({
      cols: 8,
      rows: 4,
      totalLines: 3,
      lines: ['\x1b[31mabcdefgh\x1b[0m', 'ij', '$ '],
    });
    expect(text).toBe('abcdefghij\n$');
  });
});

describe('what y and Y copy', () => {
  it('copies a bash call from its snapshot, an edit as its diff, others as content', () => {
    const bash = copyableOutput({
      content: 'model text',
      details: {
        kind: 'bash', command: 'ls', running: false, exitCode: 0, signal: null, timedOut: false,
        logPath: '/nonexistent', totalBytes: 3,
        snapshot: { cols: 80, rows: 24, totalLines: 1, lines: ['\x1b[34ma.txt\x1b[0m   '] },
      },
    });
    expect(bash).toBe('a.txt');
    expect(copyableOutput({ content: 'x', details: { kind: 'edit', path: 'a', diff: '-a\n+b\n', hunks: [], replacements: 1, created: false } })).toBe('-a\n+b');
    expect(copyableOutput({ content: 'line 1  \nline 2\n' })).toBe('line 1\nline 2');
  });
});

describe('command output with hostile sequences', () => {
  it('strips 8-bit C1 strings and controls as well as their 7-bit forms', () => {
    expect(sanitizeTerminalText('a\u009d52;c;SGVsbG8=\u0007b\u0090qm\u009cc\u009b2Jd\u0085e')).toBe('abcde');
    // A kept colour comes out in its 7-bit form only.
    expect(sanitizeTerminalText('\u009b31mred\u009b0m', true)).toBe('\x1b[31mred\x1b[0m');
  });

  it('cleanLine leaves nothing a terminal would act on, and shows bidi overrides', () => {
    for (const keepSgr of [false, true]) {
      const line = cleanLine('x\x1b]0;pwned\x07 \u202eevil\u009d52;c;AA==\u009c \x1b[32mok\x1b[0m', keepSgr);
      expect(line).not.toMatch(/[\x00-\x08\x0b-\x1a\x1c-\x1f\x7f-\x9f\u202a-\u202e]/);
      expect(line.replace(/\x1b\[[0-9;]*m/g, '')).toBe('x ⟨RLO⟩evil ok');
    }
  });
});
