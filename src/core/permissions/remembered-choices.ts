// The person's remembered choices for one workspace ("Yes, always"): allow rules kept under
// $INKLING_HOME/permissions/<workspace-key>.json, never in the workspace, so no repository can ship
// or edit them and they need no trust. One small store every "always" uses (approvals, /permissions,
// web domains, ACP's allow-always). File: {"version":1,"allow":[{"rule":"bash(npm test:*)","at":"<ISO time>"}]}.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { workspaceKey } from '../home-paths.js';
import { isPlainObject } from '../config/key-paths.js';

export const REMEMBERED_VERSION = 1;

export interface RememberedChoice {
  /** An allow rule in the settings grammar ("bash(git status:*)", "edit(src/**)"). */
  rule: string;
  /** When it was chosen (ISO 8601). */
  at: string;
}

export type RememberedRead = { ok: true; allow: RememberedChoice[] } | { ok: false; problem: string };

/** Where one workspace's remembered choices live. */
export function rememberedChoicesFile(inklingHome: string, workspaceRoot: string): string {
  return path.join(inklingHome, 'permissions', `${workspaceKey(workspaceRoot)}.json`);
}

/**
 * The rules a parsed file holds, as a settings value ({permissions: {allow: [...]}}) for the
 * settings layer just above .inkling/settings.local.json. An entry that is not {rule: string} is
 * passed on as it is, so the settings checker names it.
 */
export function rememberedAsSettings(value: unknown): Record<string, unknown> {
  const allow = isPlainObject(value) ? value.allow : value;
  if (!Array.isArray(allow)) return { permissions: { allow } };
  return { permissions: { allow: allow.map((e: unknown) => (isPlainObject(e) && typeof e.rule === 'string' ? e.rule : e)) } };
}

export async function readRememberedChoices(file: string): Promise<RememberedRead> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, allow: [] };
    return { ok: false, problem: `${file} cannot be read: ${(err as Error).message}` };
  }
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { ok: false, problem: `${file} is not valid JSON` };
  }
  if (!isPlainObject(value)) return { ok: false, problem: `${file} does not hold an object` };
  if (value.allow === undefined) return { ok: true, allow: [] };
  if (!Array.isArray(value.allow)) return { ok: false, problem: `${file}: "allow" is not a list` };
  const allow: RememberedChoice[] = [];
  for (const e of value.allow) {
    if (!isPlainObject(e) || typeof e.rule !== 'string') return { ok: false, problem: `${file}: an entry of "allow" is not {"rule": "…"}` };
    allow.push({ rule: e.rule, at: typeof e.at === 'string' ? e.at : '' });
  }
  return { ok: true, allow };
}

// Writes to one file one after another, so two quick "always" answers both stay.
const queues = new Map<string, Promise<unknown>>();

function serially<T>(file: string, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(file) ?? Promise.resolve()).then(work, work);
  const settled = run.catch(() => undefined);
  queues.set(file, settled);
  void settled.then(() => {
    if (queues.get(file) === settled) queues.delete(file);
  });
  return run;
}

export type RememberResult = { savedTo: string } | { error: string };

/** Adds an allow rule (once: a rule already there keeps its first time). A broken file is left as it is. */
export function rememberChoice(file: string, rule: string, now: Date = new Date()): Promise<RememberResult> {
  return serially(file, async () => {
    const read = await readRememberedChoices(file);
    if (!read.ok) return { error: `${read.problem}; the rule was not saved (fix or remove the file)` };
    if (read.allow.some((c) => c.rule === rule)) return { savedTo: file };
    try {
      await writeChoices(file, [...read.allow, { rule, at: now.toISOString() }]);
      return { savedTo: file };
    } catch (err) {
      return { error: `${file} cannot be written: ${(err as Error).message}` };
    }
  });
}

/** Removes an allow rule; false when it was not there. */
export function forgetChoice(file: string, rule: string): Promise<boolean> {
  return serially(file, async () => {
    const read = await readRememberedChoices(file);
    if (!read.ok) throw new Error(read.problem);
    const kept = read.allow.filter((c) => c.rule !== rule);
    if (kept.length === read.allow.length) return false;
    await writeChoices(file, kept);
    return true;
  });
}

async function writeChoices(file: string, allow: RememberedChoice[]): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // Loaded on the first write: starts only read this file (the writer brings crypto).
  const { writeFileAtomic } = await import('../files/atomic-write.js');
  await writeFileAtomic(file, `${JSON.stringify({ version: REMEMBERED_VERSION, allow }, null, 2)}\n`, { mode: 0o600 });
}
