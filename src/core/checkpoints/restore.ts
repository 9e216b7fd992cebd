// Puts some files of the workspace back as a recorded tree has them: files the tree holds are
// written by git (`checkout-index` from a scratch index, so the session's index is untouched),
// files it lacks are deleted, and directories left empty by a deletion go too.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { splitNul } from './git.js';
import { scratchIndexFile, type ShadowRepo } from './shadow-repo.js';

const PATHS_PER_COMMAND = 500;

export interface RestoreResult {
  restored: string[];
  /** Paths that could not be restored safely (a symlink on the way, a failed write), with why. */
  failed: { path: string; reason: string }[];
}

export async function restoreFiles(repo: ShadowRepo, tree: string, paths: readonly string[]): Promise<RestoreResult> {
  const result: RestoreResult = { restored: [], failed: [] };
  if (paths.length === 0) return result;
  const present = await pathsInTree(repo, tree, paths);
  const safe: string[] = [];
  for (const rel of paths) {
    const unsafe = await unsafeReason(repo.workspaceRoot, rel);
    if (unsafe) result.failed.push({ path: rel, reason: unsafe });
    else safe.push(rel);
  }
  // Deletions first: a file may come back where a directory now stands, or the other way round.
  for (const rel of safe.filter((p) => !present.has(p))) {
    try {
      await fs.rm(path.join(repo.workspaceRoot, rel), { force: true });
      await removeEmptyParents(repo.workspaceRoot, rel);
      result.restored.push(rel);
    } catch (err) {
      result.failed.push({ path: rel, reason: (err as Error).message });
    }
  }
  const writes = safe.filter((p) => present.has(p));
  if (writes.length > 0) {
    const restoring = new Set(safe);
    for (const rel of [...writes]) {
      const blocked = await makeRoomFor(repo.workspaceRoot, rel, restoring);
      if (blocked) {
        writes.splice(writes.indexOf(rel), 1);
        result.failed.push({ path: rel, reason: `${blocked} is a file now, and it is not being restored` });
      }
    }
    const index = scratchIndexFile(repo);
    try {
      await repo.git.run(['read-tree', tree], { indexFile: index });
      await repo.git.run(['checkout-index', '--force', '-z', '--stdin'], { indexFile: index, input: writes.map((p) => `${p}\0`).join('') });
      result.restored.push(...writes);
    } catch (err) {
      for (const rel of writes) result.failed.push({ path: rel, reason: (err as Error).message });
    } finally {
      await fs.rm(index, { force: true });
    }
  }
  return result;
}

async function pathsInTree(repo: ShadowRepo, tree: string, paths: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < paths.length; i += PATHS_PER_COMMAND) {
    const chunk = paths.slice(i, i + PATHS_PER_COMMAND);
    const out = await repo.git.run(['ls-tree', '-r', '-z', '--name-only', '--full-tree', tree, '--', ...chunk]);
    for (const p of splitNul(out)) found.add(p);
  }
  return found;
}

/** A restore must never write through a symlinked directory (it could lead out of the workspace). */
async function unsafeReason(root: string, rel: string): Promise<string | undefined> {
  const parts = rel.split('/');
  if (parts.some((p) => p === '..' || p === '' || p === '.git')) return 'not a plain workspace path';
  let dir = root;
  for (const part of parts.slice(0, -1)) {
    dir = path.join(dir, part);
    const stat = await fs.lstat(dir).catch(() => undefined);
    if (!stat) return undefined; // the rest does not exist yet: git creates it
    if (stat.isSymbolicLink()) return `${path.relative(root, dir)} is now a symbolic link`;
    if (!stat.isDirectory()) return undefined; // a file in the way: makeRoomFor removes it
  }
  return undefined;
}

// A file now standing where the tree has a directory (the tree's a/b against a file a) goes only
// when it is itself being restored (deleted); otherwise the path is blocked and its name returned.
async function makeRoomFor(root: string, rel: string, restoring: ReadonlySet<string>): Promise<string | undefined> {
  const parts = rel.split('/');
  let dir = root;
  for (const [i, part] of parts.slice(0, -1).entries()) {
    dir = path.join(dir, part);
    const stat = await fs.lstat(dir).catch(() => undefined);
    if (!stat) return undefined;
    if (!stat.isDirectory()) {
      const blocker = parts.slice(0, i + 1).join('/');
      if (!restoring.has(blocker)) return blocker;
      await fs.rm(dir, { force: true });
      return undefined;
    }
  }
  return undefined;
}

async function removeEmptyParents(root: string, rel: string): Promise<void> {
  let dir = path.dirname(path.join(root, rel));
  while (dir.startsWith(root + path.sep)) {
    try {
      await fs.rmdir(dir);
    } catch {
      return; // not empty (or gone): stop
    }
    dir = path.dirname(dir);
  }
}
