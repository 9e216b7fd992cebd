// Unified diffs as rows: coloured like the edit cards' diffs, and cut into one part per file
// (git's own header rows, which hold object ids, left out) for the expanded card of a call.
import { expandTabs, fitLine, paint } from './text-layout.js';

export function diffRow(line: string, width: number, indent = '  '): string {
  const text = fitLine(`${indent}${expandTabs(line)}`, width);
  if (line.startsWith('+++') || line.startsWith('---') || line.startsWith('diff ') || line.startsWith('index ')) return paint.dim(text);
  if (line.startsWith('+')) return paint.added(text);
  if (line.startsWith('-')) return paint.removed(text);
  if (line.startsWith('@@')) return paint.accent(text);
  return text;
}

const HEADER = /^(diff --git |index |--- |\+\+\+ |new file mode |deleted file mode |old mode |new mode |similarity index |Binary files )/;

/** The diff's parts in order, one per file: the hunk rows (what changed), without git's headers. */
export function fileDiffParts(diff: string): { header: string; rows: string[] }[] {
  const parts: { header: string; rows: string[] }[] = [];
  for (const line of diff.split('\n')) {
    if (line.startsWith('diff --git ')) parts.push({ header: line, rows: [] });
    else if (parts.length > 0 && !(parts.at(-1)!.rows.length === 0 && HEADER.test(line)) && line !== '') parts.at(-1)!.rows.push(line);
  }
  return parts;
}
