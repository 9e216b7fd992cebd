// An edit's change as a coloured diff: removed rows red, added rows green, with line numbers.
import React from 'react';
import type { ToolDetails } from '../src/core/tools/details.js';
import { countOf, fitLine, paint, expandTabs } from './text-layout.js';
import { Lines } from './Lines.js';

type EditDetails = Extract<ToolDetails, { kind: 'edit' }>;

export const DIFF_MAX_ROWS = 20;

export function diffLines(d: EditDetails, width: number, maxRows = DIFF_MAX_ROWS): string[] {
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

export function DiffView({ details, width }: { details: EditDetails; width: number }) {
  return <Lines lines={diffLines(details, width)} />;
}
