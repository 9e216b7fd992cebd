// The agent never waits on the ledger for long: a snapshot at a turn start or around a call gets
// a budget (2 s). One that overruns goes on in the background, and until it is done no other
// snapshot starts: those calls are "not tracked". The first snapshot taken after that says so,
// and what changed meanwhile is recorded as changed while tracking was paused.
import type { LedgerLog } from './ledger-log.js';
import type { Snapshot, SnapshotTaker } from './snapshot.js';

export const SNAPSHOT_BUDGET_MS = 2_000;

export type BoundedSnapshot =
  /** `paused`: tracking was paused since the last snapshot taken; why. */
  | { kind: 'taken'; snap: Snapshot; paused?: string }
  | { kind: 'untracked'; reason: string };

export class SnapshotBudget {
  /** The snapshot that overran, still running. */
  private overrun: Promise<void> | undefined;
  private paused: string | undefined;

  constructor(
    private readonly budgetMs: number,
    private readonly log: LedgerLog,
  ) {}

  /** A snapshot within the budget, or why there is none. Rejects as the snapshot does (within the budget). */
  async take(taker: SnapshotTaker, what: string, onLateFailure: (err: unknown) => void): Promise<BoundedSnapshot> {
    if (this.overrun) return { kind: 'untracked', reason: 'an earlier snapshot was still running' };
    const taking = taker.take();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), this.budgetMs)));
    const first = await Promise.race([taking, late]).finally(() => clearTimeout(timer));
    if (first !== 'late') {
      const paused = this.paused;
      this.paused = undefined;
      return paused ? { kind: 'taken', snap: first, paused } : { kind: 'taken', snap: first };
    }
    const reason = `the snapshot ${what} took longer than ${formatSeconds(this.budgetMs)}`;
    this.paused ??= reason;
    this.log(`${reason}: calls are not tracked until it finishes`);
    const started = Date.now();
    this.overrun = taking
      .then(() => this.log(`the late snapshot finished after ${formatSeconds(Date.now() - started + this.budgetMs)}`), onLateFailure)
      .finally(() => (this.overrun = undefined));
    return { kind: 'untracked', reason };
  }

  /** Why tracking was paused, while no snapshot has been taken since. */
  get pausedReason(): string | undefined {
    return this.paused;
  }

  /** The person's operation took its own snapshot and records what changed meanwhile: tracking is on again. */
  resume(): string | undefined {
    const paused = this.paused;
    this.paused = undefined;
    return paused;
  }

  /** Resolves once no snapshot that overran is still running (a person's operation takes its own). */
  async settled(): Promise<void> {
    await this.overrun;
  }
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
