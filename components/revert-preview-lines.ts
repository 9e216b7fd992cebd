// The rows of the undo / rewind preview: what goes back, what changed again since (and by what),
// then the diff of what putting the files back does, coloured like the edit cards' diffs.
import type { RevertDialog } from '../src/store/revert-dialog.js';
import { describeChangedFile, filesCount } from '../src/store/ledger-text.js';
import { readableDiff } from '../src/store/diff-text.js';
import { diffRow } from './diff-rows.js';
import { fitLine, paint } from './text-layout.js';

/** The ledger's name for changes no tool made (core/checkpoints/revert-plan.ts says the same). */
const OUTSIDE_LABEL = 'changed outside inkling';

function changedByText(label: string): string {
  return label === OUTSIDE_LABEL ? label : `changed by ${label}`;
}

/** Everything above the diff (kept in view) and the diff (scrolled). */
export function revertPreviewLines(d: RevertDialog, width: number): { head: string[]; body: string[] } {
  const verb = d.kind === 'undo' ? 'Undo' : 'Rewind to before';
  const title = paint.bold(fitLine(` ${verb} ${d.preview?.label ?? ''}`, width));
  if (d.phase === 'planning' || !d.preview) return { head: [title, paint.dim('  looking at what would change…')], body: [] };
  const p = d.preview;
  const head = [title];
  if (p.clean.length > 0) {
    head.push(`  puts ${filesCount(p.clean.length)} back:`);
    for (const f of p.clean) head.push(fitLine(`    ${describeChangedFile(f)}`, width));
  }
  if (p.conflicts.length > 0) {
    head.push(paint.warn(`  ${filesCount(p.conflicts.length)} changed again since — left as they are unless you press f:`));
    for (const f of p.conflicts) head.push(paint.warn(fitLine(`    ${f.path} (${f.changedBy.map(changedByText).join(', ')})`, width)));
  }
  if (d.kind === 'rewind') {
    if (p.clean.length === 0 && p.conflicts.length === 0) head.push('  no file changed since that prompt: the files stay as they are');
    head.push(
      p.onlyFiles
        ? paint.warn('  only files will go back: the conversation cannot (the session file no longer holds that prompt), so it stays as it is')
        : paint.dim('  the conversation goes back to just before it, and the prompt comes back into the input'),
    );
  }
  if (d.phase === 'working') head.push(paint.dim('  putting the files back…'));
  // Per file, named (a deleted empty file has no ---/+++ rows to name it); no object ids.
  const diff = readableDiff([p.diff, p.conflicts.length > 0 ? p.conflictDiff : ''].join('\n'));
  const body = diff.length > 0 && diff.some((l) => l !== '') ? [paint.dim('  ─ what putting them back changes ─'), ...diff.map((l) => diffRow(l, width))] : [];
  return { head, body };
}
