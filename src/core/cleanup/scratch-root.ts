// Where inkling's scratch folders go: $TMPDIR/inkling-<uid>/inkling-<pid>-<what>, inside one folder
// of the person's own (0700), so the sweep of what dead runs left (sweep.ts) reads that small folder
// rather than a shared /tmp of tens of thousands of entries (~50 ms of CPU at 45,000). What is at that
// name and is not the person's private folder (a link, another user's, open to others) is never used:
// the scratch folders then go in $TMPDIR itself, as they all did before.
import { lstatSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The folder's name in $TMPDIR: per user, as a shared /tmp holds other people's. */
export function scratchRootName(): string {
  const uid = process.getuid?.();
  return uid === undefined ? 'inkling' : `inkling-${uid}`;
}

/** The scratch root in `tmp`, made if missing; null when what is there is not ours alone. */
export function ownScratchRoot(tmp: string = os.tmpdir()): string | null {
  const root = path.join(tmp, scratchRootName());
  try {
    mkdirSync(root, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return null;
  }
  try {
    const st = lstatSync(root);
    const uid = process.getuid?.();
    if (!st.isDirectory() || (uid !== undefined && st.uid !== uid) || (st.mode & 0o077) !== 0) return null;
    return root;
  } catch {
    return null;
  }
}

/** A scratch path of this process: `<root>/inkling-<pid>-<name>` (a prefix for mkdtemp when `name` ends in "-"). */
export function scratchPath(name: string): string {
  return path.join(ownScratchRoot() ?? os.tmpdir(), `inkling-${process.pid}-${name}`);
}
