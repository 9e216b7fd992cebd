// Which paths of the workspace may have changed since a snapshot, from the kernel's file events
// (one fs.watch per directory that is not ignored), so a snapshot can ask git about those paths
// only instead of stat-ing every file. Only ever a hint that can say "I don't know": until the
// watches are set up, after an error, a .gitignore change, too many events or a flush that does
// not come back, a feed answers `unknown` once and the snapshot walks the whole workspace.
// Its work is bounded: names with events queue up and are looked at as one batch once the events
// pause (3,000 new folders are one walk, one ignore question per level, not 3,000 tasks racing the
// command that makes them); past `maxQueued` names, or more folders than `maxDirs`, it stops
// watching (every snapshot walks) and tries again after a walk. A folder is marked changed when it
// appears and again once its watch is in place, so a snapshot in between looks at all of it.
import { promises as fs, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { EventFlush } from './event-flush.js';
import { askable, walkFolders } from './folder-walk.js';
import { IgnoreChecker } from './ignore-checker.js';
import type { ShadowRepo } from './shadow-repo.js';
import { DEFAULT_WATCH_LIMITS, MAX_RETRY_DELAY_MS, type ChangeFeed, type ChangeHint, type WatchLimits } from './watch-limits.js';

export { DEFAULT_WATCH_LIMITS, type ChangeFeed, type ChangeHint, type WatchLimits } from './watch-limits.js';

interface FeedState {
  paths: Set<string>;
  /** Set when something happened that paths cannot describe; the next drain says unknown. */
  lost: string | undefined;
}

export interface WatchOptions {
  limits?: Partial<WatchLimits>;
  /** The ledger's one ignore checker (the watcher makes its own when absent). */
  ignores?: IgnoreChecker;
  /** Where the watcher says why it stopped or started again (the session's ledger.log). */
  log?: (line: string) => void;
}

export class WorkspaceWatcher {
  /** Watched directories (workspace-relative, '' is the root) and the inode each watch is on. */
  private readonly watchers = new Map<string, { w: FSWatcher; ino: number }>();
  private readonly feeds = new Set<FeedState>();
  private ready = false;
  private closed = false;
  /** Why the watcher is not watching now (cleared when an attempt to start again succeeds). */
  private stopped: string | undefined;
  /** An attempt to start watching again is under way. */
  private restarting = false;
  private lastAttempt = 0;
  /** How long after the last attempt the next may start: a workspace that stays too big is tried less and less often. */
  private retryDelay: number;
  private events: EventFlush | undefined;
  /** The set-up, or the current attempt to start watching again. */
  private setup: Promise<void> | undefined;
  /** Names with events, to be looked at in the next batch. */
  private readonly queue = new Set<string>();
  private pumping: Promise<void> | undefined;
  private rewatchWanted = false;
  /** When the latest event came: the queue waits for a pause. */
  private lastEventAt = 0;
  /** Ends the pump's wait for a pause early (the watcher stopped or closed, or the last hold ended). */
  private wake: (() => void) | undefined;
  /** Calls under way that asked the watcher to leave new folders until they end (see hold). */
  private holds = 0;

  readonly ignores: IgnoreChecker;
  private readonly limits: WatchLimits;
  private readonly log: (line: string) => void;

  private constructor(
    private readonly repo: ShadowRepo,
    opts: WatchOptions,
  ) {
    this.limits = { ...DEFAULT_WATCH_LIMITS, ...opts.limits };
    this.ignores = opts.ignores ?? new IgnoreChecker(repo.git);
    this.log = opts.log ?? (() => undefined);
    this.retryDelay = this.limits.retryAfterMs;
  }

  /** Starts watching in the background; feeds answer `unknown` until the watches are in place. */
  static start(repo: ShadowRepo, opts: WatchOptions = {}): WorkspaceWatcher {
    const watcher = new WorkspaceWatcher(repo, opts);
    watcher.setup = watcher.install();
    return watcher;
  }

  /** Resolves once the first set-up (or the latest attempt to start again) is over; for tests and benches. */
  async settled(): Promise<void> {
    let seen: Promise<void> | undefined;
    while (this.setup !== seen) await (seen = this.setup);
  }

  /** Resolves once the names with events have been looked at; for tests. */
  async idle(): Promise<void> {
    await this.settled();
    while (this.pumping) await this.pumping;
  }

  get watching(): boolean {
    return this.ready && !this.stopped && !this.closed;
  }

  get watchedDirs(): number {
    return this.watchers.size;
  }

  /** Names waiting for the running call to end before they are looked at (tests look). */
  get heldNames(): number {
    return this.holds > 0 ? this.queue.size : 0;
  }

  /** Why it is not watching (undefined while it is, or before set-up ends). */
  get stoppedReason(): string | undefined {
    return this.stopped;
  }

  feed(): ChangeFeed {
    const state: FeedState = { paths: new Set(), lost: 'first snapshot' };
    this.feeds.add(state);
    return {
      drain: () => this.drain(state),
      ignored: (paths) => (this.watching ? this.ignores.ignored(paths) : Promise.resolve(undefined)),
      walked: () => this.walked(),
      close: () => void this.feeds.delete(state),
    };
  }

  /**
   * A call that may write is running: new folders are followed once it has ended (the returned
   * release), not while its command races the walk for the CPU (3,000 new folders: all wasted, the
   * watcher stops anyway). Nothing is missed: a new folder's name is a changed path, so a snapshot
   * looks at everything under it.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => void (!released && (released = true) && --this.holds === 0 && this.wake?.());
  }

  close(): void {
    this.closed = true;
    this.wake?.();
    this.ignores.close();
    this.queue.clear();
    this.unwatchAll();
    this.events?.close();
  }

  private async drain(state: FeedState): Promise<ChangeHint> {
    if (!this.watching) {
      // Whatever happens before the watches are all in place is unknown to them too.
      state.paths.clear();
      state.lost = 'not watching yet';
      return { kind: 'unknown', reason: this.stopped ?? (this.closed ? 'closed' : 'not watching yet') };
    }
    // Every event the kernel queued before this point is delivered before our own flush event.
    const flushed = this.events ? await this.events.flush() : false;
    const { lost } = state;
    const paths = [...state.paths];
    state.paths.clear();
    state.lost = undefined;
    if (!flushed) return { kind: 'unknown', reason: 'the file events did not arrive in time' };
    if (!this.watching) return { kind: 'unknown', reason: this.stopped ?? 'closed' };
    if (lost) return { kind: 'unknown', reason: lost };
    return { kind: 'paths', paths };
  }

  private async install(): Promise<void> {
    try {
      const events = await EventFlush.open(this.repo.gitDir, this.limits.flushTimeoutMs, () => this.stop('the flush watch failed'));
      if (this.closed) return events.close();
      this.events = events;
      await this.watchAll();
    } catch (err) {
      this.stop(`watching failed: ${(err as Error).message}`);
    }
  }

  /** Watches every folder git would look into, or stops with the reason it cannot. */
  private async watchAll(): Promise<void> {
    this.lastAttempt = Date.now();
    const walk = await walkFolders(this.repo.workspaceRoot, [''], this.ignores, this.limits.maxDirs, () => this.closed);
    if (this.closed) return;
    if (walk.kind === 'too-many') return this.stop(`more than ${this.limits.maxDirs} folders to watch`);
    if (walk.kind === 'unsure') return this.stop(walk.reason);
    const want = new Set(walk.dirs.map((d) => d.rel));
    for (const key of [...this.watchers.keys()]) if (!want.has(key)) this.unwatch(key);
    for (const d of walk.dirs) if (!this.watchDir(d.rel, d.ino)) return;
    if (this.closed || (this.stopped && !this.restarting)) return;
    if (this.stopped) this.log(`watching again (${this.watchers.size} folders)`);
    this.retryDelay = this.limits.retryAfterMs;
    this.stopped = undefined;
    this.restarting = false;
    this.ready = true;
  }

  /** After a walk: a watcher that stopped starts again, unless it tried only a moment ago. */
  private walked(): void {
    if (!this.stopped || this.closed || this.restarting || !this.events) return;
    if (Date.now() - this.lastAttempt < this.retryDelay) return;
    if (this.lastAttempt > 0) this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_DELAY_MS);
    this.restarting = true;
    this.markAll('starting to watch again');
    this.setup = this.watchAll().finally(() => (this.restarting = false));
  }

  /** Watches one folder; false when the watcher had to stop. */
  private watchDir(rel: string, ino: number): boolean {
    if (this.closed || (this.stopped && !this.restarting)) return false;
    const known = this.watchers.get(rel);
    if (known?.ino === ino) return true;
    if (known) this.unwatch(rel);
    try {
      const w = watch(path.join(this.repo.workspaceRoot, rel), { persistent: false }, (event, name) => this.onEvent(rel, event, name));
      w.on('error', () => {
        // A watched directory that went away: its parent saw that happen.
        this.unwatch(rel);
        this.markAll(rel === '' ? 'the workspace folder went away' : undefined, rel);
      });
      this.watchers.set(rel, { w, ino });
      // Swapped for a symlink since it was read: that watch would see outside the workspace.
      void fs.lstat(path.join(this.repo.workspaceRoot, rel)).then(
        (s) => (s.isDirectory() && s.ino === ino) || this.dropSwapped(rel, w),
        () => this.dropSwapped(rel, w),
      );
      return true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // ENOENT: gone before it could be watched; its parent's event covers it.
      if (code === 'ENOENT' || code === 'ENOTDIR') return true;
      this.stop(code === 'ENOSPC' ? 'the system limit of file watches is reached' : `cannot watch ${rel || '.'}: ${(err as Error).message}`);
      return false;
    }
  }

  private dropSwapped(rel: string, w: FSWatcher): void {
    if (this.watchers.get(rel)?.w !== w) return;
    this.unwatch(rel);
    this.markAll(undefined, rel);
  }

  private onEvent(dir: string, event: string, name: string | Buffer | null): void {
    if (this.closed || this.stopped) return;
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
      this.rewatchWanted = true;
      this.pump();
      return;
    }
    this.markAll(undefined, rel);
    // A content change cannot make or remove a folder; only names that appeared or went are looked at.
    if (event !== 'rename') return;
    this.lastEventAt = Date.now();
    this.queue.add(rel);
    if (this.queue.size > this.limits.maxQueued) return this.stop(`more than ${this.limits.maxQueued} new or removed names at once`);
    this.pump();
  }

  /** Looks at the queued names, one batch at a time once the events pause, until none are left. */
  private pump(): void {
    if (this.pumping) return;
    this.pumping = (async () => {
      const first = Date.now();
      // While a command is still making folders, following each one would race it for the CPU.
      await this.waitUntil(() => Math.min(this.lastEventAt + this.limits.settleMs, first + this.limits.maxSettleMs));
      while ((this.queue.size > 0 || this.rewatchWanted) && !this.closed && !this.stopped) {
        await this.waitUntil(() => 0);
        if (this.closed || this.stopped) break;
        if (this.rewatchWanted) {
          this.rewatchWanted = false;
          this.queue.clear();
          await this.watchAll();
          this.markAll('a .gitignore changed');
          continue;
        }
        const batch = [...this.queue];
        this.queue.clear();
        await this.follow(batch);
      }
    })()
      .catch((err: unknown) => this.stop(`a watch could not be made: ${(err as Error).message}`))
      .finally(() => (this.pumping = undefined));
  }

  /** Waits until the time `when` says, and for as long as a call holds the watcher; ends early once stopped or closed. */
  private async waitUntil(when: () => number): Promise<void> {
    while (!this.closed && !this.stopped) {
      // Held: until the call ends (its release wakes this up).
      const wait = this.holds > 0 ? undefined : when() - Date.now();
      if (wait !== undefined && wait <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = wait === undefined ? undefined : setTimeout(resolve, wait).unref();
        this.wake = () => (clearTimeout(timer), resolve());
      });
      this.wake = undefined;
    }
  }

  /** Names that are (now) folders: watch them and what is under them; gone ones: drop their watches. */
  private async follow(batch: string[]): Promise<void> {
    const tops: string[] = [];
    for (let i = 0; i < batch.length; i += 64) {
      const stats = await Promise.all(batch.slice(i, i + 64).map((rel) => fs.lstat(path.join(this.repo.workspaceRoot, rel)).catch(() => undefined)));
      stats.forEach((stat, j) => {
        const rel = batch[i + j]!;
        const known = this.watchers.get(rel);
        // The same directory as before (its attributes changed): its watches are right.
        if (known && stat?.isDirectory() && stat.ino === known.ino) return;
        // Gone, replaced or renamed: watches under the old name would report wrong paths.
        if (known) for (const key of [...this.watchers.keys()]) if (key === rel || key.startsWith(`${rel}/`)) this.unwatch(key);
        if (stat?.isDirectory()) tops.push(rel);
      });
    }
    if (tops.length === 0 || this.closed || this.stopped) return;
    const ignored = await this.ignores.ignored(askable(tops).map((t) => `${t}/`));
    if (!ignored) return this.stop('the ignore rules did not answer');
    const wanted = tops.filter((t) => !ignored.has(`${t}/`));
    const room = Math.min(this.limits.maxQueued, this.limits.maxDirs - this.watchers.size);
    const walk = await walkFolders(this.repo.workspaceRoot, wanted, this.ignores, room, () => this.closed || !!this.stopped);
    if (this.closed || this.stopped) return;
    if (walk.kind === 'too-many') return this.stop(`more than ${room} new folders to watch at once`);
    if (walk.kind === 'unsure') return this.stop(walk.reason);
    for (const d of walk.dirs) if (!this.watchDir(d.rel, d.ino)) return;
    // Files made in them before their watches were in place had no event: the next snapshot looks at all of it.
    for (const t of wanted) this.markAll(undefined, t);
  }

  /** Records a changed path (or, with `lost`, that the next snapshot must walk everything) in every feed. */
  private markAll(lost: string | undefined, rel?: string): void {
    for (const feed of this.feeds) {
      if (lost) feed.lost ??= lost;
      // The next drain says unknown anyway: the paths would only be dropped.
      if (rel === undefined || feed.lost) continue;
      if (rel === '') feed.lost ??= 'the workspace root changed';
      feed.paths.add(rel);
      if (feed.paths.size > this.limits.maxPaths) feed.lost ??= `more than ${this.limits.maxPaths} paths changed`;
    }
  }

  private unwatch(rel: string): void {
    this.watchers.get(rel)?.w.close();
    this.watchers.delete(rel);
  }

  private unwatchAll(): void {
    for (const { w } of this.watchers.values()) w.close();
    this.watchers.clear();
  }

  /** Stops watching (every snapshot walks) until a walk finishes and watching can start again. */
  private stop(reason: string): void {
    if (this.closed) return;
    const first = !this.stopped || this.restarting;
    this.stopped = reason;
    this.restarting = false;
    this.ready = false;
    this.queue.clear();
    this.wake?.();
    this.unwatchAll();
    this.markAll(reason);
    if (first) this.log(`stopped watching the workspace: ${reason}; every snapshot walks it until watching starts again`);
  }
}
