// What a session's change ledger is made with (change-ledger.ts): its workspace, home, session and limits.
import type { SnapshotLimits } from './snapshot.js';
import type { WatchLimits } from './workspace-watch.js';

export interface ChangeLedgerOptions {
  workspaceRoot: string;
  /** $INKLING_HOME: the shadow repository goes under checkpoints/. */
  home: string;
  /** The session the entries belong to; a new id when absent. */
  sessionId?: string;
  /** `sessionId` is a session begun now (no chain of it exists): its first prompt's notes need no look at the repository. Default: true only without a sessionId. */
  newSession?: boolean;
  /** Where git is looked up (PATH); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Removes secret values from labels (a bash command may hold a key). */
  redact?: (text: string) => string;
  limits?: Partial<SnapshotLimits>;
  /**
   * File events tell the snapshots around a call and at a turn start which paths to look at
   * (default on); false: every snapshot walks the whole workspace. Undo and rewind always walk
   * it (their conflict check must see every file), and so does any snapshot the events cannot
   * vouch for (watches not in place yet, too many changes, a flush that did not come back).
   */
  watch?: boolean | Partial<WatchLimits>;
  /** Longest wait for a snapshot at a turn start or around a call (default 2 s); past it the call is not tracked. */
  snapshotBudgetMs?: number;
  /** The session's log folder (beside the bash logs), where ledger.log goes; asked each time (/clear moves it). */
  logDir?: () => string | undefined;
}
