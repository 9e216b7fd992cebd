// Runs one command hook as Claude Code does: `sh -c command` in the workspace, the event's JSON
// on stdin, CLAUDE_PROJECT_DIR (and INKLING_PROJECT_DIR) set, killed with its whole process group
// at its timeout; nothing it started outlives it. A workspace's hook may run under a wrapper
// (the bubblewrap sandbox) and without the provider's key in its environment.
import { spawn } from 'node:child_process';

const OUTPUT_CAP = 64 * 1024;

export interface HookProcessResult {
  /** null when it was killed (timeout, abort) or could not start. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  durationMs: number;
}

export interface HookProcessOptions {
  command: string;
  input: unknown;
  workspaceRoot: string;
  timeoutMs: number;
  signal?: AbortSignal;
  env?: Record<string, string>;
  /** A program the shell runs under (bubblewrap for a workspace's hooks): `file args… /bin/sh -c command`. */
  wrapper?: { file: string; args: string[] };
  /** Variables left out of the hook's environment (the provider's key, for a workspace's hooks). */
  unsetEnv?: readonly string[];
}

export function runHookProcess(opts: HookProcessOptions): Promise<HookProcessResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env, CLAUDE_PROJECT_DIR: opts.workspaceRoot, INKLING_PROJECT_DIR: opts.workspaceRoot };
    for (const name of opts.unsetEnv ?? []) delete env[name];
    const shell = ['/bin/sh', '-c', opts.command];
    const [file, args] = opts.wrapper ? [opts.wrapper.file, [...opts.wrapper.args, ...shell]] : [shell[0]!, shell.slice(1)];
    const child = spawn(file, args, {
      cwd: opts.workspaceRoot,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group, so a timeout ends everything the hook started.
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, opts.timeoutMs);
    const onAbort = () => killGroup();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < OUTPUT_CAP) stdout += d.toString('utf8');
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < OUTPUT_CAP) stderr += d.toString('utf8');
    });
    child.stdin.on('error', () => undefined); // a hook that never reads its stdin
    child.stdin.end(JSON.stringify(opts.input));
    let done = false;
    const finish = (exitCode: number | null, extra = '') => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      killGroup(); // what the hook left running in the background ends with it
      resolve({ exitCode, stdout: stdout.slice(0, OUTPUT_CAP), stderr: (stderr + extra).slice(0, OUTPUT_CAP), timedOut, durationMs: performance.now() - started });
    };
    child.on('error', (err) => finish(null, `could not start: ${err.message}`));
    child.on('close', (code) => finish(timedOut ? null : code));
  });
}
