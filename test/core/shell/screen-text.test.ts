import xterm from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { rowToSgr, takeSnapshot } from '../../../src/core/shell/screen-text.js';

const { Terminal } = xterm;

async function screen(data: string, rows = 5) {
  const term = new Terminal({ cols: 20, rows, scrollback: 50, allowProposedApi: true });
  await new Promise<void>((r) => term.write(data, r));
  const buffer = term.buffer.active;
  const cell = buffer.getNullCell();
  return { term, buffer, row: (y: number) => rowToSgr(buffer.getLine(y)!, cell), cell };
}

describe('rowToSgr', () => {
  it('writes plain rows without escapes, trailing blanks trimmed', async () => {
    const { row } = await screen('hello   ');
    expect(row(0)).toBe('hello');
  });

  it('rebuilds 16-colour, bright, 256-colour, RGB and style attributes', async () => {
    const { row } = await screen(
      '\x1b[31ma\x1b[0m\x1b[92mb\x1b[38;5;200mc\x1b[0m\x1b[38;2;1;2;3;48;5;17md\x1b[0m\x1b[1;3;4;7me\x1b[0mf',
    );
    expect(row(0)).toBe(
      '\x1b[0;31ma\x1b[0;92mb\x1b[0;38;5;200mc\x1b[0;38;2;1;2;3;48;5;17md\x1b[0;1;3;4;7me\x1b[0mf',
    );
  });

  it('keeps a coloured background at the end of a row and closes with a reset', async () => {
    const { row } = await screen('x\x1b[41m  \x1b[0m');
    expect(row(0)).toBe('x\x1b[0;41m  \x1b[0m');
  });

  it('writes a wide character once', async () => {
    const { row } = await screen('a漢b');
    expect(row(0)).toBe('a漢b');
  });
});

describe('takeSnapshot', () => {
  it('returns recent scrollback and the screen, trailing blank rows dropped', async () => {
    const { buffer, cell } = await screen(Array.from({ length: 12 }, (_, i) => `l${i + 1}`).join('\r\n'), 5);
    const snap = takeSnapshot(buffer, 20, 5, 3, 12, cell);
    expect(snap).toEqual({ cols: 20, rows: 5, lines: ['l5', 'l6', 'l7', 'l8', 'l9', 'l10', 'l11', 'l12'], totalLines: 12 });
  });

  it('marks the rows that continue a line the terminal wrapped, so a view can join them again', async () => {
    const long = 'abcdefghij'.repeat(5);
    const { buffer, cell } = await screen(`top\r\n${long}\r\nend`, 8);
    const snap = takeSnapshot(buffer, 20, 8, 0, 5, cell);
    expect(snap.lines).toEqual(['top', long.slice(0, 20), long.slice(20, 40), long.slice(40), 'end']);
    expect(snap.wrapped).toEqual([2, 3]);
  });
});
