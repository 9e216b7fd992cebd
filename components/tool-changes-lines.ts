// The change ledger's line under a call's card: which files the call changed, with line counts
// ("↳ changed 2 files: src/a.ts +4 −1, b.ts +1 −0"), cut to the width; expanded, one row per file.
import type { ToolItem } from '../src/store/transcript.js';
import { changedFilesText, describeChangedFile } from '../src/store/ledger-text.js';
import { fitLine, paint } from './text-layout.js';

const LEAD = '  ↳ ';

export function changesLines(item: ToolItem, width: number, expanded: boolean): string[] {
  const c = item.changes;
  if (!c || c.files.length === 0) return [];
  const undone = c.undone ? ' (undone)' : '';
  if (!expanded) return [paint.dim(fitLine(`${LEAD}${changedFilesText(c.files)}${undone}`, width))];
  const rows = [paint.dim(fitLine(`${LEAD}changed ${c.files.length === 1 ? '1 file' : `${c.files.length} files`}${undone}`, width))];
  for (const f of c.files) rows.push(paint.dim(fitLine(`      ${describeChangedFile(f)}`, width)));
  return rows;
}
