// Records the workspace as a git tree. One `ls-files` walk finds what differs from the session's
// index (modified, deleted, new and not ignored); only those paths are hashed (`update-index`),
// then `write-tree` reuses the index's cached subtrees. When nothing changed, the walk is all.
// With a change feed (file events), a snapshot asks git only about the paths that had events,
// and none at all when nothing happened; when those paths are all plain files that no ignore
// rule leaves out, they go into the index without a listing. A full walk whenever the feed
// cannot tell.
import { accessSync, constants, lstatSync, type Stats } from 'node:fs';
import path from 'node:path';
import { MAX_RECORDED_FILE_BYTES } from './default-ignore.js';
import { GitError, GitTimeoutError, splitNul, type Git } from './git.js';
import type { ShadowRepo } from './shadow-repo.js';
import { treeChanges, type FileChange } from './tree-diff.js';
import type { ChangeFeed } from './workspace-watch.js';

export interface SkippedFile {
  path: string;
  reason: 'too-large' | 'unreadable';
  bytes?: number;
}

export interface Snapshot {
  /** The workspace's tree object in the shadow repository. */
  tree: string;
  /** Files left out of the tree (their last recorded version, if any, stays in it). */
  skipped: SkippedFile[];
}

export interface SnapshotLimits {
  /** Files larger than this are not recorded. */
  maxFileBytes: number;
  /** More new files than this in one snapshot turns the ledger off for the workspace. */
  maxNewFiles: number;
  /** Listing the workspace taking longer than this (a home directory, a huge tree) does too. */
  walkTimeoutMs: number;
}

/** From this many files to hash, they are written as one pack (measured: 2,000 files 12 s loose, 0.3-0.5 s packed). */
const PACK_AT_FILES = 200;

/** This process's user (undefined where there is none: every readability is asked). */
const OWN_UID = process.getuid?.();

/** Most paths the quick way (no listing) takes. */
const QUICK_AT_MOST = 64;

/**
 * Paths inspected (lstat, access) between two turns of the event loop. Synchronous calls, on
 * paths git has just looked at: measured on a loaded 2-core machine, 3,000 files take 9 ms this
 * way and 41 ms (34 ms of CPU) through the thread pool, whose queue the loop waits on.
 */
const INSPECT_PER_TURN = 256;

export const DEFAULT_SNAPSHOT_LIMITS: SnapshotLimits = { maxFileBytes: MAX_RECORDED_FILE_BYTES, maxNewFiles: 50_000, walkTimeoutMs: 20_000 };

/** The workspace holds too many files to record; the ledger turns itself off. */
export class WorkspaceTooLargeError extends Error {
  override readonly name = 'WorkspaceTooLargeError';
}

export interface TakeOptions {
  /** Walk the whole workspace even when the change feed could say what changed. */
  full?: boolean;
}

/** How the last snapshot was taken (benches and tests look). */
export type SnapshotWay = 'full' | 'paths' | 'files' | 'unchanged';

export class SnapshotTaker {
  /** The tree the index held after this taker's last write-tree. */
  private lastTree: string | undefined;
  /** Files left out of the last tree, by path (kept across snapshots that did not look at them). */
  private lastSkipped = new Map<string, SkippedFile>();
  private way: SnapshotWay = 'full';
  /** Paths git could not take last time (they changed under it): looked at again by the next snapshot. */
  private readonly again = new Set<string>();

  constructor(
    private readonly repo: ShadowRepo,
    readonly indexFile: string,
    private readonly limits: SnapshotLimits = DEFAULT_SNAPSHOT_LIMITS,
    private readonly feed?: ChangeFeed,
  ) {}

  get lastWay(): SnapshotWay {
    return this.way;
  }

  /** What changed from `from` to `to`; read from this taker's index when that holds `to` (its latest snapshot). */
  changes(from: string, to: string): Promise<FileChange[]> {
    return treeChanges(this.repo.git, from, to, to === this.lastTree ? this.indexFile : undefined);
  }

  close(): void {
    this.feed?.close();
  }

  async take(opts: TakeOptions = {}): Promise<Snapshot> {
    // Drained before the walk starts: an event during the walk is kept for the next snapshot.
    const hint = this.feed ? await this.feed.drain() : undefined;
    if (opts.full || hint?.kind !== 'paths' || this.lastTree === undefined) return this.record(undefined);
    if (this.again.size > 0) hint.paths = [...new Set([...hint.paths, ...this.again])];
    if (hint.paths.length === 0) {
      this.way = 'unchanged';
      return { tree: this.lastTree, skipped: [...this.lastSkipped.values()] };
    }
    return (await this.recordFiles(hint.paths)) ?? this.record(hint.paths);
  }

