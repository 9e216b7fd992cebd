// What the UI asks of the change ledger (undo a call, rewind to a prompt, the session's diff),
// asked through the door. Everything that comes back is made terminal-safe
// here, before it becomes state.
import type { AgentDoor } from '../core/door/requests.js';
import type { RevertPlan } from '../core/checkpoints/revert-plan.js';
import { toSafeDeep, toSafeText, type SafeText } from '../core/text/safe-text.js';
import type { RewindRow } from './list-picker.js';
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
  /** A rewind whose conversation cannot go back (its session records do not reach the prompt): only files will. */
  onlyFiles?: true;
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
  /** `untracked`: calls that ran while tracking was paused, "label (reason)". */
  sessionDiff(): Promise<{ files: ChangedFile[]; diff: SafeText; untracked: SafeText[] }>;
  /** The session's prompts the ledger marked, oldest first, with the files each turn changed. */
  prompts(): Promise<RewindRow[]>;
  /** What one call (its ledger entry) changed, as a unified diff of every file. */
  entryDiff(entry: string): Promise<SafeText>;
}

function preview(plan: RevertPlan & { onlyFiles?: true }): RevertPreview {
  return {
    label: toSafeText(plan.label),
    clean: toSafeDeep(plan.clean),
    conflicts: toSafeDeep(plan.conflicts),
    diff: toSafeText(plan.diff),
    conflictDiff: toSafeText(plan.conflictDiff),
    ...(plan.onlyFiles ? { onlyFiles: true as const } : {}),
  };
}

/**
 * The ledger's answers through the door, made terminal-safe; null when the door has no ledger
 * (the demo, a test without one).
 */
export function ledgerPort(door: AgentDoor): LedgerPort | null {
  if (!door.send({ type: 'capabilities' }).ledger) return null;
  return {
    planUndo: async (entry) => preview(await door.send({ type: 'planUndo', entry })),
    async undo(entry, overwriteConflicts) {
      const out = await door.send({ type: 'undo', entry, overwriteConflicts });
      return { ...(out.entry ? { entry: out.entry.id } : {}), restored: toSafeDeep(out.restored), left: toSafeDeep(out.left) };
    },
    planRewind: async (entry) => preview(await door.send({ type: 'planRewind', entry })),
    async rewind(entry, ordinal, overwriteConflicts) {
      const out = await door.send({ type: 'rewind', entry, ordinal, overwriteConflicts });
      return {
        restored: toSafeDeep(out.restored),
        left: toSafeDeep(out.left),
        ...(out.prompt !== undefined ? { prompt: toSafeText(out.prompt) } : {}),
        ...(out.sessionId ? { forked: { session: toSafeText(out.sessionId), from: toSafeText(out.forkedFrom ?? '') } } : {}),
        ...(out.notice ? { notice: toSafeText(out.notice) } : {}),
      };
    },
    prompts: async () =>
      (await door.send({ type: 'ledgerPrompts' })).map((p) => ({
        entry: p.entry,
        ordinal: p.ordinal,
        at: p.at,
        firstLine: toSafeText(p.firstLine),
        files: toSafeDeep(p.files),
        added: p.added,
        removed: p.removed,
      })),
    entryDiff: async (entry) => toSafeText(await door.send({ type: 'entryDiff', entry })),
    async sessionDiff() {
      const d = await door.send({ type: 'sessionDiff' });
      return { files: toSafeDeep(d.files), diff: toSafeText(d.diff), untracked: (d.untracked ?? []).map((u) => toSafeText(`${u.label} (${u.reason})`)) };
    },
  };
}
