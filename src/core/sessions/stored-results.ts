// A resumed session's tool outputs stay in its file until they are read: each big tool_result
// record is held as a stub (id, status, the small fields of its details) that knows where its line
// is, and its content and big detail fields are read from that line again whenever they are read
// (a card drawn or expanded, the pager, a search, a request built; see stored-fields). The few read last are
// kept, so a screenful costs one read per card. The file is append-only, so a line's place never
// changes; a line that no longer holds its record reads as a note instead of someone else's text.
import { closeSync, openSync, readSync } from 'node:fs';
import type { ToolResultRecord, SessionRecord } from './records.js';
import type { RecordAt } from './session-reader.js';
import { storedView, type FieldSource } from './stored-fields.js';

/** A record line this long or shorter stays in memory as it is. */
export const SMALL_RECORD_BYTES = 2048;
/** A field (of a big record's details) this small stays in memory; bigger ones are read on demand. */
const SMALL_FIELD = 256;
const CONTENT = ['content'] as const;
/** What the records read last may hold, in bytes of their lines. */
const KEPT_BYTES = 2 << 20;
/** The file is read in blocks this big, and this many of them are kept. */
const BLOCK = 64 * 1024;
const KEPT_BLOCKS = 16;
/** The file is closed once nothing has been read from it for this long (its blocks are let go then too). */
const IDLE_CLOSE_MS = 2000;

export interface StoredResultsOptions {
  /** Lines up to this many bytes stay in memory whole (default SMALL_RECORD_BYTES). */
  smallRecordBytes?: number;
}

export class StoredResults {
  private fd: number | null = null;
  private idle: ReturnType<typeof setTimeout> | null = null;
  private readonly kept = new Map<number, { record: ToolResultRecord; bytes: number }>();
  private readonly blocks = new Map<number, Buffer>();
  private keptBytes = 0;
  private readonly small: number;
  /** How many lines have been read back (tests and benches look). */
  reads = 0;

  constructor(readonly file: string, opts: StoredResultsOptions = {}) {
    this.small = opts.smallRecordBytes ?? SMALL_RECORD_BYTES;
  }

  /** For the reader: a big tool_result becomes a stub; every other record stays as it is. */
  readonly keep = (record: SessionRecord, at: RecordAt): SessionRecord => {
    if (record.type !== 'tool_result' || at.length <= this.small) return record;
    return this.stub(record, at);
  };

  private stub(r: ToolResultRecord, at: RecordAt): ToolResultRecord {
    // Only the id and the place are held (not the record just parsed).
    const source = new RecordPart(this, at, r.id, [], r.content.length);
    const held = r.content.length <= SMALL_FIELD;
    const target = {
      type: r.type,
      at: r.at,
      id: r.id,
      readOnly: r.readOnly,
      content: held ? r.content : '',
      ...(r.images ? { images: r.images } : {}),
      isError: r.isError,
      ...(r.details ? { details: stubObject(r.details as unknown as Record<string, unknown>, source.inside('details')) } : {}),
      durationMs: r.durationMs,
      ...(r.cancelled ? { cancelled: r.cancelled } : {}),
    } as ToolResultRecord;
    return held ? target : storedView(target, CONTENT, source);
  }

  /** The whole record at `at`, read again (or one of those read last). */
  read(at: RecordAt, id: string): ToolResultRecord {
    const hit = this.kept.get(at.offset);
    if (hit && hit.record.id === id && hit.bytes === at.length) {
      // The most recent last.
      this.kept.delete(at.offset);
      this.kept.set(at.offset, hit);
      return hit.record;
    }
    const record = this.readLine(at, id);
    if (hit) {
      this.kept.delete(at.offset);
      this.keptBytes -= hit.bytes;
    }
    this.kept.set(at.offset, { record, bytes: at.length });
    this.keptBytes += at.length;
    for (const [offset, { bytes }] of this.kept) {
      if (this.keptBytes <= KEPT_BYTES || this.kept.size <= 1) break;
      this.kept.delete(offset);
      this.keptBytes -= bytes;
    }
    return record;
  }

  private readLine(at: RecordAt, id: string): ToolResultRecord {
    this.reads++;
    let text: string;
    try {
      text = this.bytes(at).toString('utf8');
    } catch (err) {
      return missing(id, `it could not be read (${(err as Error).message})`);
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return missing(id, 'its place in the file holds something else');
    }
    const r = value as Partial<ToolResultRecord>;
    if (r.type !== 'tool_result' || r.id !== id || typeof r.content !== 'string') return missing(id, 'its place in the file holds another record');
    return r as ToolResultRecord;
  }

