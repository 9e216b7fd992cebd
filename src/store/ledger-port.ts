// What the UI asks of the change ledger (undo a call, rewind to a prompt, the session's diff),
// as a port the app fills in from the agent. Everything that comes back is made terminal-safe
// here, before it becomes state.
import type { Agent } from '../core/agent.js';
import type { RevertPlan } from '../core/checkpoints/revert-plan.js';
import { toSafeDeep, toSafeText, type SafeText } from '../core/text/safe-text.js';
import type { RewindRow } from './rewind-picker-state.js';
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
  /** The entry that recorded the undo (itself undoable); absent when nothing changed. */
  entry?: string;
  restored: SafeText[];
  /** Conflicting files left as they are, and files that could not be written. */
  left: SafeText[];
}

export interface RewindDone extends RevertDone {
  prompt?: SafeText;
  /** The new session the conversation goes on in, and the one it was forked from (still on disk). */
  forked?: { session: SafeText; from: SafeText };
  /** Why the conversation could not go on in a new session. */
  notice?: SafeText;
}

export interface LedgerPort {
  planUndo(entry: string): Promise<RevertPreview>;
  undo(entry: string, overwriteConflicts: boolean): Promise<RevertDone>;
  /** By the prompt's ledger entry (turn_checkpoint's `entry`). */
  planRewind(promptEntry: string): Promise<RevertPreview>;
  /**
   * Files back to just before the prompt, and the conversation cut there, going on in a new
   * session (`forked`) when sessions are recorded; the prompt's text for the input.
   */
  rewind(promptEntry: string, ordinal: number, overwriteConflicts: boolean): Promise<RewindDone>;
  sessionDiff(): Promise<{ files: ChangedFile[]; diff: SafeText }>;
  /** The session's prompts the ledger marked, oldest first, with the files each turn changed. */
  prompts(): Promise<RewindRow[]>;
  /** What one call (its ledger entry) changed, as a unified diff of every file. */
  entryDiff(entry: string): Promise<SafeText>;
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

/** The port over an agent's ledger; null when the agent has none (the demo, or not built yet). */
export function ledgerPort(agent: Pick<Agent, 'ledger' | 'rewindConversation' | 'forkConversation'>): LedgerPort | null {
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
      return { ...(out.entry ? { entry: out.entry.id } : {}), restored: toSafeDeep(out.restored), left: toSafeDeep(out.left) };
    },
    planRewind: async (entry) => preview(await ledger().planRewind(await promptNumber(entry))),
    async rewind(entry, ordinal, overwriteConflicts) {
      const n = await promptNumber(entry);
      // The conversation first (it only cuts what is in memory and writes a new file); the ledger's
      // chain then forks to the same new session, so both go on there.
      type Cut = ReturnType<NonNullable<Agent['forkConversation']>>;
      const fork: Cut = agent.forkConversation ? agent.forkConversation(ordinal) : agent.rewindConversation?.(ordinal);
      const session = fork?.sessionId;
      const out = await ledger().rewind(n, { overwriteConflicts, ...(session ? { fork: session } : {}) });
      return {
        restored: toSafeDeep(out.restored),
        left: toSafeDeep(out.left),
        ...(fork ? { prompt: toSafeText(fork.prompt) } : {}),
        ...(session ? { forked: { session: toSafeText(session), from: toSafeText(fork?.forkedFrom ?? '') } } : {}),
        ...(fork?.notice ? { notice: toSafeText(fork.notice) } : {}),
      };
    },
    prompts: async () =>
      (await ledger().prompts()).map((p) => ({
        entry: p.entry,
        ordinal: p.ordinal,
        at: p.at,
        firstLine: toSafeText(p.firstLine),
        files: toSafeDeep(p.files),
        added: p.added,
        removed: p.removed,
      })),
    entryDiff: async (entry) => toSafeText(await ledger().entryDiff(entry)),
    async sessionDiff() {
      const d = await ledger().sessionDiff();
      return { files: toSafeDeep(d.files), diff: toSafeText(d.diff) };
    },
  };
}
