import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CommandTerminal } from '../../../src/core/shell/command-terminal.js';
import { OutputLog } from '../../../src/core/shell/output-log.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-term-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;

/** Feeds `data` to a small emulator (no pty) and returns the text kept for the model and the log. */
async function render(data: string, opts: { rows?: number; scrollback?: number } = {}) {
  const log = new OutputLog(path.join(dir, `t-${++n}.log`));
  const term = new CommandTerminal({ cols: 20, rows: opts.rows ?? 5, scrollback: opts.scrollback ?? 50, nonce: 'n', log, onSentinel: () => {} });
  term.write(data, () => {});
  await term.drain();
  term.finish();
  log.close();
  const text = term.kept.render('').text;
  term.dispose();
  return { text, log: fs.readFileSync(log.filePath, 'utf8') };
}

const lines = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);

describe('CommandTerminal: every row once, as the terminal shows it', () => {
  it('takes rows as they scroll, beyond a full scrollback', async () => {
    const all = lines('l', 200);
    const { text, log } = await render(all.join('\r\n'), { scrollback: 10 });
    expect(text.split('\n')).toEqual(all);
    expect(log).toBe(`${all.join('\n')}\n`);
  });

  it('counts deleted lines (CSI M) on the screen as no scroll', async () => {
    // rows=5: after a1..a8 the screen is a4..a8; deleting row 2 (a5) pulls a6..a8 up.
    const data = `${lines('a', 8).join('\r\n')}\x1b[2;1H\x1b[M\x1b[5;1Hb1\r\nb2\r\nb3`;
    for (const scrollback of [50, 4]) {
      const { text } = await render(data, { scrollback });
      expect(text.split('\n')).toEqual(['a1', 'a2', 'a3', 'a4', 'a6', 'a7', 'a8', 'b1', 'b2', 'b3']);
    }
  });

  it('counts inserted lines (CSI L) on the screen as no scroll', async () => {
    // Inserting at row 2 pushes a8 off the bottom of the screen: a terminal loses it too.
    const data = `${lines('a', 8).join('\r\n')}\x1b[2;1H\x1b[L\x1b[5;1H\r\nb1\r\nb2`;
    for (const scrollback of [50, 4]) {
      const { text } = await render(data, { scrollback });
      expect(text.split('\n')).toEqual(['a1', 'a2', 'a3', 'a4', '', 'a5', 'a6', 'a7', 'b1', 'b2']);
    }
  });

  it('keeps rows after the scrollback is cleared (ESC[3J) and after a full reset (ESC c)', async () => {
    const { text } = await render(`${lines('a', 12).join('\r\n')}\x1b[3J\r\n${lines('b', 12).join('\r\n')}`, { scrollback: 6 });
    expect(text.split('\n')).toEqual([...lines('a', 12), ...lines('b', 12)]);
    const reset = await render(`${lines('a', 12).join('\r\n')}\x1bc${lines('c', 12).join('\r\n')}`, { scrollback: 6 });
    // The reset clears the screen (a8..a12 were on it), as on a real terminal.
    expect(reset.text.split('\n')).toEqual([...lines('a', 7), ...lines('c', 12)]);
  });

  it('logs nothing to the console for bytes a terminal does not expect (DEL, binary)', async () => {
    const spies = (['error', 'warn', 'info', 'log', 'debug'] as const).map((m) => vi.spyOn(console, m).mockImplementation(() => {}));
    try {
      const { text } = await render('a\x7fb\x1b[1\x7fm\x7f\r\n');
      expect(text).toBe('ab');
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('takes nothing written after finish (the tty echoing the handshake ACK is not output)', async () => {
    const log = new OutputLog(path.join(dir, 'after-finish.log'));
    const term = new CommandTerminal({ cols: 20, rows: 5, nonce: 'n', log, onSentinel: () => {} });
    term.write('out\r\n', () => {});
    await term.drain();
    term.finish();
    term.write(`^F${'\r\nmore'.repeat(20)}`, () => {});
    await term.drain();
    term.finish();
    log.close();
    expect(term.kept.render('').text).toBe('out');
    expect(fs.readFileSync(log.filePath, 'utf8')).toBe('out\n');
    term.dispose();
  });
});
