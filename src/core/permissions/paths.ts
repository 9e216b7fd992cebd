// Paths as the permission rules see them: relative to the workspace, with forward slashes, matched
// by gitignore-style globs (the `ignore` package: "src/**", "**/.env" also matching ".env", ".env*"
// at any depth, ".inkling/" and everything under it).
import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** Always ask before these change, in every mode (settings add more: permissions.protectedPaths). */
export const PROTECTED_PATHS = ['.inkling/', '.env*'] as const;

export type WorkspacePath = { inside: true; rel: string } | { inside: false; abs: string };

/** Where a tool's path argument points, by the text alone (the tools resolve symlinks themselves). */
export function workspacePath(workspaceRoot: string, input: string): WorkspacePath {
  const abs = path.resolve(workspaceRoot, input);
  const rel = path.relative(workspaceRoot, abs);
  if (rel === '') return { inside: true, rel: '.' };
  if (rel.startsWith('..') || path.isAbsolute(rel)) return { inside: false, abs };
  return { inside: true, rel: rel.split(path.sep).join('/') };
}

/**
 * Whether <root>/<rel> stays inside the workspace once symlinks are followed: the deepest part that
 * exists is resolved; a part that is a dangling link counts as leaving (a write would follow it).
 */
export function staysInside(workspaceRoot: string, rel: string): boolean {
  let realRoot: string;
  try {
    realRoot = realpathSync(workspaceRoot);
  } catch {
    return false;
  }
  const rest: string[] = [];
  for (let at = path.join(workspaceRoot, rel); ; at = path.dirname(at)) {
    try {
      const full = path.join(realpathSync(at), ...rest);
      const r = path.relative(realRoot, full);
      return r === '' || (!r.startsWith('..') && !path.isAbsolute(r));
    } catch {
      const isLink = (() => {
        try {
          return lstatSync(at).isSymbolicLink();
        } catch {
          return false;
        }
      })();
      if (isLink || path.dirname(at) === at) return false;
      rest.unshift(path.basename(at));
    }
  }
}

const compiled = new Map<string, Ignore>();

export function matchesGlob(glob: string, rel: string): boolean {
  if (rel === '.') return glob === '**' || glob === '.';
  let matcher = compiled.get(glob);
  if (!matcher) {
    matcher = ignore().add(glob);
    if (compiled.size > 500) compiled.clear();
    compiled.set(glob, matcher);
  }
  try {
    return matcher.ignores(rel);
  } catch {
    return false;
  }
}

/** The folder rule "edits in this folder" offers: src/app/a.ts → src/app/**; a top-level file → itself. */
export function folderGlob(rel: string): string {
  const dir = path.posix.dirname(rel);
  return dir === '.' ? rel : `${dir}/**`;
}
