import { describe, expect, it } from 'vitest';
import xterm from '@xterm/headless';
import { compressBlanks, createFrameDiffer } from '../../src/app/frame-diff.js';

const { Terminal } = xterm;

// What Ink 6.8 writes for a frame: erase the previous frame's rows, then the frame + "\n".
const eraseLines = (n: number) => {
  let s = '';
  for (let i = 0; i < n; i++) s += '\x1b[2K' + (i < n - 1 ? '\x1b[1A' : '');
  return n ? s + '\x1b[G' : s;
};

function screenOf(term: InstanceType<typeof Terminal>): string[] {
  const b = term.buffer.active;
  return Array.from({ length: term.rows }, (_, y) => b.getLine(b.viewportY + y)?.translateToString(true) ?? '');
}

const write = (term: InstanceType<typeof Terminal>, data: string) => new Promise<void>((r) => term.write(data, r));

describe('frame differ', () => {
  it('shows exactly what the full redraw shows, writing only the rows that changed', async () => {
    const plain = new Terminal({ cols: 30, rows: 8, allowProposedApi: true, convertEol: true });
    const diffed = new Terminal({ cols: 30, rows: 8, allowProposedApi: true, convertEol: true });
    let plainBytes = 0;
    let diffBytes = 0;
    const differ = createFrameDiffer((d) => {
      diffBytes += d.length;
      diffed.write(d);
    });
    const frames = [
      ['header', 'a', 'b', 'c', 'status 1'],
      ['header', 'a', 'b', 'c', 'status 2'],
      ['header', 'a', 'B changed', 'c', 'extra row', 'status 3'],
      ['header', 'short', 'status 4'],
      ['header', '漢字 wide', 'status 5'],
      ['header', '漢字 wide', 'status 5', 'x', 'y', 'z', 'w'],
    ];
    let prevRows = 0;
    for (const f of frames) {
      const chunk = eraseLines(prevRows) + f.join('\n') + '\n';
      prevRows = f.length + 1;
      plainBytes += chunk.length;
      await write(plain, '\x1b[?2026h');
      await write(plain, chunk);
      differ.write('\x1b[?2026h');
      differ.write(chunk);
      await write(diffed, '');
      expect(screenOf(diffed)).toEqual(screenOf(plain));
      expect(diffed.buffer.active.cursorY).toBe(plain.buffer.active.cursorY);
    }
    expect(differ.stats.diffed).toBe(frames.length - 1);
    expect(differ.stats.rowsSkipped).toBeGreaterThan(10);
    expect(diffBytes).toBeLessThan(plainBytes);
  });

  it('passes other writes through and starts over after them', async () => {
    const out: string[] = [];
    const differ = createFrameDiffer((d) => out.push(d));
    differ.write('a\nb\n');
    differ.write('console output\n');
    // Not a diff: the screen is unknown after foreign output, so the frame goes out whole.
    differ.write(eraseLines(3) + 'a\nb\n');
    expect(out[2]).toBe(eraseLines(3) + 'a\nb\n');
    differ.write('\x1b[2J\x1b[3J\x1b[H');
    differ.write('a\nc\n');
    expect(out.at(-1)).toBe('a\nc\n');
    differ.write(eraseLines(3) + 'a\nd\n');
    expect(out.at(-1)).toBe('\x1b[2A\r\x1b[1B\x1b[2Kd\n');
  });

  it('turns runs of plain blanks into cursor moves, never blanks that show', () => {
    expect(compressBlanks('a          b')).toBe('a\x1b[10Cb');
    expect(compressBlanks('a   b')).toBe('a   b');
    expect(compressBlanks('trailing     ')).toBe('trailing');
    expect(compressBlanks('\x1b[2mdim\x1b[22m          x')).toBe('\x1b[2mdim\x1b[22m\x1b[10Cx');
    // Inverse and background blanks are visible: kept as spaces.
    expect(compressBlanks('\x1b[7m        \x1b[27mx')).toBe('\x1b[7m        \x1b[27mx');
    expect(compressBlanks('\x1b[48;5;236m      \x1b[0m      y')).toBe('\x1b[48;5;236m      \x1b[0m\x1b[6Cy');
    expect(compressBlanks('\x1b[38;5;7mgrey\x1b[39m        z')).toBe('\x1b[38;5;7mgrey\x1b[39m\x1b[8Cz');
  });
});

describe('frame differ and the terminal size', () => {
  it('sends a frame whole when the previous one was taller than the terminal', () => {
    const out: string[] = [];
    let rows = 10;
    const differ = createFrameDiffer((d) => out.push(d), () => rows);
    const tall = Array.from({ length: 12 }, (_, i) => `r${i}`).join('\n') + '\n';
    differ.write(tall);
    rows = 10;
    const next = eraseLines(13) + 'a\nb\n';
    differ.write(next);
    expect(out.at(-1)).toBe(next);
    differ.write(eraseLines(3) + 'a\nc\n');
    expect(out.at(-1)).toBe('\x1b[2A\r\x1b[1B\x1b[2Kc\n');
    differ.reset();
    differ.write(eraseLines(3) + 'a\nd\n');
    expect(out.at(-1)).toBe(eraseLines(3) + 'a\nd\n');
  });
});
