// A rewind that goes on in a new session: the new file starts with its own header and a
// `forked_from` record naming the session and prompt it came from, then every record of the old
// session before that prompt, as written. The old session stays as it was. Every file in the old
// session's folder (bash/ logs, MCP stderr, and whatever later features keep there) that those
// records name is linked into the new session's folder at the same place (copied when a link is not
// possible), so each session keeps its own files and deleting one never breaks the other.
import { copyFileSync, existsSync, linkSync, readdirSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { isKnownRecord, SESSION_FORMAT_VERSION, type HeaderRecord, type SessionRecord } from './records.js';
import { SessionFile } from './session-file.js';
import { makePrivateDir, type SessionPaths } from './session-paths.js';

export interface ForkRequest {
  paths: SessionPaths;
  /** The session forked from (its file must exist). */
  from: string;
  /** The prompt to go back to: the records before the `prompt`-th prompt record (1-based) are kept. */
  prompt: number;
  /** The new session's header (its id names the new file). */
  header: HeaderRecord;
}

export interface ForkOutcome {
  /** The new session's file. */
  file: string;
  /** Records copied from the old session. */
  kept: number;
  /** Whether a title record was among them. */
  titled: boolean;
  /** Log files linked or copied into the new session's folder. */
  logs: number;
  /** Log path in the new session → the call it belongs to. */
  logOwners: Map<string, string>;
  /** The text of the prompt gone back to (as typed), for the input. */
  prompt: string;
}

/** Kind of every line of `text` that is a record, in order (unreadable and unknown lines are left out). */
function recordLines(text: string): { line: string; record: SessionRecord }[] {
  const out: { line: string; record: SessionRecord }[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue; // a torn last line or a damaged one: the reader leaves it out too
    }
    if (isKnownRecord(value)) out.push({ line, record: value });
  }
  return out;
}

/**
 * Writes the forked session; undefined when the old session has no `prompt`-th prompt (nothing
 * to go back to). Throws when a file cannot be read or written.
 */
export function forkSessionFile(req: ForkRequest): ForkOutcome | undefined {
  if (!Number.isInteger(req.prompt) || req.prompt < 1) return undefined;
  const lines = recordLines(readFileSync(req.paths.file(req.from), 'utf8'));
  let prompts = 0;
  let cut = -1;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.record.type === 'prompt' && ++prompts === req.prompt) {
      cut = i;
      break;
    }
  }
  if (cut === -1) return undefined;
  // The parent's own header and ancestry stay with it; the fork names only its parent.
  const kept = lines.slice(0, cut).filter(({ record }) => record.type !== 'header' && record.type !== 'forked_from');

  const oldDir = req.paths.logsDir(req.from);
  const newDir = req.paths.logsDir(req.header.id);
  makePrivateDir(newDir);
  const oldJson = JSON.stringify(oldDir).slice(1, -1);
  const newJson = JSON.stringify(newDir).slice(1, -1);
  // The records were redacted when they were first written; they are copied as they are.
  const texts = kept.map(({ line }) => line.split(oldJson).join(newJson));

  let logs = 0;
  const logOwners = new Map<string, string>();
  for (const rel of filesUnder(oldDir)) {
    const oldPath = path.join(oldDir, rel);
    const needle = JSON.stringify(oldPath).slice(1, -1);
    const owner = kept.find(({ line }) => line.includes(needle));
    if (!owner) continue;
    const newPath = path.join(newDir, rel);
    makePrivateDir(path.dirname(newPath));
    try {
      linkSync(oldPath, newPath);
    } catch {
      copyFileSync(oldPath, newPath);
    }
    logs++;
    if (owner.record.type === 'tool_result') logOwners.set(newPath, owner.record.id);
  }
  const cutAt = lines[cut]!.record;

  const file = new SessionFile(req.paths.file(req.header.id));
  const head: SessionRecord[] = [req.header, { type: 'forked_from', session: req.from, prompt: req.prompt }];
  try {
    file.appendLines([...head.map((r) => JSON.stringify(r)), ...texts]);
  } finally {
    file.close();
  }
  return { file: file.filePath, kept: kept.length, titled: kept.some(({ record }) => record.type === 'title'), logs, logOwners, prompt: cutAt.type === 'prompt' ? cutAt.text : '' };
}

/** Every file under `dir` (its sub-folders too: bash/ holds the command logs), relative to it. */
function filesUnder(dir: string, rel = ''): string[] {
  if (!existsSync(path.join(dir, rel))) return [];
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(rel, entry.name);
    return entry.isDirectory() ? filesUnder(dir, at) : entry.isFile() ? [at] : [];
  });
}

/** Whether the session's file holds a `prompt`-th prompt record: what a fork to it needs. */
export function sessionHasPrompt(file: string, prompt: number): boolean {
  if (!Number.isInteger(prompt) || prompt < 1) return false;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  let prompts = 0;
  for (const { record } of recordLines(text)) if (record.type === 'prompt' && ++prompts === prompt) return true;
  return false;
}

/**
 * The same from disk, with no recorder (`inkling rewind <n>`): the fork's header takes the old
 * session's workspace, model and provider. Undefined when the old session has no prompt `prompt`.
 */
export function forkSessionOnDisk(paths: SessionPaths, from: string, prompt: number, inklingVersion: string, now = Date.now()): { id: string; file: string } | undefined {
  const old = recordLines(readFileSync(paths.file(from), 'utf8')).find(({ record }) => record.type === 'header')?.record as HeaderRecord | undefined;
  const id = randomUUID();
  const header: HeaderRecord = {
    type: 'header',
    version: SESSION_FORMAT_VERSION,
    id,
    workspace: old?.workspace ?? '',
    model: old?.model ?? '',
    provider: old?.provider ?? '',
    startedAt: now,
    inklingVersion,
  };
  const outcome = forkSessionFile({ paths, from, prompt, header });
  return outcome ? { id, file: outcome.file } : undefined;
}
