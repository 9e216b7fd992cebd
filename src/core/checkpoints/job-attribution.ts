// Background jobs write between calls and during them: the ledger names the jobs that ran while
// it recorded (an outside entry "by job N", a call that "may include changes by job N") and
// refuses to undo a call whose files a job also wrote, since the undo could revert the job's work.
import type { LedgerEntry } from './ledger-chain.js';

/** Which jobs ran at any moment since `since` (epoch ms): running now, or ended after it. */
export type JobsActiveSince = (since: number) => number[];

export function jobsText(jobs: readonly number[]): string {
  return jobs.length === 1 ? `job ${jobs[0]}` : `jobs ${jobs.join(', ')}`;
}

/**
 * Why undoing `target` is refused, or undefined: it ran while a job ran, and a change recorded as
 * that job's (an outside entry by it) touched one of the files the undo would put back.
 */
export function jobUndoRefusal(entries: readonly LedgerEntry[], target: LedgerEntry): string | undefined {
  const jobs = target.jobs ?? [];
  if (jobs.length === 0) return undefined;
  const paths = new Set(target.changes.map((c) => c.path));
  for (const e of entries) {
    if (e.kind !== 'outside' || e.id === target.id) continue;
    const by = (e.jobs ?? []).filter((j) => jobs.includes(j));
    const shared = e.changes.find((c) => paths.has(c.path));
    if (by.length > 0 && shared) {
      return `${target.label} may include changes by ${jobsText(by)}, which also wrote ${shared.path}: undoing it could revert the job's work, so it is refused (kill the job or change the file yourself)`;
    }
  }
  return undefined;
}
