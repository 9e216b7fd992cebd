// What the workspace watcher (workspace-watch.ts) promises: the limits that bound its work, and
// the change feed a snapshot reads from it.

export interface WatchLimits {
  /** More directories than this and the workspace is not watched (every snapshot walks it). */
  maxDirs: number;
  /** More names than this waiting to be looked at and the watcher drops them and stops until a walk. */
  maxQueued: number;
  /** More changed paths than this between two snapshots and the next one walks everything. */
  maxPaths: number;
  /** How long a flush waits for its own event before the feed answers `unknown`. */
  flushTimeoutMs: number;
  /** After a failed attempt, how long before a finished walk may start watching again (doubled after each, up to 5 min). */
  retryAfterMs: number;
  /** Queued names are looked at once no event came for this long… */
  settleMs: number;
  /** …or this long after the first of them, whichever is sooner. */
  maxSettleMs: number;
}

export const DEFAULT_WATCH_LIMITS: WatchLimits = {
  maxDirs: 4_000,
  maxQueued: 2_000,
  maxPaths: 500,
  flushTimeoutMs: 1_000,
  retryAfterMs: 10_000,
  settleMs: 100,
  maxSettleMs: 1_000,
};

/** The longest wait between two attempts to start watching again. */
export const MAX_RETRY_DELAY_MS = 5 * 60_000;

/** What may have changed since the feed's last drain. */
export type ChangeHint = { kind: 'paths'; paths: string[] } | { kind: 'unknown'; reason: string };

/** One consumer's view (one snapshot taker): its own set of dirty paths since its last drain. */
export interface ChangeFeed {
  drain(): Promise<ChangeHint>;
  /** Which of these paths the ignore rules leave out; undefined when that cannot be said quickly. */
  ignored(paths: readonly string[]): Promise<Set<string> | undefined>;
  /** A walk of the whole workspace finished: a watcher that stopped may start again. */
  walked(): void;
  close(): void;
}
