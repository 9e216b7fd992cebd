// The bash tool's warm-up runs a command's terminal in memory: the real CommandTerminal takes plain
// lines, coloured output and the sentinel, and renders the model's text, with nothing on disk.
import { describe, expect, it } from 'vitest';
import { warmCommandTerminal } from '../../../src/core/shell/terminal-warmup.js';

describe('warming the command terminal', () => {
  it('runs plain lines, colours and the sentinel through the terminal a command gets', async () => {
    const { text, exitCode } = await warmCommandTerminal();
    expect(exitCode).toBe(0);
    const lines = text.split('\n');
    expect(lines[0]).toBe('line 1 of plain output');
    expect(lines).toContain('some coloured output');
    expect(lines.at(-1)).toBe('progress 100%');
  });

  it('scrolls the screen, and not much more: every session pays for it in its idle moment', async () => {
    const { text } = await warmCommandTerminal();
    const plain = text.split('\n').filter((line) => line.startsWith('line '));
    expect(plain.length).toBeGreaterThan(24);
    expect(plain.length).toBeLessThanOrEqual(2 * 24);
    expect(plain.at(-1)).toBe(`line ${plain.length} of plain output`);
  });
});
