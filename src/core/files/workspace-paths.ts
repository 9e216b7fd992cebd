// Workspace paths: every path a tool touches is resolved through symlinks and must stay under the root.
import { promises as fs } from 'node:fs';
import path from 'node:path';

export interface ResolvedPath {
  ok: true;
  /** Real path on disk (symlinks resolved at every level, even for a file that does not exist yet). */
  realPath: string;
  /** realPath relative to the real workspace root, with '/' separators; '.' for the root itself. */
  relPath: string;
  /** Real path of the workspace root. */
  root: string;
  /** Whether something exists at realPath. */
  exists: boolean;
}

export interface SandboxError {
  ok: false;
  error: string;
}

export interface ResolveOptions {
  /** Refuse paths inside a .git directory (any level): tools must not corrupt the repository. */
  forWrite?: boolean;
}

// More hops than any sane chain of symlinks; protects against loops through dangling links.
const MAX_SYMLINK_HOPS = 40;

/** Resolves `input` (relative to the root, or absolute) and checks it stays inside the workspace. */
export async function resolveInWorkspace(
  workspaceRoot: string,
  input: string,
  opts: ResolveOptions = {},
): Promise<ResolvedPath | SandboxError> {
  let root: string;
  try {
    root = await fs.realpath(workspaceRoot);
  } catch (err) {
    return { ok: false, error: `The workspace root ${workspaceRoot} cannot be resolved: ${errorMessage(err)}` };
  }
  if (typeof input !== 'string' || input.trim() === '') {
    return { ok: false, error: 'The path is empty; give a path relative to the workspace root.' };
  }
  if (input.includes('\0')) return { ok: false, error: 'The path contains a NUL character.' };

  const lexical = path.resolve(root, expandHome(input));
  let real: { path: string; exists: boolean };
  try {
    real = await realpathAllowMissing(lexical);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') {
      return { ok: false, error: `The path ${input} goes through a symlink loop (workspace root: ${root}).` };
    }
    return { ok: false, error: `The path ${input} cannot be resolved: ${errorMessage(err)}` };
  }

  const rel = path.relative(root, real.path);
  if (rel === '..' || rel.startsWith('..' + path.sep) || path.isAbsolute(rel)) {
    const via = real.path === lexical ? '' : ` (it resolves to ${real.path})`;
    return {
      ok: false,
      error: `The path ${input} is outside the workspace${via}. Only paths inside the workspace root ${root} are allowed.`,
    };
  }
  const relPath = rel === '' ? '.' : rel.split(path.sep).join('/');
  if (opts.forWrite && relPath.split('/').includes('.git')) {
    return { ok: false, error: `The path ${input} is inside a .git directory; writing there is not allowed.` };
  }
  return { ok: true, realPath: real.path, relPath, root, exists: real.exists };
}

/**
 * realpath that also works when the tail of the path does not exist yet: the deepest existing
 * ancestor is resolved, and a dangling symlink on the way is followed to where it points, so that
 * creating a file through it cannot land outside the workspace.
 */
async function realpathAllowMissing(p: string, hops = 0): Promise<{ path: string; exists: boolean }> {
  if (hops > MAX_SYMLINK_HOPS) throw Object.assign(new Error('too many symlinks'), { code: 'ELOOP' });
  try {
    return { path: await fs.realpath(p), exists: true };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const parent = path.dirname(p);
  if (parent === p) return { path: p, exists: false };
  const name = path.basename(p);
  const realParent = await realpathAllowMissing(parent, hops);
  const candidate = path.join(realParent.path, name);
  if (realParent.exists) {
    const st = await fs.lstat(candidate).catch(() => null);
    if (st?.isSymbolicLink()) {
      // A dangling link: follow it to its (missing) target.
      const target = await fs.readlink(candidate);
      return realpathAllowMissing(path.resolve(realParent.path, target), hops + 1);
    }
  }
  return { path: candidate, exists: false };
}

function expandHome(p: string): string {
  // The model sometimes writes "~/x"; a folder named '~' under the root is never what it means,
  // so map it to the home directory and let the containment check decide.
  if (p === '~' || p.startsWith('~/')) return path.join(process.env.HOME ?? '/', p.slice(1));
  return p;
}

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