  /**
   * The line's bytes, through a few blocks of the file kept from the reads before: a pass over
   * many records (a request, a filter) reads the file in big pieces, not one read per record.
   */
  private bytes(at: RecordAt): Buffer {
    this.fd ??= openSync(this.file, 'r');
    this.closeWhenIdle();
    if (at.length > BLOCK) return this.readAt(at.offset, at.length);
    const first = Math.floor(at.offset / BLOCK);
    const last = Math.floor((at.offset + at.length - 1) / BLOCK);
    const parts: Buffer[] = [];
    for (let b = first; b <= last; b++) {
      const block = this.block(b, b === last ? at.offset + at.length - b * BLOCK : BLOCK);
      const from = b === first ? at.offset - b * BLOCK : 0;
      const to = b === last ? at.offset + at.length - b * BLOCK : BLOCK;
      parts.push(block.subarray(from, to));
    }
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  }

  /** Block `b` of the file with at least `need` bytes of it (read again if it was cut by the file's end then). */
  private block(b: number, need: number): Buffer {
    const kept = this.blocks.get(b);
    if (kept && kept.length >= need) {
      this.blocks.delete(b);
      this.blocks.set(b, kept);
      return kept;
    }
    const block = this.readAt(b * BLOCK, BLOCK);
    this.blocks.delete(b);
    this.blocks.set(b, block);
    if (this.blocks.size > KEPT_BLOCKS) this.blocks.delete(this.blocks.keys().next().value!);
    return block;
  }

  private readAt(offset: number, length: number): Buffer {
    const buf = Buffer.allocUnsafe(length);
    let got = 0;
    while (got < length) {
      const n = readSync(this.fd!, buf, got, length - got, offset + got);
      if (n === 0) break;
      got += n;
    }
    return buf.subarray(0, got);
  }

  private closeWhenIdle(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => this.close(), IDLE_CLOSE_MS);
    this.idle.unref?.();
  }

  close(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.blocks.clear();
    if (this.fd === null) return;
    try {
      closeSync(this.fd);
    } catch {
      // Only reads were made.
    }
    this.fd = null;
  }
}

function missing(id: string, why: string): ToolResultRecord {
  return { type: 'tool_result', at: 0, id, readOnly: true, isError: true, durationMs: 0, content: `(this output was kept in the session file, but ${why})` };
}

/** A part of a record kept in the file (`path` from the record down to it): reads its fields there. */
class RecordPart implements FieldSource {
  constructor(
    private readonly results: StoredResults,
    private readonly at: RecordAt,
    private readonly id: string,
    private readonly path: readonly string[],
    /** The record's content length (token estimates need no more of it). */
    private readonly contentLength?: number,
  ) {}

  lengthOf(key: string): number | undefined {
    return key === 'content' && this.path.length === 0 ? this.contentLength : undefined;
  }

  field(key: string): unknown {
    let value: unknown = this.results.read(this.at, this.id);
    for (const step of this.path) value = (value as Record<string, unknown> | undefined)?.[step];
    return (value as Record<string, unknown> | undefined)?.[key];
  }

  inside(key: string): RecordPart {
    return new RecordPart(this.results, this.at, this.id, [...this.path, key]);
  }
}

/**
 * `value` with its small fields as they are and its big ones read from `source` (the same object
 * in the record as read again) on demand; an object field that is big has its own fields treated
 * the same way. Always a view, so whoever passes it on looks inside.
 */
function stubObject(value: Record<string, unknown>, source: RecordPart): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const lazy: string[] = [];
  for (const key of Object.keys(value)) {
    const field = value[key];
    if (isSmall(field, SMALL_FIELD)) out[key] = field;
    else if (isPlainObject(field)) out[key] = stubObject(field, source.inside(key));
    else {
      out[key] = undefined;
      lazy.push(key);
    }
  }
  return storedView(out, lazy, source);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether `v` takes at most about `budget` bytes as JSON (stops counting once it is over). */
function isSmall(v: unknown, budget: number): boolean {
  return sizeOf(v, budget) <= budget;
}

function sizeOf(v: unknown, budget: number): number {
  if (typeof v === 'string') return v.length + 2;
  if (typeof v !== 'object' || v === null) return 8;
  let n = 2;
  for (const item of Array.isArray(v) ? v : Object.entries(v).flat()) {
    n += sizeOf(item, budget - n) + 1;
    if (n > budget) return n;
  }
  return n;
}
