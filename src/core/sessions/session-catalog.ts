// Finding sessions on disk: the recent ones of a workspace (or of all workspaces) with what a
// list shows, the latest one (--continue), one named by an id or a unique prefix (--resume), and
// opening one to resume it. Nothing here writes, except deleteSession.
import { open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseSessionBuffer, readSessionFile } from './session-reader.js';
import { StoredResults } from './stored-results.js';
import { restoreSession, type RestoredSession } from './session-restore.js';
import { pathsIn, sessionPaths, sessionsRoot, SESSION_ID } from './session-paths.js';
import type { HeaderRecord } from './records.js';

export interface SessionSummary {
  id: string;
  file: string;
  /** The workspace the session ran in (from its header; the folder's key when it has none). */
  workspace: string;
  title: string;
  model: string;
  startedAt: number;
  /** When the file last changed. */
  updatedAt: number;
  turns: number;
  bytes: number;
  /** A rewind started it from that session, just before its prompt `prompt`. */
  forkedFrom?: { session: string; prompt: number };
}

export type SessionScope = 'workspace' | 'all';

const HEAD_BYTES = 16 * 1024;
const PROMPT_MARK = Buffer.from('{"type":"prompt"');

/** Newest first. */
export async function listSessions(home: string, workspaceRoot: string, scope: SessionScope = 'workspace'): Promise<SessionSummary[]> {
  const dirs = scope === 'workspace' ? [sessionPaths(home, workspaceRoot).dir] : await subdirs(sessionsRoot(home));
  const all: SessionSummary[] = [];
  for (const dir of dirs) all.push(...(await summariesIn(dir)));
  return all.sort((a, b) => b.updatedAt - a.updatedAt);
}

export type SessionLookup =
  | { ok: true; session: SessionSummary }
  | { ok: false; reason: string };

/** The workspace's most recent session (--continue): only that one's file is read for its summary. */
export async function latestSession(home: string, workspaceRoot: string): Promise<SessionLookup> {
  const files = await sessionFilesIn(sessionPaths(home, workspaceRoot).dir);
  const dated = await Promise.all(files.map(async (f) => ({ ...f, at: await stat(f.file).then((i) => i.mtimeMs, () => -1) })));
  dated.sort((a, b) => b.at - a.at);
  for (const f of dated) {
    if (f.at < 0) continue;
    const summary = await summarize(f.file, f.id).catch(() => null);
    if (summary) return { ok: true, session: summary };
  }
  return { ok: false, reason: `no session to continue in ${workspaceRoot} yet` };
}

/** A session of this workspace by its id or a unique prefix of it; another workspace's is named, not opened. */
export async function findSession(home: string, workspaceRoot: string, idOrPrefix: string): Promise<SessionLookup> {
  const wanted = idOrPrefix.trim().toLowerCase();
  if (wanted === '') return { ok: false, reason: 'the session id is empty' };
  const here = (await summariesIn(sessionPaths(home, workspaceRoot).dir, wanted)).filter((s) => s.id.startsWith(wanted));
  if (here.length === 1) return { ok: true, session: here[0]! };
  if (here.length > 1) {
    return { ok: false, reason: `"${idOrPrefix}" matches ${here.length} sessions (${here.slice(0, 4).map((s) => s.id.slice(0, 8)).join(', ')}…); give more of the id` };
  }
  const elsewhere = (await listSessions(home, workspaceRoot, 'all')).filter((s) => s.id.startsWith(wanted));
  if (elsewhere.length === 1) {
    const s = elsewhere[0]!;
    return { ok: false, reason: `session ${s.id} belongs to ${s.workspace}; resume it from there: inkling --cwd ${s.workspace} --resume ${s.id}` };
  }
  return { ok: false, reason: `no session "${idOrPrefix}" in ${workspaceRoot} (inkling --resume lists them)` };
}

export interface OpenedSession {
  restored: RestoredSession;
  /** Said once as the session opens (a torn last record, skipped records). */
  notices: string[];
}

/** Reads a session to resume it: its big tool outputs stay in the file until something reads them. */
export async function openSession(file: string): Promise<OpenedSession> {
  const read = await readSessionFile(file, new StoredResults(file).keep);
  const id = read.header?.id ?? path.basename(file, '.jsonl');
  return { restored: restoreSession(id, read.records), notices: read.notices };
}

/** Removes a session's file and its logs. */
export async function deleteSession(summary: Pick<SessionSummary, 'file' | 'id'>): Promise<void> {
  const paths = pathsIn(path.dirname(summary.file));
  await rm(paths.logsDir(summary.id), { recursive: true, force: true });
  await rm(summary.file, { force: true });
}

async function subdirs(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory()).map((e) => path.join(root, e.name));
}

/** The session files of a folder (named by an id), optionally only those whose id starts with `prefix`. */
async function sessionFilesIn(dir: string, prefix = ''): Promise<{ id: string; file: string }[]> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  const out: { id: string; file: string }[] = [];
  for (const name of entries) {
    if (!name.endsWith('.jsonl')) continue;
    const id = name.slice(0, -'.jsonl'.length);
    if (SESSION_ID.test(id) && id.startsWith(prefix)) out.push({ id, file: path.join(dir, name) });
  }
  return out;
}

async function summariesIn(dir: string, prefix = ''): Promise<SessionSummary[]> {
  const out: SessionSummary[] = [];
  for (const { id, file } of await sessionFilesIn(dir, prefix)) {
    const summary = await summarize(file, id).catch(() => null);
    if (summary) out.push(summary);
  }
  return out;
}

async function summarize(file: string, id: string): Promise<SessionSummary> {
  const info = await stat(file);
  const { head, turns } = await headAndTurns(file);
  const read = parseSessionBuffer(head);
  const header: HeaderRecord | undefined = read.header;
  const title = read.records.find((r) => r.type === 'title');
  const fork = read.records.find((r) => r.type === 'forked_from');
  return {
    id,
    file,
    workspace: header?.workspace ?? path.basename(path.dirname(file)),
    title: title?.type === 'title' ? title.title : '(untitled)',
    model: header?.model ?? '',
    startedAt: header?.startedAt ?? info.birthtimeMs,
    updatedAt: info.mtimeMs,
    turns,
    bytes: info.size,
    ...(fork?.type === 'forked_from' ? { forkedFrom: { session: fork.session, prompt: fork.prompt } } : {}),
  };
}

/** The file's first HEAD_BYTES and how many prompt records it has, read in chunks (a big session is never read whole). */
async function headAndTurns(file: string): Promise<{ head: Buffer; turns: number }> {
  const handle = await open(file, 'r');
  try {
    const chunk = Buffer.allocUnsafe(1 << 20);
    let head: Buffer | null = null;
    let turns = 0;
    // A mark cut by a chunk's end is found whole in the next one: its last bytes but one are read again.
    const overlap = PROMPT_MARK.length - 1;
    let position = 0;
    let prev = 0x0a;
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      const data = chunk.subarray(0, bytesRead);
      head ??= Buffer.from(data.subarray(0, Math.min(bytesRead, HEAD_BYTES)));
      for (let at = data.indexOf(PROMPT_MARK); at !== -1; at = data.indexOf(PROMPT_MARK, at + 1)) {
        if ((at === 0 ? prev : data[at - 1]) === 0x0a) turns++;
      }
      if (bytesRead < chunk.length) break;
      position += bytesRead - overlap;
      prev = data[bytesRead - overlap - 1]!;
    }
    return { head: head ?? Buffer.alloc(0), turns };
  } finally {
    await handle.close();
  }
}
