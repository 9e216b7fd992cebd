// A command's terminal, run once in memory before the first command: a CommandTerminal is fed plain
// lines, then coloured output, then the end-of-command sentinel, snapshotted and rendered for the
// model as a command's would be, its log going to the null device. The first command then runs
// code that is compiled and warm already (a first construction, parse and snapshot cost a few
// times what later ones do). No process, no file, nothing left behind.
import os from 'node:os';
import { CommandTerminal, SNAPSHOT_HISTORY_ROWS } from './command-terminal.js';
import { OutputLog } from './output-log.js';
import { sentinelPrefix } from './sentinel.js';

const NONCE = 'warm-up';
// A screen and a half: enough to scroll it, so every path of a command's output has run once. Not
// more: 400 lines (enough to scroll the snapshot's history over and again, as a flood does) cost
// ~25 ms more of CPU every session pays in its idle moment, made a later 40-line command no cheaper,
// and saved a first flood (`seq 1 300000`) ~20 ms of its ~150.
const WARM_UP_LINES = 40;
const PLAIN = Array.from({ length: WARM_UP_LINES }, (_, i) => `line ${i + 1} of plain output\r\n`).join('');
const COLOURED = 'some \x1b[1;31mcoloured\x1b[0m output\r\n\x1b[2K\rprogress 100%\r\n';

/** Resolves with the text the model would have read, and the exit status the sentinel carried. */
export async function warmCommandTerminal(): Promise<{ text: string; exitCode: number | null }> {
  const log = new OutputLog(os.devNull);
  let exitCode: number | null = null;
  const terminal = new CommandTerminal({ cols: 80, rows: 24, nonce: NONCE, log, onSentinel: (rc) => (exitCode = rc) });
  const parsed = () => {};
  try {
    terminal.write(Buffer.from(PLAIN), parsed);
    terminal.snapshot(SNAPSHOT_HISTORY_ROWS);
    terminal.write(Buffer.from(`${COLOURED}${sentinelPrefix(NONCE)}0\x07`), parsed);
    // The sentinel is parsed by then (its handler runs inside the parse).
    await terminal.drain();
    terminal.finish();
    terminal.snapshot(SNAPSHOT_HISTORY_ROWS);
    return { text: terminal.kept.render('').text, exitCode };
  } finally {
    terminal.dispose();
    log.close();
  }
}
