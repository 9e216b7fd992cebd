// What changed between two recorded trees: per file, added/modified/deleted with line counts,
// and the unified diff text (no colour) for previews, expanded cards and /diff.
import type { Git } from './git.js';
import { splitNul } from './git.js';

export type FileChangeStatus = 'added' | 'modified' | 'deleted';

export interface FileChange {
  /** Relative to the workspace root, '/' separators. */
  path: string;
  status: FileChangeStatus;
  /** Lines added and removed (0 and 0 for a binary file). */
  added: number;
  removed: number;
  binary: boolean;
}

const DIFF_FLAGS = ['-r', '--no-renames', '--no-ext-diff', '--no-textconv', '--no-color', '--full-index'];
/** Paths per command when a diff is narrowed to some files (keeps argv far below exec's limits). */
const PATHS_PER_COMMAND = 500;

/**
 * `indexFile`: an index that holds exactly `to` (the snapshot just written from it). git then
 * compares `from` with the index's flat list of entries instead of reading every tree object of
 * `to` back (measured: 3,000 new files, 0.41 s with diff-tree, 0.21 s this way). Same output.
 */
export async function treeChanges(git: Git, from: string, to: string, indexFile?: string): Promise<FileChange[]> {
  if (from === to) return [];
  const out = splitNul(
    indexFile
      ? await git.run(['diff-index', '--cached', '-z', '--raw', '--numstat', ...DIFF_FLAGS.filter((f) => f !== '-r'), from], { indexFile })
      : await git.run(['diff-tree', '-z', '--raw', '--numstat', ...DIFF_FLAGS, from, to]),
  );
  const byPath = new Map<string, FileChange>();
  const order: string[] = [];
  for (let i = 0; i < out.length; i++) {
    const token = out[i]!;
    if (token.startsWith(':')) {
      // ":<old mode> <new mode> <old sha> <new sha> <status>" then the path
      const letter = token.split(' ')[4]?.[0];
      const rel = out[++i]!;
      const status: FileChangeStatus = letter === 'A' ? 'added' : letter === 'D' ? 'deleted' : 'modified';
      byPath.set(rel, { path: rel, status, added: 0, removed: 0, binary: false });
      order.push(rel);
    } else {
      const [added, removed, ...rest] = token.split('\t');
      const change = byPath.get(rest.join('\t'));
      if (!change) continue;
      if (added === '-' || removed === '-') change.binary = true;
      else {
        change.added = Number(added);
        change.removed = Number(removed);
      }
    }
  }
  return order.map((p) => byPath.get(p)!);
}

/** Paths whose content or mode differs between two trees. */
export async function changedPaths(git: Git, from: string, to: string): Promise<Set<string>> {
  if (from === to) return new Set();
  return new Set(splitNul(await git.run(['diff-tree', '-z', '--name-only', ...DIFF_FLAGS, from, to])));
}

/** Unified diff from one tree to another, optionally only for some paths. */
export async function unifiedDiff(git: Git, from: string, to: string, paths?: readonly string[]): Promise<string> {
  if (from === to || paths?.length === 0) return '';
  if (!paths) return git.text(['diff-tree', '-p', ...DIFF_FLAGS, from, to]);
  const sorted = [...paths].sort();
  let text = '';
  for (let i = 0; i < sorted.length; i += PATHS_PER_COMMAND) {
    text += await git.text(['diff-tree', '-p', ...DIFF_FLAGS, from, to, '--', ...sorted.slice(i, i + PATHS_PER_COMMAND)]);
  }
  return text;
}

/** "src/a.ts +4 −1" as the card shows it. */
export function describeChange(change: FileChange): string {
  if (change.binary) return `${change.path} (binary, ${change.status})`;
  return `${change.path} +${change.added} −${change.removed}${change.status === 'modified' ? '' : ` (${change.status})`}`;
}
