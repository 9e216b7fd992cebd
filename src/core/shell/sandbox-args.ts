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
  /** An empty read-only file bound over every `.env*` file of the workspace. */
  emptyFile: string;
  network: boolean;
}

/**
 * Inside the workspace, paths whose change would run code outside the sandbox later (hooks, git's
 * config with its fsmonitor/hooksPath, inkling's own settings) stay read-only.
 */
export const PROTECTED_WORKSPACE_PATHS = ['.git/hooks', '.git/config', '.inkling'] as const;

/** Folders never searched for `.env*` files: dependencies, build output, the repository itself. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'target', 'vendor', '.venv', 'venv', '__pycache__']);
/** The search for `.env*` files is bounded: this deep, this many folders (a few ms per command). */
const ENV_SEARCH_DEPTH = 4;
const ENV_SEARCH_DIRS = 400;

/** The `.env*` files of the workspace (root and a few levels down): each is masked by an empty file. */
export function envFilesIn(workspace: string): string[] {
  const found: string[] = [];
  const queue: { dir: string; depth: number }[] = [{ dir: workspace, depth: 0 }];
  for (let seen = 0; queue.length > 0 && seen < ENV_SEARCH_DIRS; seen++) {
    const { dir, depth } = queue.shift()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (e.name.startsWith('.env') && !e.isDirectory()) found.push(path.join(dir, e.name));
      else if (e.isDirectory() && depth < ENV_SEARCH_DEPTH && !SKIPPED_DIRS.has(e.name)) queue.push({ dir: path.join(dir, e.name), depth: depth + 1 });
    }
  }
  return found;
}

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
  for (const file of envFilesIn(workspace)) {
    if (isFile(file)) args.push('--ro-bind', layout.emptyFile, file);
  }
  for (const dir of layout.readOnly) args.push('--ro-bind-try', dir, dir);
  args.push('--setenv', 'TMPDIR', '/tmp');
  args.push('--unshare-pid', '--die-with-parent');
  if (!layout.network) args.push('--unshare-net');
  args.push('--chdir', workspace, '--');
  return args;
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
