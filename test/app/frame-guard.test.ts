// The frame guard lets through what draws and drops anything that would make the terminal act.
import { describe, expect, it } from 'vitest';
import { osc52Sequence } from '../../src/app/clipboard.js';
import { createFrameGuard } from '../../src/app/frame-guard.js';
import { HOSTILE, unsafeSequences } from '../helpers/hostile-text.js';

describe('frame guard', () => {
  it("leaves Ink's own frames as they are: colours, cursor moves, erasing, private modes", () => {
    const { guard, stats } = createFrameGuard();
    const frame = '\x1b[?2026h\x1b[2K\x1b[1A\x1b[2K\x1b[G\x1b[1m\x1b[36m⠋\x1b[39m\x1b[22m read a.ts\x1b[12C1.2 s\n\x1b[3A\r\x1b[J\x1b[?25l\x1b[2J\x1b[3J\x1b[H\x1b7\x1b8\x1b[?2026l';
    expect(guard(frame)).toBe(frame);
    expect(guard('plain text\twith tab\r\n')).toBe('plain text\twith tab\r\n');
    expect(stats.dropped).toBe(0);
  });

  it('passes a frame of colours and cursor moves unscanned, and anything else exactly as the scan does', () => {
    // A NUL in front is dropped on its own and sends the rest through the full scan.
    const scanned = (chunk: string) => createFrameGuard().guard(`\x00${chunk}`);
    const pieces = ['row', ' ', '\n', '\r', '\t', '漢', '\x1b[31m', '\x1b[0m', '\x1b[38;5;25m', '\x1b[38:2:1:2:3m', '\x1b[2K', '\x1b[1A', '\x1b[G',
      '\x1b[12C', '\x1b[J', '\x1b[2J', '\x1b[H', '\x1b[5;1H', '\x1b[?25l', '\x1b[?1049h', '\x1b[>4;2m', '\x1b[1 q', '\x1b[6n', '\x1b[21t',
      '\x1b]0;t\x07', '\x1b]8;;u\x1b\\', '\x1bP1$r\x1b\\', '\x1b7', '\x1b8', '\x1bc', '\x1b', '\x1b[', '\x1b[12', '\x9b31m', '\x85',
      '\u202e', '\u2066', '\x07', '\x7f', '\x08', '\x1b[=5u', '\x1b[<0;1;1M'];
    let s = 7;
    const next = (n: number) => ((s = (s * 1103515245 + 12345) & 0x7fffffff), s % n);
    for (let round = 0; round < 3000; round++) {
      const chunk = Array.from({ length: 1 + next(12) }, () => pieces[next(pieces.length)]).join('');
      expect(createFrameGuard().guard(chunk), JSON.stringify(chunk)).toBe(scanned(chunk));
    }
  });

  // A \r is Ink's own too: making an overwrite visible is the boundary's work (safe-text.ts).
  const sequences = Object.entries(HOSTILE).filter(([name]) => name !== 'overwrite');
  it.each(sequences)('drops %s, keeping the text around it', (_name, evil) => {
    const { guard, stats } = createFrameGuard();
    const out = guard(`\x1b[2K\x1b[G\x1b[31m${evil}\x1b[39m\n`);
    expect(unsafeSequences(out)).toEqual([]);
    expect(out).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
    expect(out.startsWith('\x1b[2K\x1b[G\x1b[31m')).toBe(true);
    expect(out).not.toContain('\x1b[?1049');
    expect(stats.dropped).toBeGreaterThan(0);
    const after = /after-[a-z0-9]+/.exec(evil)?.[0];
    if (after) expect(out).toContain(after);
  });

  it('lets the person’s own copy through, and only as a write of its own', () => {
    const { guard } = createFrameGuard();
    const copy = osc52Sequence('hello');
    expect(guard(copy)).toBe(copy);
    const wrapped = osc52Sequence('hello', { tmuxPassthrough: true });
    expect(guard(wrapped)).toBe(wrapped);
    expect(unsafeSequences(guard(`row ${copy}\n`))).toEqual([]);
    // A bell of its own rings; one inside a row does not.
    expect(guard('\x07')).toBe('\x07');
    expect(guard('row \x07\n')).toBe('row \n');
  });
});
