// The change ledger's line under a call's card: which files the call changed, with line counts
// ("↳ changed 2 files: src/a.ts +4 −1, b.ts +1 −0"), cut to the width; expanded, one row per
// file followed by that file's diff (bounded; /diff has everything the session changed).
import type { ChangedFile, ToolItem } from '../src/store/transcript.js';
import { changedFilesText, describeChangedFile, untrackedText } from '../src/store/ledger-text.js';
import { diffRow, fileDiffParts } from './diff-rows.js';
import { countOf, fitLine, paint } from './text-layout.js';

const LEAD = '  ↳ ';
const FILE = '      ';
const DIFF = '        ';
/** Diff rows an expanded card shows at least, however short the screen. */
const MIN_DIFF_ROWS = 8;

/** `expandedRows`: the card is expanded in place, its body bounded to about that many rows. */
export function changesLines(item: ToolItem, width: number, expandedRows?: number): string[] {
  const c = item.changes;
  if (c?.untracked) return [paint.dim(fitLine(`${LEAD}${untrackedText(c.untracked)}`, width))];
  if (!c || c.files.length === 0) return [];
  const jobs = c.jobs?.length ? ` · may include changes by ${c.jobs.length === 1 ? `job ${c.jobs[0]}` : `jobs ${c.jobs.join(', ')}`}` : '';
  const undone = `${c.undone ? ' (undone)' : ''}${jobs}`;
  if (expandedRows === undefined) return [paint.dim(fitLine(`${LEAD}${changedFilesText(c.files)}${undone}`, width))];
  const rows = [paint.dim(fitLine(`${LEAD}changed ${c.files.length === 1 ? '1 file' : `${c.files.length} files`}${undone}`, width))];
  const diff = c.diff;
  if (diff?.state !== 'ready') {
    for (const f of c.files) rows.push(paint.dim(fitLine(`${FILE}${describeChangedFile(f)}`, width)));
    if (diff?.state === 'loading') rows.push(paint.dim(`${DIFF}reading the diff…`));
    if (diff?.state === 'failed') rows.push(paint.dim(fitLine(`${DIFF}no diff: ${diff.reason}`, width)));
    return rows;
  }
  const parts = partsByFile(c.files, fileDiffParts(diff.text));
  let room = Math.max(MIN_DIFF_ROWS, expandedRows);
  let hidden = 0;
  c.files.forEach((f, i) => {
    rows.push(fitLine(`${FILE}${paint.bold(describeChangedFile(f))}`, width));
    for (const line of parts[i] ?? []) {
      if (room > 0) {
        rows.push(diffRow(line, width, DIFF));
        room--;
      } else hidden++;
    }
  });
  if (hidden > 0) rows.push(paint.dim(fitLine(`${DIFF}… ${countOf(hidden, 'more diff line')} — /diff shows all the session changed`, width)));
  return rows;
}

/** Each file's diff rows, found by the path in git's header (in the same order as a fallback). */
function partsByFile(files: readonly ChangedFile[], parts: { header: string; rows: string[] }[]): (string[] | undefined)[] {
  return files.map((f, i) => {
    const named = parts.find((p) => p.header.endsWith(` b/${f.path}`));
    return (named ?? (parts.length === files.length ? parts[i] : undefined))?.rows;
  });
}
