/**
 * Lazy line access to a large, possibly still growing, log file.
 *
 * How the TUI uses it: the pager opens a bash call's full log with `openLog(details.logPath)` (or
 * wraps in-memory output with `new TextLineSource(text)`) and reads only the lines it shows or
 * searches, through the `LineSource` interface. `collectText(source, max)` gives the whole clean
 * output for `y`. For a tool call, `openOutputSource(result)` picks the right source and
 * `fullOutputText(result)` is what history mode's `y` copies.
 *
 * Memory: the file is never held whole. Indexing reads it in 64 KB chunks through one reused
 * buffer and keeps only the byte offset of every `STRIDE`-th line start (8 bytes per 64 lines);
 * reading lines [a, b) seeks to the nearest such checkpoint and scans at most `STRIDE` lines more.
 */
import { open, type FileHandle } from 'node:fs/promises';
import type { ToolResult } from '../core/tools/tool.js';
import { cleanLine, copyableOutput } from './clean-text.js';

/** How lines come back: `plain` (no escape codes), `sgr` (colour kept), `raw` (bytes as logged). */
export type LineFormat = 'plain' | 'sgr' | 'raw';

export interface LineSource {
  /** Lines known so far (a last line without `\n` counts). */
  readonly lineCount: number;
  /** True once every byte present at the last refresh has been indexed. */
  readonly complete: boolean;
  /** Set when the source cannot be read; the pager shows it instead of lines. */
  readonly error: string | null;
  /** Bytes indexed so far, for a source that can grow (a partial last line growing changes it). */
  readonly bytesIndexed?: number;
  /** Lines [from, to), clamped to what is known, one string per line without its `\n`. */
  readLines(from: number, to: number, format?: LineFormat): Promise<string[]>;
  /** Indexes up to `budgetBytes` more (new output of a growing file included); resolves to lineCount. */
  refresh(budgetBytes?: number): Promise<number>;
  close(): Promise<void>;
}

const CHUNK = 64 * 1024;
const STRIDE = 64;
/** A single line longer than this (a minified bundle, a binary) is cut, with a note. */
export const MAX_LINE_BYTES = 256 * 1024;
/** Ranges up to this size are read in one piece; bigger ones (huge lines) are streamed. */
const FAST_READ_BYTES = 1024 * 1024;

function formatLine(raw: string, format: LineFormat): string {
  if (format === 'raw') return raw;
  return cleanLine(raw, format === 'sgr');
}

export class LogReader implements LineSource {
  error: string | null = null;
  private handle: FileHandle | null = null;
  private indexedBytes = 0;
  private fileSize = 0;
  /** fileSize has been read at least once (before that, nothing is known to be complete). */
  private sized = false;
  private newlines = 0;
  /** Byte offset just after the last `\n` seen: start of the (possibly partial) last line. */
  private lastLineStart = 0;
  private checkpoints = new Float64Array(1024);
  private readonly indexBuf = Buffer.allocUnsafe(CHUNK);
  /** Index passes run one at a time; they share indexBuf. */
  private indexing: Promise<unknown> = Promise.resolve();

  constructor(readonly path: string) {}

  get lineCount(): number {
    return this.newlines + (this.indexedBytes > this.lastLineStart ? 1 : 0);
  }

  get complete(): boolean {
    return this.sized && this.indexedBytes >= this.fileSize;
  }

  get bytesIndexed(): number {
    return this.indexedBytes;
  }

  /** Bytes held by the line index (for memory checks). */
  get indexBytes(): number {
    return this.checkpoints.byteLength;
  }

  private async ensureOpen(): Promise<FileHandle | null> {
    if (this.handle || this.error) return this.handle;
    try {
      this.handle = await open(this.path, 'r');
    } catch (e) {
      this.error = `cannot open ${this.path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`;
    }
    return this.handle;
  }

  private reset(): void {
    this.indexedBytes = 0;
    this.newlines = 0;
    this.lastLineStart = 0;
  }

  refresh(budgetBytes = Number.POSITIVE_INFINITY): Promise<number> {
    const run = this.indexing.then(() => this.indexMore(budgetBytes));
    this.indexing = run.catch(() => undefined);
    return run;
  }

