// The scheduler's hook around calls that may write: the ledger's snapshots, when there is a ledger.
import type { AgentEvent } from '../events.js';
import type { SchedulerDeps } from '../scheduler.js';
import type { ChangeLedger } from './change-ledger.js';

export function recordWith(ledger: ChangeLedger | undefined, emit: (e: AgentEvent) => void): SchedulerDeps['recordChanges'] {
  return ledger ? (use, run) => ledger.recordCall(use, run, emit) : undefined;
}
