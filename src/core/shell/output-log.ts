// The complete rendered output of one command, appended to a file so the model and the history
// pager can read all of it. Batched synchronous writes: bounded memory whatever the disk speed, and
// at most a 64 KB write per batch on the event loop.
import fs from 'node:fs';
import path from 'node:path';
import { streamRedactor, type Redact } from '../redact.js';

export const LOG_CAP_BYTES = 64 * 1024 * 1024;
const BATCH_CHARS = 64 * 1024;

export class OutputLog {
  private fd: number | null = null;
  private pending = '';
  private written = 0;
  /** True once the cap was reached and further output was not saved. */
  capped = false;
  /** Why the log could not be written, if it could not (the command still runs). */
  error: string | null = null;

  private readonly redactor: ReturnType<typeof streamRedactor> | null;

  constructor(
    readonly filePath: string,
    private readonly capBytes = LOG_CAP_BYTES,
    redact?: Redact,
  ) {
    this.redactor = redact && (redact.holdBack ?? 0) > 0 ? streamRedactor(redact) : null;
    try {
      // Only the person may list a session's logs (they may hold what a command printed).
      fs.mkdirSync(path.dirname(this.filePath), { recursive: true, mode: 0o700 });
      this.fd = fs.openSync(this.filePath, 'a', 0o600);
    } catch (err) {
      this.error = (err as Error).message;
    }
  }

  append(text: string): void {
    if (this.fd === null || this.capped) return;
    this.pending += text;
    if (this.pending.length >= BATCH_CHARS) this.flush();
  }

  /** Writes what is pending now (called on the snapshot clock, so a pager sees a live command's log grow). */
  flush(final = false): void {
    if (this.fd === null) return;
    if (this.pending === '' && !(final && this.redactor)) return;
    const text = this.redactor ? this.redactor.push(this.pending) + (final ? this.redactor.end() : '') : this.pending;
    this.pending = '';
    if (text === '') return;
    let data = Buffer.from(text, 'utf8');
    if (this.written + data.length > this.capBytes) {
      data = data.subarray(0, Math.max(0, this.capBytes - this.written));
      this.capped = true;
    }
    try {
      fs.writeSync(this.fd, data);
      this.written += data.length;
      if (this.capped) fs.writeSync(this.fd, `\n[log capped at ${this.capBytes} bytes; later output was not saved]\n`);
    } catch (err) {
      this.error = (err as Error).message;
      this.close();
    }
  }

  get bytesWritten(): number {
    return this.written;
  }

  close(): void {
    this.flush(true);
    if (this.fd === null) return;
    try {
      fs.closeSync(this.fd);
    } catch {
      // Closing a log cannot fail in a way the command's result should show.
    }
    this.fd = null;
  }
}
