// Workspace trust, remembered in $INKLING_HOME/trust.json: a cloned repository's files may only
// tighten what inkling does until the person trusts the folder once. Trusting a folder trusts
// the folders inside it.
import { mkdir, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { isPlainObject } from './key-paths.js';

interface TrustFile {
  version: 1;
  workspaces: Record<string, { trustedAt: string }>;
}

export type TrustLookup =
  | { state: 'trusted'; by: string }
  | { state: 'untrusted' }
  /** trust.json exists but cannot be read: nothing counts as trusted until it is fixed. */
  | { state: 'broken'; problem: string };

async function canonical(dir: string): Promise<string> {
  return realpath(dir).catch(() => path.resolve(dir));
}

async function readTrustFile(file: string): Promise<TrustFile | { problem: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, workspaces: {} };
    return { problem: `cannot read ${file}: ${(err as Error).message}` };
  }
  try {
    const value: unknown = JSON.parse(text);
    if (isPlainObject(value) && isPlainObject(value.workspaces)) return value as unknown as TrustFile;
  } catch {
    // fall through: reported below
  }
  return { problem: `${file} is not a trust file inkling wrote (no workspace counts as trusted until it is fixed or removed)` };
}

export async function lookupTrust(trustFile: string, workspaceRoot: string): Promise<TrustLookup> {
  const data = await readTrustFile(trustFile);
  if ('problem' in data) return { state: 'broken', problem: data.problem };
  const dir = await canonical(workspaceRoot);
  for (let at = dir; ; at = path.dirname(at)) {
    if (Object.hasOwn(data.workspaces, at)) return { state: 'trusted', by: at };
    if (path.dirname(at) === at) return { state: 'untrusted' };
  }
}

/** Records the workspace as trusted (0600 file in a 0700 home). */
export async function recordTrust(trustFile: string, workspaceRoot: string, now: Date = new Date()): Promise<void> {
  const data = await readTrustFile(trustFile);
  if ('problem' in data) throw new Error(data.problem);
  data.workspaces[await canonical(workspaceRoot)] = { trustedAt: now.toISOString() };
  await writeTrustFile(trustFile, data);
}

export async function revokeTrust(trustFile: string, workspaceRoot: string): Promise<boolean> {
  const data = await readTrustFile(trustFile);
  if ('problem' in data) throw new Error(data.problem);
  const dir = await canonical(workspaceRoot);
  if (!Object.hasOwn(data.workspaces, dir)) return false;
  delete data.workspaces[dir];
  await writeTrustFile(trustFile, data);
  return true;
}

async function writeTrustFile(file: string, data: TrustFile): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // Loaded when the person answers: every start reads trust, few write it (the writer brings crypto).
  const { writeFileAtomic } = await import('../files/atomic-write.js');
  await writeFileAtomic(file, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
}
