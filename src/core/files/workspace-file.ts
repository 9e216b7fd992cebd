// What the file tools open: a path from the model is resolved by the sandbox, then opened and
// verified (workspace-open.ts), so reads, writes and renames act on the object that was checked.
import path from 'node:path';
import { resolveInWorkspace } from './workspace-paths.js';
import { openDirectoryInWorkspace, openInWorkspace, type WorkspaceHandle } from './workspace-open.js';

/** `missing`: the file's directory does not exist (and was not to be created); `shown` names the file. */
export type Refusal = { ok: false; error: string; missing?: boolean; shown?: string };

export interface ReadTarget {
  ok: true;
  /** Relative to the root, for messages. */
  shown: string;
  root: string;
  /** The verified descriptor; the caller closes it. */
  opened: WorkspaceHandle;
}

/** Opens an existing file or directory for reading. */
export async function openForRead(workspaceRoot: string, input: string, missing: (shown: string) => string): Promise<ReadTarget | Refusal> {
  const resolved = await resolveInWorkspace(workspaceRoot, input);
  if (!resolved.ok) return resolved;
  const shown = resolved.relPath;
  if (!resolved.exists) return { ok: false, error: missing(shown) };
  const result = await openInWorkspace(resolved.realPath, { root: resolved.root, shown });
  if (!result.ok) return { ok: false, error: result.code === 'ENOENT' ? missing(shown) : result.error };
  return { ok: true, shown, root: resolved.root, opened: result.opened };
}

export interface WriteTarget {
  ok: true;
  shown: string;
  /** The file's name inside `dir`. */
  name: string;
  /** Real path of the file (the read-before-write key). */
  realPath: string;
  /** The verified parent directory: every write goes through it. */
  dir: WorkspaceHandle;
  /** The file as it is now, when it exists (verified, opened for reading). */
  existing?: WorkspaceHandle;
  /** Closes the directory and the existing file. */
  close(): Promise<void>;
}

/**
 * Opens the parent directory of a file about to be written (creating missing directories when
 * `createParents`), and the file itself when it exists. Paths inside .git are refused.
 */
export async function openForWrite(workspaceRoot: string, input: string, createParents: boolean): Promise<WriteTarget | Refusal> {
  const resolved = await resolveInWorkspace(workspaceRoot, input, { forWrite: true });
  if (!resolved.ok) return resolved;
  const shown = resolved.relPath;
  if (shown === '.') return { ok: false, error: 'The path is the workspace root, a directory; give a file path.' };
  const root = resolved.root;
  const name = path.basename(resolved.realPath);
  const dirShown = path.posix.dirname(shown);
  const dirResult = await openDirectoryInWorkspace(path.dirname(resolved.realPath), {
    root,
    shown: dirShown === '' ? '.' : dirShown,
    create: createParents,
  });
  if (!dirResult.ok) {
    if (dirResult.code === 'ENOENT') return { ok: false, error: `The directory ${dirShown} does not exist.`, missing: true, shown };
    return { ok: false, error: dirResult.error };
  }
  const dir = dirResult.opened;
  let existing: WorkspaceHandle | undefined;
  if (resolved.exists) {
    const fileResult = await openInWorkspace(dir.entry(name), { root, shown });
    if (fileResult.ok) existing = fileResult.opened;
    else if (fileResult.code !== 'ENOENT') {
      await dir.close();
      return { ok: false, error: fileResult.error };
    }
  }
  const realPath = path.join(dir.realPath, name);
  return {
    ok: true,
    shown,
    name,
    realPath,
    dir,
    ...(existing ? { existing } : {}),
    close: async () => {
      await existing?.close();
      await dir.close();
    },
  };
}
