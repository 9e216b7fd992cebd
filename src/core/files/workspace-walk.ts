// A sorted, depth-bounded walk of the workspace that honours .gitignore files (nested ones too) and
// always skips .git and node_modules. Shared by list_files and grep_search's Node fallback. Each
// directory is opened and verified (workspace-open.ts) and read through its descriptor, so a
// directory swapped for a symlink mid-walk is skipped, never listed or searched.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { openDirectoryInWorkspace, openInWorkspace, type WorkspaceHandle } from './workspace-open.js';

export const ALWAYS_SKIPPED = new Set(['.git', 'node_modules']);

export interface WalkEntry {
  /** Relative to the workspace root, '/' separators. */
  relPath: string;
  absPath: string;
  /**
   * The entry's path through its parent's verified descriptor; valid only during onEntry. Open it
   * with openInWorkspace (O_NOFOLLOW) to read the file this entry names and no other.
   */
  anchoredPath: string;
  isDir: boolean;
  isSymlink: boolean;
  /** 1 for the direct children of the start directory. */
  depth: number;
}

export interface WalkOptions {
  /** Real path of the workspace root (the base of every .gitignore lookup). */
  root: string;
  /** Real path of the directory to walk, inside root. */
  start: string;
  maxDepth: number;
  signal?: AbortSignal;
  /** Return false to stop the walk. */
  onEntry(entry: WalkEntry): boolean | Promise<boolean>;
}

/** Rules from one .gitignore, applying to paths under `base` (relative to the root, '' for the root). */
interface IgnoreLevel {
  base: string;
  rules: Ignore;
}

export class GitignoreStack {
  private constructor(private readonly levels: IgnoreLevel[]) {}

  /** Rules that apply at `dirRel` and above: the root's .git/info/exclude and every .gitignore on the way. */
  static async forDirectory(root: string, dirRel: string): Promise<GitignoreStack> {
    const levels: IgnoreLevel[] = [];
    const exclude = await readIgnoreFile(path.join(root, '.git', 'info', 'exclude'));
    if (exclude) levels.push({ base: '', rules: exclude });
    const parts = dirRel === '' || dirRel === '.' ? [] : dirRel.split('/');
    for (let i = 0; i <= parts.length; i++) {
      const base = parts.slice(0, i).join('/');
      const rules = await readIgnoreFile(path.join(root, ...parts.slice(0, i), '.gitignore'));
      if (rules) levels.push({ base, rules });
    }
    return new GitignoreStack(levels);
  }

  /** The stack for a child directory: these rules plus its own .gitignore (read through `gitignorePath`), if any. */
  async enter(dirRel: string, gitignorePath: string): Promise<GitignoreStack> {
    const rules = await readIgnoreFile(gitignorePath);
    return rules ? new GitignoreStack([...this.levels, { base: dirRel, rules }]) : this;
  }

  /** Later (deeper) levels override earlier ones, so a nested `!pattern` can re-include a path. */
  ignores(relPath: string, isDir: boolean): boolean {
    let ignored = false;
    for (const level of this.levels) {
      if (level.base !== '' && !relPath.startsWith(level.base + '/')) continue;
      const sub = level.base === '' ? relPath : relPath.slice(level.base.length + 1);
      const result = level.rules.test(isDir ? sub + '/' : sub);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }
}

async function readIgnoreFile(file: string): Promise<Ignore | null> {
  try {
    const text = await fs.readFile(file, 'utf8');
    return ignore().add(text);
  } catch {
    return null;
  }
}

export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Walks `start` depth first, children sorted by name; symlinks are reported but never followed. */
export async function walkWorkspace(opts: WalkOptions): Promise<void> {
  const startRel = toRel(opts.root, opts.start);
  const opened = await openDirectoryInWorkspace(opts.start, { root: opts.root, shown: startRel });
  if (!opened.ok) throw new Error(opened.error);
  try {
    const stack = await GitignoreStack.forDirectory(opts.root, startRel === '.' ? '' : startRel);
    await walkDir(opts, opened.opened, opts.start, startRel === '.' ? '' : startRel, 1, stack);
  } finally {
    await opened.opened.close();
  }
}

async function walkDir(
  opts: WalkOptions,
  dir: WorkspaceHandle,
  abs: string,
  rel: string,
  depth: number,
  stack: GitignoreStack,
): Promise<boolean> {
  if (opts.signal?.aborted) return false;
  let dirents;
  try {
    dirents = await fs.readdir(dir.fdPath, { withFileTypes: true });
  } catch {
    return true; // unreadable directory: skip it, keep walking the rest
  }
  dirents.sort((a, b) => compareNames(a.name, b.name));
  for (const d of dirents) {
    if (ALWAYS_SKIPPED.has(d.name)) continue;
    const childRel = rel === '' ? d.name : `${rel}/${d.name}`;
    const isDir = d.isDirectory();
    if (stack.ignores(childRel, isDir)) continue;
    const childAbs = path.join(abs, d.name);
    const entry: WalkEntry = {
      relPath: childRel,
      absPath: childAbs,
      anchoredPath: dir.entry(d.name),
      isDir,
      isSymlink: d.isSymbolicLink(),
      depth,
    };
    if (!(await opts.onEntry(entry))) return false;
    if (isDir && depth < opts.maxDepth) {
      // O_NOFOLLOW through the parent's descriptor: a directory replaced by a symlink since the
      // listing is not entered.
      const child = await openInWorkspace(dir.entry(d.name), { root: opts.root, shown: childRel, directory: true });
      if (!child.ok) continue;
      try {
        const childStack = await stack.enter(childRel, child.opened.entry('.gitignore'));
        if (!(await walkDir(opts, child.opened, childAbs, childRel, depth + 1, childStack))) return false;
      } finally {
        await child.opened.close();
      }
    }
  }
  return true;
}

function toRel(root: string, abs: string): string {
  const rel = path.relative(root, abs);
  return rel === '' ? '.' : rel.split(path.sep).join('/');
}