  /**
   * The quick way for paths that are all plain files (or gone) and not ignored: straight into the
   * index, no listing. Undefined (nothing written) whenever a path needs git's own look — a
   * folder, something past a symlink, an ignored name, or ignore rules that cannot be asked.
   */
  private async recordFiles(paths: string[]): Promise<Snapshot | undefined> {
    if (!this.feed || this.lastTree === undefined || paths.length > QUICK_AT_MOST) return undefined;
    const symlinkDirs = new Map<string, boolean>();
    const verdicts = paths.map((rel) => this.inspect(rel, symlinkDirs));
    if (verdicts.some((v) => v.kind === 'directory')) return undefined;
    const update = paths.filter((_, i) => verdicts[i]!.kind === 'update');
    const ignored = await this.feed.ignored(update);
    if (!ignored || ignored.size > 0) return undefined;
    const { git } = this.repo;
    if (update.length > 0) {
      // A path that changed into a folder meanwhile needs git's own look: the long way.
      const ok = await git.run(['update-index', '--add', '--remove', '--replace', '-z', '--stdin'], { indexFile: this.indexFile, input: nulList(update) }).then(
        () => true,
        (err: unknown) => (err instanceof GitError ? false : Promise.reject(err)),
      );
      if (!ok) return undefined;
      this.lastTree = (await git.text(['write-tree'], { indexFile: this.indexFile })).trim();
    }
    this.way = 'files';
    for (const rel of paths) this.again.delete(rel);
    for (const rel of paths) this.lastSkipped.delete(rel);
    verdicts.forEach((v) => v.kind === 'skip' && this.lastSkipped.set(v.file.path, v.file));
    return { tree: this.lastTree, skipped: [...this.lastSkipped.values()] };
  }

  /** Records the workspace, or (with `scope`) what changed at those paths and under them. */
  private async record(scope: string[] | undefined): Promise<Snapshot> {
    const { git } = this.repo;
    this.way = scope ? 'paths' : 'full';
    this.again.clear();
    const listed = await git
      .run(['ls-files', '-z', '-t', '--modified', '--deleted', '--others', '--exclude-standard', ...(scope ? ['--', ...scope] : [])], {
        indexFile: this.indexFile,
        timeoutMs: this.limits.walkTimeoutMs,
      })
      .catch((err: unknown) => {
        if (!(err instanceof GitTimeoutError)) throw err;
        throw new WorkspaceTooLargeError(`listing the workspace took longer than ${this.limits.walkTimeoutMs / 1000} s`);
      });
    const { changed, added } = parseListing(splitNul(listed));
    if (added.length > this.limits.maxNewFiles) {
      throw new WorkspaceTooLargeError(
        `the workspace has more than ${this.limits.maxNewFiles.toLocaleString('en-US')} files that are not ignored`,
      );
    }
    const skipped: SkippedFile[] = [];
    const update: string[] = [];
    /** Paths whose entries must go: now a directory, or under one that became a symlink. */
    const nowDirectories: string[] = [];
    const symlinkDirs = new Map<string, boolean>();
    const paths = [...changed, ...added];
    // A few stats each, a slice per turn of the event loop: a huge first listing never holds it for long.
    const verdicts: ReturnType<SnapshotTaker['inspect']>[] = [];
    for (let i = 0; i < paths.length; i += INSPECT_PER_TURN) {
      if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      // New files git just found by walking are not past a symlink (git does not walk through one;
      // one swapped in since is refused by update-index, see updateIndexRacing): no folder lstat each.
      for (let j = i; j < Math.min(i + INSPECT_PER_TURN, paths.length); j++) verdicts.push(this.inspect(paths[j]!, symlinkDirs, j >= changed.length));
    }
    verdicts.forEach((verdict, i) => {
      const rel = paths[i]!;
      if (verdict.kind === 'skip') skipped.push(verdict.file);
      else if (verdict.kind === 'directory') nowDirectories.push(rel);
      else update.push(rel);
    });
    if (nowDirectories.length > 0) {
      await git.run(['update-index', '--force-remove', '-z', '--stdin'], { indexFile: this.indexFile, input: nulList(nowDirectories) });
    }
    if (update.length > 0) {
      // Many files (the first snapshot of a session's workspace) go into one pack instead of a
      // file per object: with bigFileThreshold at 1 byte every blob is streamed into the pack
      // git's bulk check-in keeps open. Trees and diffs see the same blobs either way.
      const packed = update.length >= PACK_AT_FILES ? ['-c', 'core.bigFileThreshold=1'] : [];
      for (const rel of await updateIndexRacing(git, [...packed, 'update-index', '--add', '--remove', '--replace', '-z', '--stdin'], this.indexFile, update)) this.again.add(rel);
    }
    if (update.length > 0 || nowDirectories.length > 0 || this.lastTree === undefined) {
      this.lastTree = (await git.text(['write-tree'], { indexFile: this.indexFile })).trim();
    }
    // A whole walk finished: a watcher that had stopped may start again.
    if (!scope) this.feed?.walked();
    if (!scope) this.lastSkipped.clear();
    else for (const rel of [...this.lastSkipped.keys()]) if (scope.some((s) => rel === s || rel.startsWith(`${s}/`))) this.lastSkipped.delete(rel);
    for (const file of skipped) this.lastSkipped.set(file.path, file);
    return { tree: this.lastTree, skipped: [...this.lastSkipped.values()] };
  }

