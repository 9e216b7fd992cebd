// Which paths of the workspace may have changed since a snapshot, from the kernel's file events
// (one fs.watch per directory that is not ignored), so a snapshot can ask git about those paths
// only instead of stat-ing every file. Only ever a hint that can say "I don't know": until the
// watches are set up, after an error, a .gitignore change, too many events or a flush that does
// not come back, a feed answers `unknown` once and the snapshot walks the whole workspace.
import { randomBytes } from 'node:crypto';
import { promises as fs, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { splitNul } from './git.js';
import { IgnoreChecker } from './ignore-checker.js';
import type { ShadowRepo } from './shadow-repo.js';

export interface WatchLimits {
  /** More directories than this and the workspace is not watched (every snapshot walks it). */
  maxDirs: number;
  /** More changed paths than this between two snapshots and the next one walks everything. */
  maxPaths: number;
  /** How long a flush waits for its own event before the feed answers `unknown`. */
  flushTimeoutMs: number;
}

export const DEFAULT_WATCH_LIMITS: WatchLimits = { maxDirs: 4_000, maxPaths: 500, flushTimeoutMs: 1_000 };

/** What may have changed since the feed's last drain. */
export type ChangeHint = { kind: 'paths'; paths: string[] } | { kind: 'unknown'; reason: string };

/** One consumer's view (one snapshot taker): its own set of dirty paths since its last drain. */
export interface ChangeFeed {
  drain(): Promise<ChangeHint>;
  /** Which of these paths the ignore rules leave out; undefined when that cannot be said quickly. */
  ignored(paths: readonly string[]): Promise<Set<string> | undefined>;
  close(): void;
}

interface FeedState {
  paths: Set<string>;
  /** Set when something happened that paths cannot describe; the next drain says unknown. */
  lost: string | undefined;
}

const FLUSH_PREFIX = 'flush-';

export class WorkspaceWatcher {
  /** Watched directories (workspace-relative, '' is the root) and the inode each watch is on. */
  private readonly watchers = new Map<string, { w: FSWatcher; ino: number }>();
  private readonly feeds = new Set<FeedState>();
  private ready = false;
  private closed = false;
  private disabled: string | undefined;
  private flushDir: string | undefined;
  private flushWatcher: FSWatcher | undefined;
  private readonly flushWaiters = new Map<number, (ok: boolean) => void>();
  private flushCount = 0;
  private setup: Promise<void> | undefined;
  /** Watches being added or re-made after events. */
  private readonly busy = new Set<Promise<void>>();

  /** Answers which changed paths are ignored, for snapshots that skip git's own listing. */
  private readonly ignores: IgnoreChecker;

  private constructor(
    private readonly repo: ShadowRepo,
    private readonly limits: WatchLimits,
  ) {
    this.ignores = new IgnoreChecker(repo.git);
  }

  /** Starts watching in the background; feeds answer `unknown` until the watches are in place. */
  static start(repo: ShadowRepo, limits: Partial<WatchLimits> = {}): WorkspaceWatcher {
    const watcher = new WorkspaceWatcher(repo, { ...DEFAULT_WATCH_LIMITS, ...limits });
    watcher.setup = watcher.install().catch((err: unknown) => watcher.disable(`watching failed: ${(err as Error).message}`));
    return watcher;
  }

  /** Resolves once the first set-up is over (ready or disabled); for tests and benches. */
  async settled(): Promise<void> {
    await this.setup;
  }

  /** Resolves once the watches being made after events are in place; for tests. */
  async idle(): Promise<void> {
    await this.setup;
    while (this.busy.size > 0) await Promise.all([...this.busy]);
  }

  get watching(): boolean {
    return this.ready && !this.disabled && !this.closed;
  }

  get watchedDirs(): number {
    return this.watchers.size;
  }

  feed(): ChangeFeed {
    const state: FeedState = { paths: new Set(), lost: 'first snapshot' };
    this.feeds.add(state);
    return {
      drain: () => this.drain(state),
      ignored: (paths) => (this.watching ? this.ignores.ignored(paths) : Promise.resolve(undefined)),
      close: () => void this.feeds.delete(state),
    };
  }

  close(): void {
    this.closed = true;
    this.ignores.close();
    for (const { w } of this.watchers.values()) w.close();
    this.watchers.clear();
    this.flushWatcher?.close();
    for (const finish of [...this.flushWaiters.values()]) finish(false);
    if (this.flushDir) void fs.rm(this.flushDir, { recursive: true, force: true });
  }

  private async drain(state: FeedState): Promise<ChangeHint> {
    if (!this.watching) {
      // Whatever happens before the watches are all in place is unknown to them too.
      state.paths.clear();
      state.lost = 'not watching yet';
      return { kind: 'unknown', reason: this.disabled ?? (this.closed ? 'closed' : 'not watching yet') };
    }
    // Every event the kernel queued before this point is delivered before our own flush event.
    const flushed = await this.flush();
    const { lost } = state;
    const paths = [...state.paths];
    state.paths.clear();
    state.lost = undefined;
    if (!flushed) return { kind: 'unknown', reason: 'the file events did not arrive in time' };
    if (!this.watching) return { kind: 'unknown', reason: this.disabled ?? 'closed' };
    if (lost) return { kind: 'unknown', reason: lost };
    return { kind: 'paths', paths };
  }

  private flush(): Promise<boolean> {
    const dir = this.flushDir;
    if (!dir) return Promise.resolve(false);
    // A file of its own per flush: a late event of an earlier flush must not end this one early.
    const n = ++this.flushCount;
    const name = `${FLUSH_PREFIX}${n}`;
    return new Promise<boolean>((resolve) => {
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        this.flushWaiters.delete(n);
        void fs.rm(path.join(dir, name), { force: true });
        resolve(ok && !this.closed);
      };
      const timer = setTimeout(() => finish(false), this.limits.flushTimeoutMs);
      this.flushWaiters.set(n, finish);
      fs.writeFile(path.join(dir, name), '').catch(() => finish(false));
    });
  }

  private onFlushEvent(name: string | Buffer | null): void {
    const n = name ? Number(name.toString().slice(FLUSH_PREFIX.length)) : NaN;
    // Its own file's event: whatever the kernel queued before it has been delivered (in order).
    for (const [waiting, finish] of [...this.flushWaiters]) if (waiting <= n) finish(true);
  }

  private async install(): Promise<void> {
    const parent = path.join(this.repo.gitDir, 'inkling-watch');
    await sweepDeadFlushDirs(parent);
    const dir = path.join(parent, `${process.pid}-${randomBytes(4).toString('hex')}`);
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    this.flushDir = dir;
    this.flushWatcher = watch(dir, { persistent: false }, (_event, name) => this.onFlushEvent(name));
    this.flushWatcher.on('error', () => this.disable('the flush watch failed'));
    const dirs = await this.collectDirs('');
    if (this.closed) return;
    if (dirs.length > this.limits.maxDirs) {
      this.disable(`more than ${this.limits.maxDirs} directories to watch`);
      return;
    }
    for (const rel of dirs) await this.watchDir(rel);
    if (!this.disabled && !this.closed) this.ready = true;
  }

  /**
   * The directories under `top` git would look into, level by level: one `check-ignore` per level
   * leaves out ignored ones (node_modules/, build/ …) and what is under them; nested repositories
   * and .git are left out too. Stops past maxDirs.
   */
  private async collectDirs(top: string): Promise<string[]> {
    const found: string[] = [];
    let level = [top];
    while (level.length > 0 && found.length <= this.limits.maxDirs && !this.closed) {
      const next: string[] = [];
      for (const rel of level) {
        const entries = await fs.readdir(path.join(this.repo.workspaceRoot, rel), { withFileTypes: true }).catch(() => []);
        // A nested repository: git lists it as one entry and never looks inside, nor does the ledger.
        if (rel !== '' && entries.some((e) => e.name === '.git')) continue;
        found.push(rel);
        for (const e of entries) if (e.isDirectory() && e.name !== '.git') next.push(rel === '' ? e.name : `${rel}/${e.name}`);
      }
      const ignored = await this.ignoredOf(next);
      level = next.filter((d) => !ignored.has(d));
    }
    return found;
  }

  private async ignoredOf(dirs: string[]): Promise<Set<string>> {
    if (dirs.length === 0) return new Set();
    // check-ignore refuses the literal-pathspec mode every other ledger command runs in.
    const out = await this.repo.git.run(['--no-literal-pathspecs', 'check-ignore', '-z', '--stdin'], { input: dirs.map((d) => `${d}/\0`).join(''), okCodes: [1] });
    return new Set(splitNul(out).map((p) => p.replace(/\/$/, '')));
  }

  private async watchDir(rel: string): Promise<void> {
    if (this.watchers.has(rel) || this.closed || this.disabled) return;
    let w: FSWatcher;
    let ino: number;
    try {
      ino = (await fs.lstat(path.join(this.repo.workspaceRoot, rel))).ino;
      if (this.watchers.has(rel) || this.closed || this.disabled) return;
      w = watch(path.join(this.repo.workspaceRoot, rel), { persistent: false }, (_event, name) => this.onEvent(rel, name));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // ENOENT: gone before it could be watched; its parent's event covers it.
      if (code === 'ENOENT' || code === 'ENOTDIR') return;
      this.disable(code === 'ENOSPC' ? 'the system limit of file watches is reached' : `cannot watch ${rel || '.'}: ${(err as Error).message}`);
      return;
    }
    w.on('error', () => {
      // A watched directory that went away: its parent saw that happen.
      this.unwatch(rel);
      this.markAll(rel === '' ? 'the workspace folder went away' : undefined, rel);
    });
    this.watchers.set(rel, { w, ino });
  }

  private onEvent(dir: string, name: string | Buffer | null): void {
    if (this.closed) return;
    if (name === null || name === undefined) {
      this.markAll(undefined, dir);
      return;
    }
    const base = name.toString();
    if (dir === '' && base === '.git') return; // the person's own repository: never recorded
    const rel = dir === '' ? base : `${dir}/${base}`;
    if (base === '.gitignore') {
      // What is ignored changed: the set of watched directories may be wrong now.
      this.ignores.restart();
      this.markAll('a .gitignore changed');
      this.track(this.rewatch());
      return;
    }
    this.markAll(undefined, rel);
    this.track(this.followDirectory(rel));
  }

  private track(work: Promise<void>): void {
    const done = work.catch(() => this.markAll('a watch could not be made')).finally(() => this.busy.delete(done));
    this.busy.add(done);
  }

  /** A name that is (now) a directory: watch it and what is under it; a gone one: drop its watches. */
  private async followDirectory(rel: string): Promise<void> {
    const stat = await fs.lstat(path.join(this.repo.workspaceRoot, rel)).catch(() => undefined);
    if (this.closed) return;
    const known = this.watchers.get(rel);
    // The same directory as before (its attributes changed): its watches are right.
    if (known && stat?.isDirectory() && stat.ino === known.ino) return;
    // Gone, replaced or renamed: watches under the old name would report wrong paths.
    for (const key of [...this.watchers.keys()]) if (key === rel || key.startsWith(`${rel}/`)) this.unwatch(key);
    if (!stat?.isDirectory()) return;
    if ((await this.ignoredOf([rel])).has(rel)) return;
    const dirs = await this.collectDirs(rel);
    if (this.watchers.size + dirs.length > this.limits.maxDirs) return this.disable(`more than ${this.limits.maxDirs} directories to watch`);
    for (const d of dirs) await this.watchDir(d);
    // Files made in it before its watch was in place had no event: the next snapshot looks at all of it.
    this.markAll(undefined, rel);
  }

  private async rewatch(): Promise<void> {
    const dirs = await this.collectDirs('');
    if (this.closed) return;
    if (dirs.length > this.limits.maxDirs) return this.disable(`more than ${this.limits.maxDirs} directories to watch`);
    const want = new Set(dirs);
    for (const key of [...this.watchers.keys()]) if (!want.has(key)) this.unwatch(key);
    for (const d of dirs) await this.watchDir(d);
    this.markAll('a .gitignore changed');
  }

  /** Records a changed path (or, with `lost`, that the next snapshot must walk everything) in every feed. */
  private markAll(lost: string | undefined, rel?: string): void {
    for (const feed of this.feeds) {
      if (lost) feed.lost ??= lost;
      if (rel === undefined) continue;
      if (rel === '') feed.lost ??= 'the workspace root changed';
      feed.paths.add(rel);
      if (feed.paths.size > this.limits.maxPaths) feed.lost ??= `more than ${this.limits.maxPaths} paths changed`;
    }
  }

  private unwatch(rel: string): void {
    this.watchers.get(rel)?.w.close();
    this.watchers.delete(rel);
  }

  private disable(reason: string): void {
    if (this.disabled) return;
    this.disabled = reason;
    for (const { w } of this.watchers.values()) w.close();
    this.watchers.clear();
  }
}

/** Flush folders of inkling processes that are gone (named <pid>-<hex>). */
async function sweepDeadFlushDirs(parent: string): Promise<void> {
  for (const name of await fs.readdir(parent).catch(() => [] as string[])) {
    const pid = Number(name.split('-')[0]);
    if (!Number.isInteger(pid) || pid === process.pid || processAlive(pid)) continue;
    await fs.rm(path.join(parent, name), { recursive: true, force: true }).catch(() => undefined);
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
