// What undoing one entry, or rewinding to just before a prompt, would do to the workspace as it
// is now: which files go back cleanly, and which changed again since (a later call, or outside
// inkling) and would lose that change if restored anyway. Computing a plan changes nothing.
import type { Git } from './git.js';
import { OWN_ENTRY_KINDS, type LedgerEntry } from './ledger-chain.js';
import { changedPaths, treeChanges, unifiedDiff, type FileChange } from './tree-diff.js';

export const OUTSIDE_LABEL = 'changed outside inkling';
/** Changes found once tracking resumed, made by calls that were not tracked or outside inkling. */
export const PAUSED_LABEL = 'changed while tracking was paused';

export interface RevertConflict extends FileChange {
  /** What changed the file after the state being restored: later entries' labels, or OUTSIDE_LABEL. */
  changedBy: string[];
}

export interface RevertPlan {
  kind: 'undo' | 'rewind';
  /** The entry undone, or the prompt entry rewound to. */
  target: LedgerEntry;
  /** "edit_file src/a.ts", or "prompt 2 (fix the tests)". */
  label: string;
  /** The tree files are put back from. */
  restoreTree: string;
  /** The workspace's tree when the plan was made. */
  current: string;
  /** Files that go back cleanly; each change is what reverting does (now → restored). */
  clean: FileChange[];
  /** Files that changed again since; restoring them would overwrite that. */
  conflicts: RevertConflict[];
  /** Reverse diff of the clean files (now → restored). */
  diff: string;
  /** What restoring the conflicting files anyway would do (now → restored). */
  conflictDiff: string;
}

/**
 * Undo of one entry: its files back to its "before", where they are still as it left them.
 * `paused`: tracking is paused, so changes not recorded yet may be inkling's own (untracked calls).
 */
export async function planUndo(git: Git, chain: readonly LedgerEntry[], target: LedgerEntry, current: string, paused = false): Promise<RevertPlan> {
  const touched = new Set(target.changes.map((c) => c.path));
  const later = chain.slice(chain.findIndex((e) => e.id === target.id) + 1);
  const movedSince = await changedPaths(git, target.after, current);
  const unrecorded = await unrecordedPaths(git, chain, current);
  const reverting = (await treeChanges(git, current, target.before)).filter((c) => touched.has(c.path));
  const clean: FileChange[] = [];
  const conflicts: RevertConflict[] = [];
  for (const change of reverting) {
    if (!movedSince.has(change.path)) clean.push(change);
    else conflicts.push({ ...change, changedBy: changedBy(later, change.path, unrecorded, paused) });
  }
  return finish(git, { kind: 'undo', target, label: target.label, restoreTree: target.before, current, clean, conflicts });
}

/**
 * Rewind to just before a prompt: every file inkling changed since goes back, except where it was
 * also changed outside inkling (a conflict). Files only the person changed are not inkling's to revert.
 */
export async function planRewind(git: Git, chain: readonly LedgerEntry[], prompt: LedgerEntry, current: string, paused = false): Promise<RevertPlan> {
  const later = chain.slice(chain.findIndex((e) => e.id === prompt.id) + 1);
  // Changes found after tracking was paused may be inkling's own (untracked calls): offered, as conflicts.
  const touched = new Set(later.filter((e) => OWN_ENTRY_KINDS.has(e.kind) || e.paused).flatMap((e) => e.changes.map((c) => c.path)));
  const unrecorded = await unrecordedPaths(git, chain, current);
  if (paused) for (const p of unrecorded) touched.add(p);
  const outside = new Set(later.filter((e) => e.kind === 'outside').flatMap((e) => e.changes.map((c) => c.path)));
  const clean: FileChange[] = [];
  const conflicts: RevertConflict[] = [];
  for (const change of await treeChanges(git, current, prompt.after)) {
    if (!touched.has(change.path)) continue;
    if (!outside.has(change.path) && !unrecorded.has(change.path)) clean.push(change);
    else conflicts.push({ ...change, changedBy: changedBy(later, change.path, unrecorded, paused) });
  }
  const label = `prompt ${prompt.prompt?.ordinal ?? '?'}${prompt.prompt?.firstLine ? ` (${prompt.prompt.firstLine})` : ''}`;
  return finish(git, { kind: 'rewind', target: prompt, label, restoreTree: prompt.after, current, clean, conflicts });
}

async function finish(git: Git, plan: Omit<RevertPlan, 'diff' | 'conflictDiff'>): Promise<RevertPlan> {
  const [diff, conflictDiff] = await Promise.all([
    unifiedDiff(git, plan.current, plan.restoreTree, plan.clean.map((c) => c.path)),
    unifiedDiff(git, plan.current, plan.restoreTree, plan.conflicts.map((c) => c.path)),
  ]);
  return { ...plan, diff, conflictDiff };
}

/** Files that differ from the last recorded state: changed outside inkling and not yet recorded. */
async function unrecordedPaths(git: Git, chain: readonly LedgerEntry[], current: string): Promise<Set<string>> {
  const head = chain.at(-1);
  return head ? changedPaths(git, head.after, current) : new Set();
}

function changedBy(later: readonly LedgerEntry[], file: string, unrecorded: ReadonlySet<string>, paused: boolean): string[] {
  const labels = later.filter((e) => e.changes.some((c) => c.path === file)).map((e) => (e.kind === 'outside' ? (e.paused ? PAUSED_LABEL : OUTSIDE_LABEL) : e.label));
  if (unrecorded.has(file)) labels.push(paused ? PAUSED_LABEL : OUTSIDE_LABEL);
  return [...new Set(labels)];
}

/** What the model is told at the start of the next turn. */
export function revertNote(plan: RevertPlan, restored: readonly string[], left: readonly string[]): string {
  const what =
    plan.kind === 'undo'
      ? `The user reverted the changes of ${plan.label}`
      : `The user restored the workspace files to how they were before ${plan.label}`;
  const parts = [`${what}. Files restored: ${list(restored)}.`];
  if (left.length > 0) parts.push(`Left as they are (they changed again since): ${list(left)}.`);
  parts.push('Read a file again before editing it.');
  return parts.join(' ');
}

function list(paths: readonly string[]): string {
  if (paths.length === 0) return 'none';
  const shown = paths.slice(0, 20).join(', ');
  return paths.length > 20 ? `${shown} and ${paths.length - 20} more` : shown;
}