  private inspect(
    rel: string,
    symlinkDirs: Map<string, boolean>,
    walkedTo = false,
  ): { kind: 'update' } | { kind: 'directory' } | { kind: 'skip'; file: SkippedFile } {
    // A directory replaced by a symlink: what was recorded under it is gone from the workspace
    // (git refuses to look through the link, and so does the ledger).
    if (!walkedTo && this.beyondSymlink(rel, symlinkDirs)) return { kind: 'directory' };
    const abs = path.join(this.repo.workspaceRoot, rel);
    const stat = lstatOrNot(abs);
    if (!stat) return { kind: 'update' }; // gone: update-index --remove drops it
    if (stat.isDirectory()) return { kind: 'directory' };
    if (stat.isSymbolicLink()) return { kind: 'update' };
    if (stat.size > this.limits.maxFileBytes) return { kind: 'skip', file: { path: rel, reason: 'too-large', bytes: stat.size } };
    // Our own file with its owner's read bit is readable: no access() call each (3,000 new files, 3,000 calls fewer).
    if (stat.uid === OWN_UID && (stat.mode & 0o400) !== 0) return { kind: 'update' };
    try {
      accessSync(abs, constants.R_OK);
    } catch {
      return { kind: 'skip', file: { path: rel, reason: 'unreadable' } };
    }
    return { kind: 'update' };
  }

  private beyondSymlink(rel: string, cache: Map<string, boolean>): boolean {
    const parts = rel.split('/');
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/');
      let link = cache.get(dir);
      if (link === undefined) {
        link = lstatOrNot(path.join(this.repo.workspaceRoot, dir))?.isSymbolicLink() ?? false;
        cache.set(dir, link);
      }
      if (link) return true;
    }
    return false;
  }
}

/** The path's own attributes, or undefined when it cannot be looked at (gone, or a parent is not a folder now). */
function lstatOrNot(abs: string): Stats | undefined {
  try {
    return lstatSync(abs, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** `ls-files -t` lines: "C path" changed, "R path" removed (also listed as changed), "? path" new. */
function parseListing(lines: string[]): { changed: string[]; added: string[] } {
  const changed = new Set<string>();
  const added: string[] = [];
  for (const line of lines) {
    const tag = line[0];
    const rel = line.slice(2);
    if (rel === '') continue;
    if (tag === '?') {
      // "dir/" is a nested repository: git will not look inside, and neither does the ledger.
      if (!rel.endsWith('/')) added.push(rel);
    } else if (tag === 'C' || tag === 'R') {
      changed.add(rel);
    }
  }
  return { changed: [...changed], added };
}

/** How many paths changing under one update-index are left for the next snapshot before it gives up. */
const MAX_RACING_PATHS = 8;

/**
 * update-index over paths that may change while it runs (a folder flipped to a symlink by a
 * build tool): a path git refuses now ("Unable to process path") is left out and returned, for
 * the next snapshot to look at again, instead of failing the snapshot (and the ledger with it).
 * git writes nothing on such a failure, so the rest is simply asked again.
 */
async function updateIndexRacing(git: Git, args: string[], indexFile: string, paths: readonly string[]): Promise<string[]> {
  let left = [...paths];
  const dropped: string[] = [];
  for (;;) {
    try {
      if (left.length > 0) await git.run(args, { indexFile, input: nulList(left) });
      return dropped;
    } catch (err) {
      const named = err instanceof GitError ? /Unable to process path (.+)$/m.exec(err.stderr)?.[1] : undefined;
      if (named === undefined || !left.includes(named) || dropped.length >= MAX_RACING_PATHS) throw err;
      dropped.push(named);
      left = left.filter((p) => p !== named);
    }
  }
}

function nulList(paths: readonly string[]): string {
  return paths.map((p) => `${p}\0`).join('');
}
