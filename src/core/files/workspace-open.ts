// Opens workspace files and directories so that the object checked is the object used: the path is
// opened first, then the kernel is asked where the open descriptor really is, and every later step
// (reading, creating, renaming) goes through that descriptor. A process that swaps a directory for
// a symlink to outside between the sandbox's check and the I/O can no longer redirect it.
import { constants as fsConstants, existsSync, promises as fs, type Stats } from 'node:fs';
import path from 'node:path';

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK, O_DIRECTORY } = fsConstants;

/** A descriptor whose real location was checked to be inside the workspace. */
export interface WorkspaceHandle {
  handle: fs.FileHandle;
  stat: Stats;
  /** Where the kernel says the opened object is (symlink-free), inside the root. */
  realPath: string;
  /**
   * A path naming this very object: /proc/self/fd/N where the kernel offers it. Paths built on it
   * (`entry(name)`) are resolved from the opened directory, never again from the workspace root.
   */
  fdPath: string;
  /**
   * The same for a child process (/proc/<our pid>/fd/N: its own /proc/self is another process), or
   * undefined where the kernel offers no such path.
   */
  childPath?: string;
  /** For a directory: a path to its child `name`, anchored on the descriptor. */
  entry(name: string): string;
  close(): Promise<void>;
}

export type OpenResult = { ok: true; opened: WorkspaceHandle } | { ok: false; error: string; code?: string };

let procFdWorks: boolean | undefined;
/** Linux (and WSL) expose every descriptor's target under /proc/self/fd; elsewhere we fall back. */
function hasProcFd(): boolean {
  procFdWorks ??= existsSync('/proc/self/fd');
  return procFdWorks;
}

/** Only for tests: pretend /proc/self/fd is missing, to exercise the fallback. */
export function setProcFdForTests(available: boolean | undefined): void {
  procFdWorks = available;
}

export interface OpenOptions {
  /** The workspace root's real path. */
  root: string;
  /** How the path is shown in messages (relative to the root). */
  shown: string;
  /** Require a directory (O_DIRECTORY). */
  directory?: boolean;
}

/**
 * Opens `target` for reading without following a symlink in its last component (O_NOFOLLOW) and
 * without blocking on a FIFO (O_NONBLOCK), then verifies where the descriptor really points.
 * `target` is a real path from the sandbox, or an `entry()` of a verified directory.
 */
export async function openInWorkspace(target: string, opts: OpenOptions): Promise<OpenResult> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(target, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | (opts.directory ? O_DIRECTORY : 0));
  } catch (err) {
    return { ok: false, ...openError(err, opts) };
  }
  let verified: OpenResult;
  try {
    verified = await verify(handle, target, opts);
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
  if (!verified.ok) await handle.close().catch(() => undefined);
  return verified;
}

/**
 * Opens the directory `dirReal` (a real path inside the root), creating it and its missing parents
 * when `create` is set. Each directory is created through its verified parent's descriptor and
 * opened with O_NOFOLLOW, so no step can be diverted outside.
 */
export async function openDirectoryInWorkspace(dirReal: string, opts: OpenOptions & { create?: boolean }): Promise<OpenResult> {
  const first = await openInWorkspace(dirReal, { ...opts, directory: true });
  if (first.ok || first.code !== 'ENOENT' || !opts.create) return first;
  const parentReal = path.dirname(dirReal);
  if (parentReal === dirReal || !isInside(opts.root, parentReal)) return first;
  const parent = await openDirectoryInWorkspace(parentReal, { ...opts, shown: parentShown(opts.shown) });
  if (!parent.ok) return parent;
  try {
    const name = path.basename(dirReal);
    await fs.mkdir(parent.opened.entry(name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
    return await openInWorkspace(parent.opened.entry(name), { ...opts, directory: true });
  } finally {
    await parent.opened.close();
  }
}

async function verify(handle: fs.FileHandle, target: string, opts: OpenOptions): Promise<OpenResult> {
  const stat = await handle.stat();
  let realPath: string;
  let fdPath: string;
  if (hasProcFd()) {
    fdPath = `/proc/self/fd/${handle.fd}`;
    // readlink, not realpath: the kernel's own name for the object, with no second lookup by path
    // that a racer could divert again.
    realPath = await fs.readlink(fdPath);
    if (realPath.endsWith(' (deleted)') || !path.isAbsolute(realPath)) {
      return { ok: false, error: `${opts.shown} was removed or replaced while it was being opened; try again.` };
    }
  } else {
    // No /proc: resolve the path again and accept it only if it is still the very object opened.
    realPath = await fs.realpath(target);
    const again = await fs.stat(realPath);
    if (again.dev !== stat.dev || again.ino !== stat.ino) {
      return { ok: false, error: `${opts.shown} was replaced while it was being opened; try again.` };
    }
    fdPath = realPath;
  }
  if (!isInside(opts.root, realPath)) {
    return {
      ok: false,
      error:
        `${opts.shown} changed while it was being opened: it now leads outside the workspace (to ${realPath}). ` +
        'Nothing was read or written.',
      code: 'OUTSIDE',
    };
  }
  const opened: WorkspaceHandle = {
    handle,
    stat,
    realPath,
    fdPath,
    ...(fdPath.startsWith('/proc/self/') ? { childPath: `/proc/${process.pid}/fd/${handle.fd}` } : {}),
    entry: (name) => `${fdPath}/${name}`,
    close: () => handle.close().catch(() => undefined),
  };
  return { ok: true, opened };
}

function openError(err: unknown, opts: OpenOptions): { error: string; code?: string } {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return { error: `${opts.shown} does not exist.`, code };
    // O_NOFOLLOW on a symlink gives ELOOP; with O_DIRECTORY, ENOTDIR. Either way the sandbox saw no
    // link there a moment ago, so something changed it.
    case 'ELOOP':
      return { error: `${opts.shown} became a symlink while it was being opened; nothing was read or written.`, code };
    case 'ENOTDIR':
      return {
        error: opts.directory
          ? `${opts.shown} is not a directory (or became a symlink while it was being opened).`
          : `A part of the path ${opts.shown} is not a directory.`,
        code,
      };
    default:
      return { error: `${opts.shown} cannot be opened: ${err instanceof Error ? err.message : String(err)}`, ...(code ? { code } : {}) };
  }
}

export function isInside(root: string, p: string): boolean {
  return p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

function parentShown(shown: string): string {
  const parent = path.posix.dirname(shown);
  return parent === '' ? '.' : parent;
}
