// The emulator's first use, in memory and before any command: a terminal is made, fed a few
// coloured rows and read back once, so the first command's terminal runs code that is warm already
// (its first construction, parse and snapshot cost a few times what later ones do). No process,
// no file, nothing left behind.
import xterm from '@xterm/headless';
import { EMULATOR_SCROLLBACK, SNAPSHOT_HISTORY_ROWS } from './command-terminal.js';
import { takeSnapshot } from './screen-text.js';

const SAMPLE = 'warm \x1b[1;31mup\x1b[0m\r\n'.repeat(4) + '\x1b[2K\rdone';

export function warmEmulator(): Promise<void> {
  const term = new xterm.Terminal({ cols: 80, rows: 24, scrollback: EMULATOR_SCROLLBACK, allowProposedApi: true, logLevel: 'off' });
  return new Promise<void>((resolve) => {
    term.write(SAMPLE, () => {
      const buffer = term.buffer.active;
      takeSnapshot(buffer, term.cols, term.rows, SNAPSHOT_HISTORY_ROWS, 0, buffer.getNullCell());
      term.dispose();
      resolve();
    });
  });
}
