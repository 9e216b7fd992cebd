// Unified diffs as rows: coloured like the edit cards' diffs, and cut into one part per file
// (git's own header rows, which hold object ids, left out) for the expanded card of a call.
import { diffRowRole } from '../src/store/diff-text.js';
import { expandTabs, fitLine, paint } from './text-layout.js';

export function diffRow(line: string, width: number, indent = '  '): string {
  const text = fitLine(`${indent}${expandTabs(line)}`, width);
  if (line.startsWith('+++') || line.startsWith('---') || line.startsWith('diff ') || line.startsWith('index ')) return paint.dim(text);
  const role = diffRowRole(line);
  return role ? paint[role](text) : text;
}

export { fileDiffParts } from '../src/store/diff-text.js';
