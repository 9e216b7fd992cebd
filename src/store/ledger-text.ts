// How the change ledger's records read in the transcript: one line naming the files and their
// line counts, shortened to what fits ("changed 3 files: src/a.ts +4 −1, b.ts +1 −0, …").
import { joinSafe, toSafeText, type SafeText } from '../core/text/safe-text.js';
import type { ChangedFile } from './transcript.js';

/** "src/a.ts +4 −1", "logo.png (binary, added)", "old.ts (deleted)". */
export function describeChangedFile(change: ChangedFile): SafeText {
  if (change.binary) return joinSafe([change.path, toSafeText(` (binary, ${change.status})`)]);
  const tail = change.status === 'modified' ? '' : ` (${change.status})`;
  return joinSafe([change.path, toSafeText(` +${change.added} −${change.removed}${tail}`)]);
}

export function filesCount(n: number): string {
  return `${n} file${n === 1 ? '' : 's'}`;
}

/** The one line for a list of changed files: as many as `maxFiles`, then how many more. */
export function changedFilesText(files: readonly ChangedFile[], maxFiles = 3): SafeText {
  return joinSafe([toSafeText(`changed ${filesCount(files.length)}: `), fileList(files, maxFiles)]);
}

/** `paused`: found once tracking resumed (calls that were not tracked may have made them). */
export function outsideChangesText(files: readonly ChangedFile[], paused = false, jobs: readonly number[] = []): SafeText {
  const by = jobs.length === 0 ? '' : ` (by ${jobs.length === 1 ? `job ${jobs[0]}` : `jobs ${jobs.join(', ')}`})`;
  return joinSafe([toSafeText(`${filesCount(files.length)} changed ${paused ? 'while tracking was paused' : 'outside inkling'}${by}: `), fileList(files, 3)]);
}

/** The line under a call the ledger could not record. */
export function untrackedText(reason: SafeText): SafeText {
  return joinSafe([toSafeText('not tracked: '), reason, toSafeText(' (nothing to undo)')]);
}

function fileList(files: readonly ChangedFile[], maxFiles: number): SafeText {
  const shown = files.slice(0, maxFiles).map(describeChangedFile);
  const more = files.length - shown.length;
  return joinSafe([joinSafe(shown, ', '), toSafeText(more > 0 ? `, … ${more} more` : '')]);
}
