// The folders under some workspace folders that git would look into, level by level, for the
// workspace watcher: one ignore question per level (through the ledger's one check-ignore), never
// through a symlink, nested repositories and .git left out, and never more than a given count.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { IgnoreChecker } from './ignore-checker.js';

/** Folders read at the same time. */
const READ_AT_ONCE = 32;

export type FolderWalk =
  | { kind: 'found'; dirs: { rel: string; ino: number }[] }
  | { kind: 'too-many' }
  /** The ignore rules did not answer, or a folder changed into something else while it was read. */
  | { kind: 'unsure'; reason: string };

export async function walkFolders(root: string, tops: readonly string[], ignores: IgnoreChecker, limit: number, stopped: () => boolean): Promise<FolderWalk> {
  const found: { rel: string; ino: number }[] = [];
  let level = [...tops];
  while (level.length > 0) {
    if (stopped()) return { kind: 'unsure', reason: 'stopped' };
    const next: string[] = [];
    for (let i = 0; i < level.length; i += READ_AT_ONCE) {
      const read = await Promise.all(level.slice(i, i + READ_AT_ONCE).map((rel) => readFolder(root, rel)));
      for (const [j, r] of read.entries()) {
        const rel = level[i + j]!;
        if (r === 'gone' || r === 'nested-repo') continue;
        if (r === 'changed') return { kind: 'unsure', reason: `${rel || '.'} changed while it was read` };
        found.push({ rel, ino: r.ino });
        for (const name of r.subdirs) next.push(rel === '' ? name : `${rel}/${name}`);
      }
      if (found.length + next.length > limit) return { kind: 'too-many' };
    }
    // A trailing slash: patterns that name folders only (build/) match.
    const ignored = await ignores.ignored(askable(next).map((d) => `${d}/`));
    if (!ignored) return { kind: 'unsure', reason: 'the ignore rules did not answer' };
    level = next.filter((d) => !ignored.has(`${d}/`));
  }
  return { kind: 'found', dirs: found };
}

/**
 * The folders the ignore checker can be asked about: a name starting with ':' would be pathspec
 * magic to it. Such a folder is watched as if not ignored (a watch too many is only a hint more).
 */
export function askable(dirs: readonly string[]): string[] {
  return dirs.filter((d) => !d.startsWith(':'));
}

/**
 * One folder's sub-folders, read only while it is that folder: lstat before and after the read
 * must agree, so a folder swapped for a symlink meanwhile (a path out of the workspace) is not
 * reported from the other side.
 */
async function readFolder(root: string, rel: string): Promise<{ ino: number; subdirs: string[] } | 'gone' | 'changed' | 'nested-repo'> {
  const abs = path.join(root, rel);
  const before = await fs.lstat(abs).catch(() => undefined);
  if (!before) return 'gone';
  if (!before.isDirectory()) return 'changed';
  const entries = await fs.readdir(abs, { withFileTypes: true }).catch(() => undefined);
  const after = await fs.lstat(abs).catch(() => undefined);
  if (!entries || !after) return 'gone';
  if (!after.isDirectory() || after.ino !== before.ino) return 'changed';
  // A nested repository: git lists it as one entry and never looks inside, nor does the ledger.
  if (rel !== '' && entries.some((e) => e.name === '.git')) return 'nested-repo';
  return { ino: before.ino, subdirs: entries.filter((e) => e.isDirectory() && e.name !== '.git').map((e) => e.name) };
}
