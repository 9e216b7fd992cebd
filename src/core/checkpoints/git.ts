// Runs git for the change ledger, always against the shadow repository, with an environment of
// its own: no inherited GIT_* variables (inkling may run inside a hook), no system or global
// config, literal pathspecs, and no optional locks. One command at a time: a burst of work (a
// folder storm, an undo while a snapshot runs) waits its turn instead of forking git in parallel;
// the long-lived check-ignore (ignore-checker.ts) is the only other ledger git process.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export class GitError extends Error {
  override readonly name = 'GitError';
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(message);
  }
}

export interface GitRunOptions {
  /** Written to git's stdin, then stdin is closed. */
  input?: string | Buffer;
  /** GIT_INDEX_FILE for this command. */
  indexFile?: string;
  /** Exit codes that are not failures (diff-style commands). */
  okCodes?: number[];
  /** Kill git after this long; the command then fails with a GitTimeoutError. */
  timeoutMs?: number;
}

export class GitTimeoutError extends Error {
  override readonly name = 'GitTimeoutError';
}

export interface GitLocation {
  /** The shadow repository (a bare git dir). */
  gitDir: string;
  /** The person's workspace: git's work tree. */
  workTree: string;
}

const LEDGER_IDENTITY = { name: 'inkling', email: 'inkling@localhost' };

/**
 * glibc's malloc gives memory back after every object git compresses and asks for it again for
 * the next; where that round trip is slow (measured on a VM: 4 brk calls per file, 12 s to hash
 * 2,000 files, 4.6 s without) it dominates. Keeping the heap makes no difference elsewhere.
 */
const MALLOC_TUNABLES = 'glibc.malloc.trim_threshold=268435456:glibc.malloc.top_pad=67108864:glibc.malloc.mmap_threshold=268435456';

/** The environment every ledger git command runs with, built once from the process's. */
export function gitEnvironment(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(base)) {
    if (!key.startsWith('GIT_')) env[key] = value;
  }
  return {
    ...env,
    GLIBC_TUNABLES: env.GLIBC_TUNABLES ? `${env.GLIBC_TUNABLES}:${MALLOC_TUNABLES}` : MALLOC_TUNABLES,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_LITERAL_PATHSPECS: '1',
    GIT_TERMINAL_PROMPT: '0',
    GIT_AUTHOR_NAME: LEDGER_IDENTITY.name,
    GIT_AUTHOR_EMAIL: LEDGER_IDENTITY.email,
    GIT_COMMITTER_NAME: LEDGER_IDENTITY.name,
    GIT_COMMITTER_EMAIL: LEDGER_IDENTITY.email,
    LC_ALL: 'C',
  };
}

export class Git {
  constructor(
    readonly location: GitLocation,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Runs `git --git-dir=<shadow> --work-tree=<workspace> ...args` and returns stdout. */
  async run(args: readonly string[], opts: GitRunOptions = {}): Promise<Buffer> {
    const { gitDir, workTree } = this.location;
    return runGit(['--git-dir', gitDir, '--work-tree', workTree, ...args], {
      ...opts,
      cwd: workTree,
      env: opts.indexFile ? { ...this.env, GIT_INDEX_FILE: opts.indexFile } : this.env,
      label: args.find((a) => !a.startsWith('-') && !a.includes('=')) ?? '',
    });
  }

  /** Starts a long-lived `git --git-dir=<shadow> --work-tree=<workspace> ...args` (stdio piped). */
  start(args: readonly string[]): ChildProcessWithoutNullStreams {
    const { gitDir, workTree } = this.location;
    return spawn('git', ['--git-dir', gitDir, '--work-tree', workTree, ...args], { cwd: workTree, env: this.env, stdio: ['pipe', 'pipe', 'pipe'] });
  }

  async text(args: readonly string[], opts: GitRunOptions = {}): Promise<string> {
    return (await this.run(args, opts)).toString('utf8');
  }
}

/** The ledger's git commands, one after another (each waits for the previous one's exit). */
let gitTurn: Promise<unknown> = Promise.resolve();

export function runGit(
  args: readonly string[],
  opts: GitRunOptions & { cwd: string; env: NodeJS.ProcessEnv; label?: string },
): Promise<Buffer> {
  const run = gitTurn.then(() => spawnGit(args, opts));
  gitTurn = run.catch(() => undefined);
  return run;
}

function spawnGit(args: readonly string[], opts: GitRunOptions & { cwd: string; env: NodeJS.ProcessEnv; label?: string }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = opts.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, opts.timeoutMs)
      : undefined;
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    // git may exit before reading all of stdin (an early error): that is reported by the exit code.
    child.stdin.on('error', () => undefined);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return reject(new GitTimeoutError(`git ${opts.label ?? args[0]} took longer than ${opts.timeoutMs} ms`));
      const stderr = Buffer.concat(err).toString('utf8').trim();
      if (code === 0 || (code !== null && opts.okCodes?.includes(code))) resolve(Buffer.concat(out));
      else reject(new GitError(`git ${opts.label ?? args[0]} failed: ${stderr || `exit ${code}`}`, code, stderr));
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** git cannot be started (not installed, not on PATH). */
export class GitMissingError extends Error {
  override readonly name = 'GitMissingError';
}

/** Whether git can be started with this environment's PATH; the version text when it can. */
export async function probeGit(env: NodeJS.ProcessEnv): Promise<{ ok: true; version: string } | { ok: false; reason: string }> {
  try {
    const out = await runGit(['--version'], { cwd: process.cwd(), env });
    return { ok: true, version: out.toString('utf8').trim() };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === 'ENOENT' ? 'git was not found on PATH' : `git does not run (${(err as Error).message})` };
  }
}

/** NUL-separated output, without the empty string after the last separator. */
export function splitNul(buf: Buffer): string[] {
  const parts = buf.toString('utf8').split('\0');
  if (parts.at(-1) === '') parts.pop();
  return parts;
}
