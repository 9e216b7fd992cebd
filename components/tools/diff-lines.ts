// An edit's change as a coloured diff: removed rows red, added rows green, with line numbers.
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
