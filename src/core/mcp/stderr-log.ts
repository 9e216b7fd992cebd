// A stdio server's stderr goes to a log file under the session directory (never the screen),
// redacted as it is written and capped; its last line is kept to explain a crash.
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import type { Redact } from '../redact.js';

export const MAX_STDERR_LOG_BYTES = 5 * 1024 * 1024;
const MAX_LAST_LINE = 300;

export class StderrLog {
  private stream: WriteStream | undefined;
  private written = 0;
  private capped = false;
  private partial = '';
  private last = '';

  constructor(
    readonly filePath: string,
    private readonly redact: Redact,
    private readonly maxBytes = MAX_STDERR_LOG_BYTES,
  ) {}

  write(chunk: string): void {
    const text = this.redact(chunk);
    this.rememberLastLine(text);
    if (this.capped) return;
    if (!this.stream) {
      mkdirSync(path.dirname(this.filePath), { recursive: true, mode: 0o700 });
      this.stream = createWriteStream(this.filePath, { flags: 'a', mode: 0o600 });
      // A full disk must not crash the session: the log is a convenience.
      this.stream.on('error', () => (this.capped = true));
    }
    const room = this.maxBytes - this.written;
    const bytes = Buffer.byteLength(text);
    if (bytes > room) {
      this.stream.write(`${text.slice(0, Math.max(0, room))}\n[inkling: log capped at ${this.maxBytes} bytes]\n`);
      this.capped = true;
      return;
    }
    this.written += bytes;
    this.stream.write(text);
  }

  /** A marker line between runs of the server (restarts), so the log reads in order. */
  mark(line: string): void {
    this.write(`\n--- ${new Date().toISOString()} ${line} ---\n`);
    this.last = '';
  }

  /** The last non-empty line the server wrote, trimmed; empty when it wrote nothing. */
  lastLine(): string {
    const pending = this.partial.trim();
    return (pending || this.last).slice(0, MAX_LAST_LINE);
  }

  async close(): Promise<void> {
    const stream = this.stream;
    this.stream = undefined;
    if (stream) await new Promise<void>((resolve) => stream.end(resolve));
  }

  private rememberLastLine(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = (lines.pop() ?? '').slice(-MAX_LAST_LINE * 4);
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i]!.trim();
      if (line) {
        this.last = line.slice(0, MAX_LAST_LINE);
        break;
      }
    }
  }
}
