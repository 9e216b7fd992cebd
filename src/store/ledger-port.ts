// What the UI asks of the change ledger (undo a call, rewind to a prompt, the session's diff),
// as a port the app fills in from the agent. Everything that comes back is made terminal-safe
// here, before it becomes state.
import type { Agent } from '../core/agent.js';
import type { RevertPlan } from '../core/checkpoints/revert-plan.js';
import { toSafeDeep, toSafeText, type SafeText } from '../core/text/safe-text.js';
import type { ChangedFile } from './transcript.js';

export interface RevertConflictView extends ChangedFile {
  /** What changed the file since: later calls' labels, or "changed outside inkling". */
  changedBy: SafeText[];
}

/** What an undo or rewind would do, shown before anything is changed. */
export interface RevertPreview {
  label: SafeText;
  clean: ChangedFile[];
  conflicts: RevertConflictView[];
  /** Reverse diff of the clean files; and what restoring the conflicting ones would do. */
  diff: SafeText;
  conflictDiff: SafeText;
}

export interface RevertDone {
  restored: SafeText[];
  /** Conflicting files left as they are, and files that could not be written. */
  left: SafeText[];
}

export interface LedgerPort {
  planUndo(entry: string): Promise<RevertPreview>;
  undo(entry: string, overwriteConflicts: boolean): Promise<RevertDone>;
  /** By the prompt's ledger entry (turn_checkpoint's `entry`). */
  planRewind(promptEntry: string): Promise<RevertPreview>;
  /** Files back to just before the prompt, and the conversation cut there; the prompt's text for the input. */
  rewind(promptEntry: string, ordinal: number, overwriteConflicts: boolean): Promise<RevertDone & { prompt?: SafeText }>;
  sessionDiff(): Promise<{ files: ChangedFile[]; diff: SafeText }>;
}

function preview(plan: RevertPlan): RevertPreview {
  return {
    label: toSafeText(plan.label),
    clean: toSafeDeep(plan.clean),
    conflicts: toSafeDeep(plan.conflicts),
    diff: toSafeText(plan.diff),
    conflictDiff: toSafeText(plan.conflictDiff),
  };
}

/**
 * Cutting the conversation and going on in a new session file (`forked_from`), when the agent
 * can (sessions); the ledger's chain forks to the same session id.
 */
interface ForkingAgent {
  forkConversation?(n: number): { prompt: string; sessionId: string } | undefined;
}

/** The port over an agent's ledger; null when the agent has none (the demo, or not built yet). */
export function ledgerPort(agent: Pick<Agent, 'ledger' | 'rewindConversation'> & ForkingAgent): LedgerPort | null {
  const ledger = () => {
    const l = agent.ledger;
    if (!l) throw new Error('the change ledger is not available in this session');
    return l;
  };
  const promptNumber = async (entry: string): Promise<number> => {
    const found = (await ledger().prompts()).find((p) => p.entry === entry);
    if (!found) throw new Error('that prompt is not in the change ledger of this session');
    return found.n;
  };
  return {
    planUndo: async (entry) => preview(await ledger().planUndo(entry)),
    async undo(entry, overwriteConflicts) {
      const out = await ledger().undo(entry, { overwriteConflicts });
      return { restored: toSafeDeep(out.restored), left: toSafeDeep(out.left) };
    },
    planRewind: async (entry) => preview(await ledger().planRewind(await promptNumber(entry))),
    async rewind(entry, ordinal, overwriteConflicts) {
      const n = await promptNumber(entry);
      if (agent.forkConversation) {
        const fork = agent.forkConversation(ordinal);
        const out = await ledger().rewind(n, { overwriteConflicts, ...(fork ? { fork: fork.sessionId } : {}) });
        return { restored: toSafeDeep(out.restored), left: toSafeDeep(out.left), ...(fork ? { prompt: toSafeText(fork.prompt) } : {}) };
      }
      const out = await ledger().rewind(n, { overwriteConflicts });
      const cut = agent.rewindConversation?.(ordinal);
      return { restored: toSafeDeep(out.restored), left: toSafeDeep(out.left), ...(cut ? { prompt: toSafeText(cut.prompt) } : {}) };
    },
    async sessionDiff() {
      const d = await ledger().sessionDiff();
      return { files: toSafeDeep(d.files), diff: toSafeText(d.diff) };
    },
  };
}