  private async indexMore(budgetBytes: number): Promise<number> {
    const fh = await this.ensureOpen();
    if (!fh) return 0;
    try {
      this.fileSize = (await fh.stat()).size;
      this.sized = true;
      if (this.fileSize < this.indexedBytes) this.reset(); // truncated or rewritten: start over
      let budget = budgetBytes;
      while (this.indexedBytes < this.fileSize && budget > 0) {
        const want = Math.min(CHUNK, this.fileSize - this.indexedBytes);
        const { bytesRead } = await fh.read(this.indexBuf, 0, want, this.indexedBytes);
        if (bytesRead === 0) break;
        const base = this.indexedBytes;
        for (let p = this.indexBuf.indexOf(10, 0); p !== -1 && p < bytesRead; p = this.indexBuf.indexOf(10, p + 1)) {
          this.newlines++;
          this.lastLineStart = base + p + 1;
          if (this.newlines % STRIDE === 0) this.addCheckpoint(this.newlines / STRIDE, this.lastLineStart);
        }
        this.indexedBytes += bytesRead;
        budget -= bytesRead;
      }
    } catch (e) {
      this.error = `cannot read ${this.path}: ${(e as Error).message}`;
    }
    return this.lineCount;
  }

  private addCheckpoint(k: number, offset: number): void {
    if (k >= this.checkpoints.length) {
      const grown = new Float64Array(this.checkpoints.length * 2);
      grown.set(this.checkpoints);
      this.checkpoints = grown;
    }
    this.checkpoints[k] = offset;
  }

  async readLines(from: number, to: number, format: LineFormat = 'plain'): Promise<string[]> {
    const fh = await this.ensureOpen();
    const end = Math.min(to, this.lineCount);
    const start = Math.max(0, from);
    if (!fh || start >= end) return [];
    const k = Math.floor(start / STRIDE);
    const kEnd = Math.ceil(end / STRIDE);
    const from0 = k === 0 ? 0 : this.checkpoints[k]!;
    const to0 = kEnd * STRIDE <= this.newlines ? this.checkpoints[kEnd]! : this.indexedBytes;
    if (to0 - from0 <= FAST_READ_BYTES) return this.readBlock(fh, from0, to0, k * STRIDE, start, end, format);
    return this.readStreaming(fh, from0, k * STRIDE, start, end, format);
  }

