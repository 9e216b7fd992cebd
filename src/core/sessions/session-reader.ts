// Reads a session file tolerantly: a torn last line (kill -9 mid-write) and unreadable lines are
// left out with a notice, records of types this version does not know are skipped, and nothing
// before a bad line is ever lost.
import { readFile } from 'node:fs/promises';
import { isKnownRecord, type HeaderRecord, type SessionRecord } from './records.js';

export interface ReadSession {
  header?: HeaderRecord;
  records: SessionRecord[];
  /** Said once when the session is opened. */
  notices: string[];
}

export async function readSessionFile(file: string): Promise<ReadSession> {
  return parseSessionBuffer(await readFile(file));
}

export function parseSessionText(text: string): ReadSession {
  return parseSessionBuffer(Buffer.from(text, 'utf8'));
}

/**
 * Line by line from the file's bytes: only one line is ever a string at a time, so a big session
 * never stands in memory as one long text and its lines besides the records made from them.
 */
export function parseSessionBuffer(data: Buffer): ReadSession {
  const records: SessionRecord[] = [];
  const notices: string[] = [];
  let unknown = 0;
  let unreadable = 0;
  let torn = false;
  let header: HeaderRecord | undefined;
  for (let start = 0; start < data.length; ) {
    const nl = data.indexOf(0x0a, start);
    // A complete file ends with a newline: a last piece without one was cut mid-write.
    const last = nl === -1;
    const end = last ? data.length : nl;
    const line = data.toString('utf8', start, end);
    start = end + 1;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (last) torn = true;
      else unreadable++;
      continue;
    }
    if (!isKnownRecord(value) || !wellFormed(value)) {
      unknown++;
      continue;
    }
    if (value.type === 'header') header ??= value;
    records.push(value);
  }
  if (torn) notices.push('The last record of this session was cut off mid-write (inkling was stopped); it was left out.');
  if (unreadable > 0) notices.push(`${unreadable} unreadable line${unreadable === 1 ? ' was' : 's were'} skipped in this session's file.`);
  if (unknown > 0) notices.push(`${unknown} record${unknown === 1 ? '' : 's'} from a newer inkling (or damaged) ${unknown === 1 ? 'was' : 'were'} skipped.`);
  return { ...(header ? { header } : {}), records, notices };
}

/** The fields rebuilding relies on are there; a record without them is treated as unknown. */
function wellFormed(r: SessionRecord): boolean {
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
    case 'ledger':
      return !!r.event && typeof r.event.type === 'string';
    case 'compaction':
      return r.event?.message?.role === 'user' && typeof r.event.keptMessages === 'number';
    case 'context_edit':
      return typeof r.event?.id === 'string';
    default:
      return true;
  }
}
