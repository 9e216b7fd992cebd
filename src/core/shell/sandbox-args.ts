// The bubblewrap command line for one sandboxed command: the machine read-only, the workspace
// writable (minus what would run later unsandboxed or hold keys), a private /tmp, no network.
import fs from 'node:fs';
import path from 'node:path';

export interface SandboxLayout {
  /** Real path (symlinks resolved) of the workspace: bound read-write at the same path. */
  workspace: string;
  /** Host directory that becomes the command's /tmp (kept for the session, so files carry over). */
  scratchTmp: string;
  /** Directories the command may read but never change (the session's logs). */
  readOnly: readonly string[];
  /** An empty read-only file bound over each of `envFiles` (the workspace's `.env*` files). */
  emptyFile: string;
  envFiles: readonly string[];
  /**
   * The person's home folder. When the workspace holds it (the workspace is $HOME, or above it),
   * only its visible entries are writable: its top level and hidden entries (.bashrc, .profile,
   * .ssh, .config, …, and ones not yet there) stay read-only, as they are for any other workspace.
   */
  home?: string;
  network: boolean;
  /** Folders bound read-write at the same path (the askpass socket's): over the private /tmp. */
  binds?: readonly string[];
}

/**
 * Inside the workspace, paths whose change would run code outside the sandbox later (hooks, git's
 * config with its fsmonitor/hooksPath, inkling's own settings) stay read-only.
 */
export const PROTECTED_WORKSPACE_PATHS = ['.git/hooks', '.git/config', '.inkling'] as const;

/**
 * `bwrap` arguments, to be followed by the program and its arguments. Never --new-session: the
 * command must keep its controlling terminal (the sentinel and its ACK go through /dev/tty, and
 * Ctrl+C must reach it); the pty is private to the command, so TIOCSTI cannot reach the person's.
 */
export function sandboxArgs(layout: SandboxLayout): string[] {
  const { workspace } = layout;
  const args = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
  // A private /tmp first: a workspace (or log directory) under /tmp is bound on top of it.
  args.push('--bind', layout.scratchTmp, '/tmp');
  args.push('--bind', workspace, workspace);
  // A repository without a hooks folder would let a command create one: git's own layout has it.
  const gitDir = path.join(workspace, '.git');
  if (isDirectory(gitDir) && !fs.existsSync(path.join(gitDir, 'hooks'))) {
    try {
      fs.mkdirSync(path.join(gitDir, 'hooks'));
    } catch {
      // Then --ro-bind-try below skips it; the .git folder itself stays writable like the workspace.
    }
  }
  for (const rel of PROTECTED_WORKSPACE_PATHS) {
    const p = path.join(workspace, rel);
    args.push('--ro-bind-try', p, p);
  }
  if (layout.home && isInside(layout.home, workspace)) args.push(...homeArgs(layout.home));
  for (const file of layout.envFiles) {
    if (isFile(file)) args.push('--ro-bind', layout.emptyFile, file);
  }
  for (const dir of layout.readOnly) args.push('--ro-bind-try', dir, dir);
  for (const dir of layout.binds ?? []) args.push('--bind', dir, dir);
  args.push('--setenv', 'TMPDIR', '/tmp');
  args.push('--unshare-pid', '--die-with-parent');
  if (!layout.network) args.push('--unshare-net');
  args.push('--chdir', workspace, '--');
  return args;
}

/**
 * A home inside the workspace: bound read-only, then each visible entry (not a symlink) writable
 * again. Shell start-up files, ssh and git config, and any hidden file a command would create
 * there (a new ~/.bash_profile) stay out of reach, and the projects under it stay writable.
 */
function homeArgs(home: string): string[] {
  const args = ['--ro-bind', home, home];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(home, { withFileTypes: true });
  } catch {
    return args;
  }
  for (const e of entries) {
    if (e.name.startsWith('.') || e.isSymbolicLink()) continue;
    const p = path.join(home, e.name);
    args.push('--bind', p, p);
  }
  return args;
}

function isInside(p: string, root: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function isDirectory(p: string): boolean {
  try {
    return fs.lstatSync(p).isDirectory();
  } catch {
    return false;
  }
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}
