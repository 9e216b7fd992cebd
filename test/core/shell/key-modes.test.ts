// The snapshot says how the command wants keys sent (Ctrl+T typing): application cursor keys
// (less, vim) and bracketed paste, as the command turned them on and off.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CommandTerminal } from '../../../src/core/shell/command-terminal.js';
import { OutputLog } from '../../../src/core/shell/output-log.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-modes-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function snapshotAfter(data: string) {
  const log = new OutputLog(path.join(dir, `m-${Math.random().toString(36).slice(2)}.log`));
  const term = new CommandTerminal({ cols: 20, rows: 5, nonce: 'n', log, onSentinel: () => {} });
  term.write(data, () => {});
  await term.drain();
  const snap = term.snapshot(10);
  term.dispose();
  log.close();
  return snap;
}

describe('CommandTerminal snapshot key modes', () => {
  it('reports neither mode for a plain command', async () => {
    const snap = await snapshotAfter('hello\r\n');
    expect(snap.applicationCursorKeys).toBeUndefined();
    expect(snap.bracketedPaste).toBeUndefined();
  });

  it('reports the modes a full-screen program turns on, and drops them when it turns them off', async () => {
    const on = await snapshotAfter('\x1b[?1h\x1b[?2004hpager');
    expect(on.applicationCursorKeys).toBe(true);
    expect(on.bracketedPaste).toBe(true);
    const off = await snapshotAfter('\x1b[?1h\x1b[?2004h\x1b[?1l\x1b[?2004l');
    expect(off.applicationCursorKeys).toBeUndefined();
    expect(off.bracketedPaste).toBeUndefined();
  });
});
