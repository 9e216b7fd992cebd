// The ledger's own log, `ledger.log` beside the session's bash logs (0600): why the workspace
// watcher stopped or started again, which snapshots overran their budget. For a person looking
// into a slow or untracked call afterwards; never shown on screen.
import { promises as fs } from 'node:fs';
import path from 'node:path';

export type LedgerLog = (line: string) => void;

/** Appends timestamped lines, in order, to <dir>/ledger.log; `dir` is asked each time (/clear moves it). */
export function ledgerLog(dir: () => string | undefined): LedgerLog {
  let tail: Promise<unknown> = Promise.resolve();
  return (line) => {
    const at = dir();
    if (!at) return;
    const text = `${new Date().toISOString()} ${line.replace(/[\r\n]+/g, ' ')}\n`;
    tail = tail
      .then(async () => {
        await fs.mkdir(at, { recursive: true, mode: 0o700 });
        await fs.appendFile(path.join(at, 'ledger.log'), text, { mode: 0o600 });
      })
      .catch(() => undefined);
  };
}
