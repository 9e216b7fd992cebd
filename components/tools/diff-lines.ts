// An edit's change as a coloured diff: removed rows red, added rows green, with line numbers (the
// card: changed rows only; the approval: with git diff's three context rows around them).
import type { SafeDeep } from '../../src/core/text/safe-text.js';
import type { EditDetails } from '../../src/core/tools/edit-details.js';
import { countOf, expandTabs, fitLine, paint } from '../text-layout.js';

export const DIFF_MAX_ROWS = 20;

export function diffLines(d: SafeDeep<EditDetails>, width: number, maxRows = DIFF_MAX_ROWS): string[] {
  const rows: string[] = [];
  const numWidth = String(
    Math.max(1, ...d.hunks.map((h) => Math.max(h.oldStart + h.oldLines.length, h.newStart + h.newLines.length))),
  ).length;
  const num = (n: number) => String(n).padStart(numWidth);
  d.hunks.forEach((h, i) => {
    if (i > 0) rows.push(paint.dim(`  ${' '.repeat(numWidth)} ⋯`));
    h.oldLines.forEach((l, j) => rows.push(fitLine(paint.removed(`  ${num(h.oldStart + j)} - ${expandTabs(l)}`), width)));
    h.newLines.forEach((l, j) => rows.push(fitLine(paint.added(`  ${num(h.newStart + j)} + ${expandTabs(l)}`), width)));
  });
  if (rows.length > maxRows) {
    const more = rows.length - maxRows;
    return [...rows.slice(0, maxRows), paint.dim(`  … ${countOf(more, 'more diff line')}`)];
  }
  return rows;
}

const HUNK_HEAD = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** A unified diff's hunks (context rows included) numbered like `diffLines`; headers left out. */
export function unifiedDiffLines(diff: string, width: number): string[] {
  const hunks: { old: number; new: number; rows: string[] }[] = [];
  for (const line of diff.split('\n')) {
    const head = HUNK_HEAD.exec(line);
    if (head) hunks.push({ old: Number(head[1]), new: Number(head[2]), rows: [] });
    else if (hunks.length > 0 && /^[ +-]/.test(line)) hunks.at(-1)!.rows.push(line);
  }
  let last = 1;
  for (const h of hunks) last = Math.max(last, h.old + h.rows.length, h.new + h.rows.length);
  const numWidth = String(last).length;
  const num = (n: number) => String(n).padStart(numWidth);
  const rows: string[] = [];
  hunks.forEach((h, i) => {
    if (i > 0) rows.push(paint.dim(`  ${' '.repeat(numWidth)} ⋯`));
    let oldAt = h.old;
    let newAt = h.new;
    for (const line of h.rows) {
      const text = expandTabs(line.slice(1));
      if (line.startsWith('-')) rows.push(fitLine(paint.removed(`  ${num(oldAt++)} - ${text}`), width));
      else if (line.startsWith('+')) rows.push(fitLine(paint.added(`  ${num(newAt++)} + ${text}`), width));
      else {
        rows.push(fitLine(paint.dim(`  ${num(newAt)}   ${text}`), width));
        oldAt++;
        newAt++;
      }
    }
  });
  return rows;
}
