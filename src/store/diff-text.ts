// Unified diffs as a person reads them (/diff, the undo and rewind previews): one line naming each
// file and what happened to it, then its hunks; git's header rows (object ids, modes) left out.
import { toSafeText, type SafeText } from '../core/text/safe-text.js';
import { describeChangedFile } from './ledger-text.js';
import type { ChangedFile } from './transcript.js';

/** What starts a file's line in a readable diff: no diff row starts so (they start with ' ', +, -, @ or \). */
export const FILE_MARK = '── ';

const HEADER = /^(diff --git |index |--- |\+\+\+ |new file mode |deleted file mode |old mode |new mode |similarity index |rename from |rename to |copy from |copy to |Binary files )/;

export interface FileDiffPart {
  /** git's `diff --git a/… b/…` line. */
  header: string;
  /** git's header rows between it and the first hunk. */
  meta: string[];
  /** The hunk rows (what changed). */
  rows: string[];
}

/** The diff's parts in order, one per file. */
export function fileDiffParts(diff: string): FileDiffPart[] {
  const parts: FileDiffPart[] = [];
  for (const line of diff.split('\n')) {
    const part = parts.at(-1);
    if (line.startsWith('diff --git ')) parts.push({ header: line, meta: [], rows: [] });
    else if (part && part.rows.length === 0 && HEADER.test(line)) part.meta.push(line);
    else if (part && line !== '') part.rows.push(line);
  }
  return parts;
}

/** The file a part is about: the new name, or the old one when the file went away. */
function partPath(part: FileDiffPart): string {
  const side = (prefix: string) => part.meta.find((l) => l.startsWith(prefix))?.slice(prefix.length);
  const renamed = side('rename to ');
  if (renamed) return renamed;
  const plus = side('+++ b/');
  if (plus) return plus;
  const minus = side('--- a/');
  if (minus) return minus;
  // `diff --git a/x b/x` with no ---/+++ rows (an empty or binary file): both halves name it.
  const names = part.header.slice('diff --git '.length);
  const half = (names.length - 1) / 2;
  return Number.isInteger(half) && names.slice(2, half) === names.slice(half + 3) ? names.slice(2, half) : names;
}

/** "a.txt +1 −1 (deleted)", from git's rows when the ledger's file list does not have it. */
function describePart(part: FileDiffPart): string {
  const path = partPath(part);
  const added = part.rows.filter((l) => l.startsWith('+')).length;
  const removed = part.rows.filter((l) => l.startsWith('-')).length;
  const has = (prefix: string) => part.meta.some((l) => l.startsWith(prefix));
  const from = part.meta.find((l) => l.startsWith('rename from '))?.slice('rename from '.length);
  const status = has('new file mode') ? 'added' : has('deleted file mode') ? 'deleted' : from ? `renamed from ${from}` : 'modified';
  if (has('Binary files')) return `${path} (binary, ${status})`;
  return `${path} +${added} −${removed}${status === 'modified' ? '' : ` (${status})`}`;
}

/**
 * The diff per file: a line naming the file (the ledger's description when `files` has it), its
 * hunk rows, and a blank line between files. Text outside any file's part is dropped.
 */
export function readableDiff(diff: string, files: readonly ChangedFile[] = []): string[] {
  const out: string[] = [];
  for (const part of fileDiffParts(diff)) {
    const known = files.find((f) => partPath(part) === f.path);
    if (out.length > 0) out.push('');
    out.push(`${FILE_MARK}${known ? describeChangedFile(known) : describePart(part)}`);
    out.push(...part.rows);
  }
  return out;
}

export function readableDiffText(diff: SafeText, files: readonly ChangedFile[] = []): SafeText {
  return toSafeText(readableDiff(diff, files).join('\n'));
}

/** How a row of a readable diff is painted (a palette role name; undefined: plain). */
export type DiffRowRole = 'bold' | 'added' | 'removed' | 'accent' | undefined;

export function diffRowRole(line: string): DiffRowRole {
  if (line.startsWith(FILE_MARK)) return 'bold';
  if (line.startsWith('+')) return 'added';
  if (line.startsWith('-')) return 'removed';
  if (line.startsWith('@@')) return 'accent';
  return undefined;
}
