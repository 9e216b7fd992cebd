// The shadow repository of a workspace: $INKLING_HOME/checkpoints/<workspace-key>.git, a bare
// repository whose work tree is the workspace. The person's own .git is never read or written.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { workspaceKey } from '../home-paths.js';
import { excludeFileText } from './default-ignore.js';
import { Git, GitMissingError, probeGit, runGit } from './git.js';

const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;
/** Per-session index files kept for seeding new sessions; older ones are removed. */
const KEPT_INDEXES = 8;

// gc.auto=0: every recorded tree must survive, or old undos break. The rest keeps file contents
// byte for byte (no line-ending or filter conversion). Appended to the config `git init` wrote:
// one file write instead of a git process per key.
const REPO_CONFIG = [
  '[gc]',
  '\tauto = 0',
  '[maintenance]',
  '\tauto = false',
  '[core]',
  '\tautocrlf = false',
  '\tsafecrlf = false',
  '\tsymlinks = true',
  '\tlogAllRefUpdates = false',
  '',
].join('\n');

export interface ShadowRepo {
  git: Git;
  gitDir: string;
  workspaceRoot: string;
}

export function checkpointsDir(home: string): string {
  return path.join(home, 'checkpoints');
}

export function shadowRepoPath(home: string, workspaceRoot: string): string {
  return path.join(checkpointsDir(home), `${workspaceKey(workspaceRoot)}.git`);
}

export type GitProbe = ReturnType<typeof probeGit>;

/**
 * Opens the workspace's shadow repository, creating it on first use. `probe`: asks whether git
 * runs (default: probeGit), so a caller can share one answer (ChangeLedger.warmUp asks early).
 */
export async function openShadowRepo(opts: { home: string; workspaceRoot: string; env: NodeJS.ProcessEnv; probe?: () => GitProbe }): Promise<ShadowRepo> {
  const gitDir = shadowRepoPath(opts.home, opts.workspaceRoot);
  if (!(await exists(path.join(gitDir, 'HEAD')))) {
    // Nothing is written to inkling's home on a machine without git.
    const probe = await (opts.probe ? opts.probe() : probeGit(opts.env));
    if (!probe.ok) throw new GitMissingError(probe.reason);
    await fs.mkdir(checkpointsDir(opts.home), { recursive: true, mode: PRIVATE_DIR_MODE });
    await createRepo(gitDir, opts.env);
  }
  await ensureExcludeFile(gitDir);
  return { git: new Git({ gitDir, workTree: opts.workspaceRoot }, opts.env), gitDir, workspaceRoot: opts.workspaceRoot };
}

/** Whether a shadow repository exists for the workspace (without creating one). */
export async function shadowRepoExists(home: string, workspaceRoot: string): Promise<boolean> {
  return exists(path.join(shadowRepoPath(home, workspaceRoot), 'HEAD'));
}

// Built in a temp dir and renamed into place, so two inkling processes starting in the same
// workspace at once never see a half-configured repository.
async function createRepo(gitDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const tmp = `${gitDir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await runGit(['init', '--bare', '--quiet', tmp], { cwd: path.dirname(gitDir), env });
    await fs.appendFile(path.join(tmp, 'config'), REPO_CONFIG);
    await fs.chmod(tmp, PRIVATE_DIR_MODE);
    await fs.rename(tmp, gitDir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // Another process created it first: theirs is as good as ours.
    if ((code === 'EEXIST' || code === 'ENOTEMPTY') && (await exists(path.join(gitDir, 'HEAD')))) return;
    throw err;
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

// Rewritten when inkling's defaults change, so an old shadow repository follows the new list.
async function ensureExcludeFile(gitDir: string): Promise<void> {
  const file = path.join(gitDir, 'info', 'exclude');
  const want = excludeFileText();
  const have = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (have === want) return;
  await fs.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const tmp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  await fs.writeFile(tmp, want, { mode: PRIVATE_FILE_MODE });
  await fs.rename(tmp, file);
}

function indexDir(gitDir: string): string {
  return path.join(gitDir, 'inkling-indexes');
}

/**
 * The session's own index file. A new session starts from a copy of the most recent one, whose
 * cached file stats let git skip re-reading every unchanged file (the index is only a cache: the
 * snapshot is correct whatever it starts from).
 */
export async function sessionIndexFile(repo: ShadowRepo, sessionId: string): Promise<string> {
  const dir = indexDir(repo.gitDir);
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const own = path.join(dir, `${sessionId}.index`);
  if (await exists(own)) return own;
  const others = await indexFilesNewestFirst(dir);
  if (others.length > 0) {
    const tmp = `${own}.${process.pid}.tmp`;
    try {
      await fs.copyFile(others[0]!, tmp);
      await fs.rename(tmp, own);
    } catch {
      await fs.rm(tmp, { force: true });
    }
  }
  for (const old of others.slice(KEPT_INDEXES)) await fs.rm(old, { force: true });
  return own;
}

/** A scratch index for one operation (restoring files), removed by the caller. */
export function scratchIndexFile(repo: ShadowRepo): string {
  return path.join(indexDir(repo.gitDir), `scratch-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

async function indexFilesNewestFirst(dir: string): Promise<string[]> {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.index'));
  const stats = await Promise.all(
    names.map(async (n) => {
      const file = path.join(dir, n);
      const mtime = await fs.stat(file).then((s) => s.mtimeMs, () => 0);
      return { file, mtime };
    }),
  );
  return stats.sort((a, b) => b.mtime - a.mtime).map((s) => s.file);
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(() => true, () => false);
}