  /** Common case: the lines' bytes (between two checkpoints) fit one read; decode and split once. */
  private async readBlock(
    fh: FileHandle, from0: number, to0: number, firstLine: number, start: number, end: number, format: LineFormat,
  ): Promise<string[]> {
    const buf = Buffer.allocUnsafe(to0 - from0);
    try {
      let got = 0;
      while (got < buf.length) {
        const { bytesRead } = await fh.read(buf, got, buf.length - got, from0 + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      const lines = buf.toString('utf8', 0, got).split('\n').slice(start - firstLine, end - firstLine);
      return lines.map((l) =>
        l.length > MAX_LINE_BYTES ? `${formatLine(l.slice(0, MAX_LINE_BYTES), format)} … [line cut]` : formatLine(l, format),
      );
    } catch (e) {
      this.error = `cannot read ${this.path}: ${(e as Error).message}`;
      return [];
    }
  }

  /** Lines too long for one read: stream through them, cutting any line at MAX_LINE_BYTES. */
  private async readStreaming(
    fh: FileHandle, from0: number, firstLine: number, start: number, end: number, format: LineFormat,
  ): Promise<string[]> {
    let lineNo = firstLine;
    let pos = from0;
    const limit = this.indexedBytes;
    const out: string[] = [];
    const buf = Buffer.allocUnsafe(CHUNK);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let cut = false;
    const emit = () => {
      if (lineNo >= start) {
        const text = Buffer.concat(pending, pendingBytes).toString('utf8');
        out.push(formatLine(text, format) + (cut ? ' … [line cut]' : ''));
      }
      pending = [];
      pendingBytes = 0;
      cut = false;
      lineNo++;
    };
    const keep = (slice: Buffer) => {
      if (lineNo < start) return; // skipping lines before the range: no need to keep bytes
      const room = MAX_LINE_BYTES - pendingBytes;
      if (slice.length > room) cut = true;
      const part = slice.length > room ? slice.subarray(0, room) : slice;
      if (part.length > 0) {
        pending.push(Buffer.from(part)); // copy: buf is reused by the next read
        pendingBytes += part.length;
      }
    };
    try {
      while (pos < limit && lineNo < end) {
        const { bytesRead } = await fh.read(buf, 0, Math.min(CHUNK, limit - pos), pos);
        if (bytesRead === 0) break;
        let p = 0;
        while (p < bytesRead && lineNo < end) {
          const nl = buf.indexOf(10, p);
          if (nl === -1 || nl >= bytesRead) {
            keep(buf.subarray(p, bytesRead));
            p = bytesRead;
          } else {
            keep(buf.subarray(p, nl));
            emit();
            p = nl + 1;
          }
        }
        pos += bytesRead;
      }
      if (lineNo < end && (pendingBytes > 0 || cut)) emit(); // partial last line
    } catch (e) {
      this.error = `cannot read ${this.path}: ${(e as Error).message}`;
    }
    return out;
  }

  async close(): Promise<void> {
    const fh = this.handle;
    this.handle = null;
    await fh?.close().catch(() => undefined);
  }
}

/** Opens a log and indexes its first `initialBytes`. Never throws: failures land in `error`. */
export async function openLog(path: string, initialBytes = 4 * 1024 * 1024): Promise<LogReader> {
  const reader = new LogReader(path);
  await reader.refresh(initialBytes);
  return reader;
}

/** A LineSource over text already in memory (a read or grep result, a diff). */
export class TextLineSource implements LineSource {
  readonly complete = true;
  readonly error = null;
  private readonly lines: string[];

  constructor(text: string) {
    this.lines = text.split('\n');
    if (this.lines.length > 0 && this.lines[this.lines.length - 1] === '') this.lines.pop();
  }

  get lineCount(): number {
    return this.lines.length;
  }

  async readLines(from: number, to: number, format: LineFormat = 'plain'): Promise<string[]> {
    return this.lines.slice(Math.max(0, from), to).map((l) => formatLine(l, format));
  }

  async refresh(): Promise<number> {
    return this.lines.length;
  }

  async close(): Promise<void> {}
}

/**
 * All of a source's text, clean, up to `maxChars` (for copying). Indexes the rest of the source
 * first, then reads it in batches so that only the result is held.
 */
export async function collectText(
  source: LineSource,
  maxChars = 8 * 1024 * 1024,
): Promise<{ text: string; truncated: boolean }> {
  if (!source.complete) await source.refresh(); // chunked inside: memory stays bounded
  const parts: string[] = [];
  let size = 0;
  for (let a = 0; a < source.lineCount; a += 5000) {
    for (const line of await source.readLines(a, a + 5000)) {
      if (size + line.length + 1 > maxChars) return { text: parts.join('\n'), truncated: true };
      parts.push(line);
      size += line.length + 1;
    }
  }
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return { text: parts.join('\n'), truncated: false };
}

/**
 * What the pager shows for a tool call (`o`): a bash call's full log or a fetched page's saved text
 * when it can be read, else the clean text the UI already holds (snapshot, diff, content).
 */
export async function openOutputSource(result: Pick<ToolResult, 'content' | 'details'>): Promise<LineSource> {
  const d = result.details;
  const file = d?.kind === 'bash' ? d.logPath : d?.kind === 'web-fetch' ? d.savedTo : undefined;
  if (file) {
    const log = await openLog(file);
    if (!log.error) return log;
    await log.close();
  }
  return new TextLineSource(copyableOutput(result));
}

/** What `y` copies for a tool call: the whole clean output, from the bash log when there is one. */
export async function fullOutputText(
  result: Pick<ToolResult, 'content' | 'details'>,
  maxChars?: number,
): Promise<{ text: string; truncated: boolean }> {
  const source = await openOutputSource(result);
  try {
    return await collectText(source, maxChars);
  } finally {
    await source.close();
  }
}
