// Reads one page of numbered lines from a file of any size with bounded memory: only the lines of the
// page are kept, the rest of the file is scanned chunk by chunk just to count its lines.
import { promises as fs } from 'node:fs';

export interface PageOptions {
  /** 1-based first line of the page. */
  offset: number;
  /** Most lines on the page. */
  limit: number;
  /** Most characters of formatted output; the page stops at a line boundary before this. */
  maxChars: number;
  /** Longer lines are cut with a marker. */
  maxLineChars: number;
  signal?: AbortSignal;
}

export interface Page {
  /** Formatted lines: right-aligned line number, a tab, the text. */
  lines: string[];
  startLine: number;
  /** Last line on the page (startLine - 1 when the page is empty). */
  endLine: number;
  totalLines: number;
  /** The page stopped because of maxChars rather than limit or the end of the file. */
  stoppedAtChars: boolean;
}

const CHUNK_BYTES = 1024 * 1024;

/** `source` is a path, or an open handle (read from its start; the caller keeps and closes it). */
export async function readPage(source: string | fs.FileHandle, opts: PageOptions): Promise<Page> {
  // A UTF-8 character is at most 4 bytes, so this many bytes always hold more than maxLineChars characters.
  const lineByteCap = opts.maxLineChars * 4 + 4;
  const lines: string[] = [];
  let chars = 0;
  let lineNo = 1;
  let collecting = opts.offset <= 1;
  let done = false;
  let stoppedAtChars = false;
  let pieces: Buffer[] = [];
  let kept = 0;
  let partial = false; // bytes seen since the last newline

  const finishLine = (): void => {
    let text = Buffer.concat(pieces, kept).toString('utf8');
    pieces = [];
    kept = 0;
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text.length > opts.maxLineChars) {
      text = `${text.slice(0, opts.maxLineChars)}... [line cut at ${opts.maxLineChars} characters]`;
    }
    const formatted = `${String(lineNo).padStart(6)}\t${text}`;
    if (lines.length > 0 && chars + formatted.length + 1 > opts.maxChars) {
      stoppedAtChars = true;
      done = true;
      return;
    }
    lines.push(formatted);
    chars += formatted.length + 1;
    if (lines.length >= opts.limit) done = true;
  };

  const keep = (buf: Buffer): void => {
    if (kept >= lineByteCap || buf.length === 0) return;
    const slice = buf.subarray(0, lineByteCap - kept);
    // Copy: the chunk buffer is overwritten by the next read.
    pieces.push(Buffer.from(slice));
    kept += slice.length;
  };

  // One buffer, reused for every read: memory stays at one chunk plus the page, whatever the file size
  // (a stream would allocate a new chunk per read and leave the garbage collector to catch up).
  const chunkBuf = Buffer.allocUnsafe(CHUNK_BYTES);
  const handle = typeof source === 'string' ? await fs.open(source, 'r') : source;
  let position = 0;
  try {
    for (;;) {
      if (opts.signal?.aborted) throw new Error('The read was cancelled.');
      const { bytesRead } = await handle.read(chunkBuf, 0, CHUNK_BYTES, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const chunk = chunkBuf.subarray(0, bytesRead);
      let pos = 0;
      while (pos < chunk.length) {
        const nl = chunk.indexOf(10, pos);
        const end = nl === -1 ? chunk.length : nl;
        if (collecting && !done) keep(chunk.subarray(pos, end));
        if (nl === -1) {
          partial = true;
          break;
        }
        if (collecting && !done) finishLine();
        partial = false;
        lineNo++;
        if (!collecting && lineNo >= opts.offset) collecting = true;
        pos = nl + 1;
      }
    }
  } finally {
    if (typeof source === 'string') await handle.close();
  }
  if (partial && collecting && !done) finishLine();
  const totalLines = partial ? lineNo : lineNo - 1;
  const startLine = opts.offset;
  return { lines, startLine, endLine: startLine + lines.length - 1, totalLines, stoppedAtChars };
}
