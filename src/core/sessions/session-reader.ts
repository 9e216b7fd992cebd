// Reads a session file tolerantly: a torn last line (kill -9 mid-write) and unreadable lines are
// left out with a notice, records of types this version does not know are skipped, and nothing
// before a bad line is ever lost. The file is read in chunks, so a big session never stands in
// memory whole; each record can say where its line is in the file (a tool result read back later).
import { open } from 'node:fs/promises';
import { isKnownRecord, type HeaderRecord, type SessionRecord } from './records.js';

export interface ReadSession {
  header?: HeaderRecord;
  records: SessionRecord[];
  /** Said once when the session is opened. */
  notices: string[];
}

/** Where one record's line is in its file: its first byte and its length in bytes (no newline). */
export interface RecordAt { offset: number; length: number }

/**
 * What becomes of each record as it is read (`at`: its line in the file); the record itself when
 * absent. A reader that keeps a tool result on disk returns a lighter record here.
 */
export type KeepRecord = (record: SessionRecord, at: RecordAt) => SessionRecord;

const CHUNK = 1 << 20;

export async function readSessionFile(file: string, keep?: KeepRecord): Promise<ReadSession> {
  const lines = new RecordLines(keep);
  const handle = await open(file, 'r');
  try {
    let rest: Buffer = Buffer.alloc(0);
    let position = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK);
      const { bytesRead } = await handle.read(chunk, 0, CHUNK, position);
      if (bytesRead === 0) break;
      let from = 0;
      if (rest.length > 0) {
        // The line the last chunk ended in: only it is copied together.
        const nl = chunk.subarray(0, bytesRead).indexOf(0x0a);
        const upTo = nl === -1 ? bytesRead : nl + 1;
        rest = Buffer.concat([rest, chunk.subarray(0, upTo)]);
        if (nl === -1) {
          position += bytesRead;
          continue;
        }
        lines.take(rest, position - (rest.length - upTo), false);
        rest = Buffer.alloc(0);
        from = upTo;
      }
      const used = lines.take(chunk.subarray(from, bytesRead), position + from, false);
      // The piece after the last newline waits for the next chunk (copied: it is small, the chunk is not).
      rest = Buffer.from(chunk.subarray(from + used, bytesRead));
      position += bytesRead;
    }
    lines.take(rest, position - rest.length, true);
  } finally {
    await handle.close();
  }
  return lines.result();
}

export function parseSessionText(text: string): ReadSession {
  return parseSessionBuffer(Buffer.from(text, 'utf8'));
}

/** The records of a file's bytes (all of them, or a head: its last piece without a newline counts as torn). */
export function parseSessionBuffer(data: Buffer, keep?: KeepRecord): ReadSession {
  const lines = new RecordLines(keep);
  lines.take(data, 0, true);
  return lines.result();
}

/** Line by line from bytes: only one line is ever a string at a time. */
class RecordLines {
  private readonly records: SessionRecord[] = [];
  private unknown = 0;
  private unreadable = 0;
  private torn = false;
  private header: HeaderRecord | undefined;

  constructor(private readonly keep?: KeepRecord) {}

  /**
   * Reads the whole lines of `data` (whose first byte is at `base` in the file) and returns how
   * many bytes they took; at the end of the file (`end`) the piece without a newline is read too.
   */
  take(data: Buffer, base: number, end: boolean): number {
    let start = 0;
    while (start < data.length) {
      const nl = data.indexOf(0x0a, start);
      if (nl === -1 && !end) return start;
      // A complete file ends with a newline: a last piece without one was cut mid-write.
      const last = nl === -1;
      const stop = last ? data.length : nl;
      this.line(data, start, stop, base, last);
      start = stop + 1;
    }
    return data.length;
  }

  private line(data: Buffer, start: number, stop: number, base: number, last: boolean): void {
    const line = data.toString('utf8', start, stop);
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (last) this.torn = true;
      else this.unreadable++;
      return;
    }
    if (!isKnownRecord(value) || !wellFormed(value)) {
      this.unknown++;
      return;
    }
    if (value.type === 'header') this.header ??= value;
    this.records.push(this.keep ? this.keep(value, { offset: base + start, length: stop - start }) : value);
  }

  result(): ReadSession {
    const notices: string[] = [];
    const { torn, unreadable, unknown } = this;
    if (torn) notices.push('The last record of this session was cut off mid-write (inkling was stopped); it was left out.');
    if (unreadable > 0) notices.push(`${unreadable} unreadable line${unreadable === 1 ? ' was' : 's were'} skipped in this session's file.`);
    if (unknown > 0) notices.push(`${unknown} record${unknown === 1 ? '' : 's'} from a newer inkling (or damaged) ${unknown === 1 ? 'was' : 'were'} skipped.`);
    return { ...(this.header ? { header: this.header } : {}), records: this.records, notices };
  }
}

/** The fields rebuilding relies on are there; a record without them is treated as unknown. */
export function wellFormed(r: SessionRecord): boolean {
  switch (r.type) {
    case 'header':
      return typeof r.id === 'string';
    case 'prompt':
      return typeof r.text === 'string' && Array.isArray(r.content);
    case 'assistant':
      return r.message?.role === 'assistant' && Array.isArray(r.message.content);
    case 'tool_result':
      return typeof r.id === 'string' && typeof r.content === 'string';
    case 'usage':
      return !!r.session && typeof r.session.inputTokens === 'number';
    case 'notice':
      return typeof r.message === 'string';
    case 'job':
      return typeof r.job?.id === 'number' && typeof r.job.command === 'string' && typeof r.job.state === 'string';
    case 'sidechain':
      return r.event?.type === 'agent_event' && typeof r.event.agent?.id === 'string';
    case 'ledger':
      return !!r.event && typeof r.event.type === 'string';
    case 'compaction':
      return r.event?.message?.role === 'user' && typeof r.event.keptMessages === 'number';
    case 'context_edit':
      return typeof r.event?.id === 'string';
    case 'images_dropped':
      return typeof r.event?.keptMessages === 'number' && Array.isArray(r.event.images);
    default:
      return true;
  }
}
