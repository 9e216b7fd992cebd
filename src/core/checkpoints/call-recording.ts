// The scheduler's hook around calls that may write: the ledger's snapshots, when there is a ledger.
// A child agent's calls go into its parent's ledger inside its task call (`parent`).
import type { AgentEvent } from '../events.js';
import type { SchedulerDeps } from '../scheduler.js';
import type { ChangeLedger } from './change-ledger.js';

/** A child agent's ledger: its parent's, with the task call the child runs in. */
export interface ParentLedger {
  ledger: ChangeLedger;
  call: string;
}

export function recordWith(ledger: ChangeLedger | undefined, emit: (e: AgentEvent) => void, parent?: ParentLedger): SchedulerDeps['recordChanges'] {
  if (parent) return (use, run) => parent.ledger.recordChildCall(parent.call, use, run, emit);
  return ledger ? (use, run) => ledger.recordCall(use, run, emit) : undefined;
}
