// After start-up (never before the first frame): removes what dead inkling processes left behind —
// scratch folders inkling-<pid>-* (scratch-root.ts) and the atomic-write temp files in the journal —
// when that pid is no longer running. A live process's files are never touched.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ownScratchRoot } from './scratch-root.js';
import { TEMP_FILE_NAME, journalDir } from './tmp-journal.js';

/**
 * In the scratch root once $TMPDIR itself was swept: scratch folders went there directly before the
 * root existed, and a run finding none of this file sweeps them (once per root, so once per boot
 * where /tmp is emptied then). Without a root of ours, $TMPDIR is swept every time.
 */
const TMPDIR_SWEPT = 'tmpdir-swept';

const SCRATCH_NAME = /^inkling-(\d+)-/;

export interface SweepReport {
  scratchDirs: string[];
  tempFiles: string[];
}

/** Whether a process with this pid exists (a reused pid counts as alive: we keep its files). */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What a sweep of one folder removed, and whether it kept a folder of ours because its process lives. */
interface ScratchSweep {
  removed: string[];
  keptLive: boolean;
}

async function sweepScratch(tmp: string, uid: number | undefined): Promise<ScratchSweep> {
  const swept: ScratchSweep = { removed: [], keptLive: false };
  let names: string[];
  try {
    names = await fs.readdir(tmp);
  } catch {
    return swept;
  }
  for (const name of names) {
    const pid = Number(SCRATCH_NAME.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    const dir = path.join(tmp, name);
    const st = await fs.lstat(dir).catch(() => null);
    // Our own folders only (a shared /tmp holds other people's), and never through a link.
    if (!st?.isDirectory() || (uid !== undefined && st.uid !== uid)) continue;
    if (pidAlive(pid)) {
      swept.keptLive = true;
      continue;
    }
    await fs.rm(dir, { recursive: true, force: true }).then(() => swept.removed.push(dir), () => undefined);
  }
  return swept;
}

async function sweepJournal(dir: string): Promise<string[]> {
  const removed: string[] = [];
  let entries: string[];
  try {
    entries = await fs.readdir(dir);
  } catch {
    return removed;
  }
  for (const entry of entries) {
    const pid = Number(/^(\d+)-/.exec(entry)?.[1]);
    if (!pid || pid === process.pid || pidAlive(pid)) continue;
    const file = path.join(dir, entry);
    const target = (await fs.readFile(file, 'utf8').catch(() => '')).trim();
    // Only a temp file of that very pid, by its name: the journal never points us elsewhere.
    const match = TEMP_FILE_NAME.exec(path.basename(target));
    if (path.isAbsolute(target) && match && Number(match[1]) === pid) {
      const st = await fs.lstat(target).catch(() => null);
      if (st?.isFile()) await fs.rm(target, { force: true }).then(() => removed.push(target), () => undefined);
    }
    await fs.rm(file, { force: true }).catch(() => undefined);
  }
  return removed;
}

export async function sweepLeftovers(opts: { tmpdir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<SweepReport> {
  const uid = process.getuid?.();
  const tmp = opts.tmpdir ?? os.tmpdir();
  const root = ownScratchRoot(tmp);
  const swept = root ? path.join(root, TMPDIR_SWEPT) : null;
  const sweepTmp = swept === null || !(await fs.stat(swept).then(() => true, () => false));
  const none: ScratchSweep = { removed: [], keptLive: false };
  const [inRoot, inTmp, tempFiles] = await Promise.all([
    root ? sweepScratch(root, uid) : none,
    // Marked swept only when nothing of ours was left there alive (an older inkling still running):
    // its folder is to be swept once it has gone.
    sweepTmp ? sweepScratch(tmp, uid).then(async (r) => (swept && !r.keptLive ? fs.writeFile(swept, '', { mode: 0o600 }).then(() => r, () => r) : r)) : none,
    sweepJournal(journalDir(opts.env ?? process.env)),
  ]);
  return { scratchDirs: [...inRoot.removed, ...inTmp.removed], tempFiles };
}
