// Appends records to one session file: each record is one whole line written synchronously (so
// it is in the file before the loop sends the next request), and the file is synced to disk at
// the end of each turn. A file left with a torn last line (kill -9 mid-write) gets a newline
// first, so the torn record stays alone on its line and later records are read whole.
import { closeSync, fdatasync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { makePrivateDir } from './session-paths.js';
import type { SessionRecord } from './records.js';

export class SessionFile {
  private fd: number | null = null;

  constructor(readonly filePath: string) {}

  get isOpen(): boolean {
    return this.fd !== null;
  }

  /** Opens (creating it 0600, its folders 0700) for appending. Throws when that is not possible. */
  open(): void {
    if (this.fd !== null) return;
    makePrivateDir(path.dirname(this.filePath));
    const fd = openSync(this.filePath, 'a+', 0o600);
    try {
      const size = fstatSync(fd).size;
      if (size > 0) {
        const last = Buffer.alloc(1);
        readSync(fd, last, 0, 1, size - 1);
        if (last[0] !== 0x0a) writeSync(fd, '\n');
      }
    } catch (err) {
      closeSync(fd);
      throw err;
    }
    this.fd = fd;
  }

  /** Several records go in one write, so a session's header never stands without its first record. */
  append(...records: SessionRecord[]): void {
    this.open();
    writeSync(this.fd!, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
  }

  /** Lines already serialised (a fork's copied records), in one write. */
  appendLines(lines: readonly string[]): void {
    this.open();
    writeSync(this.fd!, lines.map((l) => `${l}\n`).join(''));
  }

  /** Puts what was written on the disk itself (turn end); never rejects. */
  sync(): Promise<void> {
    const fd = this.fd;
    if (fd === null) return Promise.resolve();
    return new Promise((resolve) => fdatasync(fd, () => resolve()));
  }

  close(): void {
    if (this.fd === null) return;
    try {
      closeSync(this.fd);
    } catch {
      // Nothing is lost: every record was written when it was appended.
    }
    this.fd = null;
  }
}
