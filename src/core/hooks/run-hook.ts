// Runs one command hook as Claude Code does: `sh -c command` in the workspace, the event's JSON
// on stdin, CLAUDE_PROJECT_DIR (and INKLING_PROJECT_DIR) set, killed with its whole process group
// at its timeout; nothing it started outlives it.
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
}

export function runHookProcess(opts: HookProcessOptions): Promise<HookProcessResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', opts.command], {
      cwd: opts.workspaceRoot,
      env: { ...process.env, ...opts.env, CLAUDE_PROJECT_DIR: opts.workspaceRoot, INKLING_PROJECT_DIR: opts.workspaceRoot },
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
