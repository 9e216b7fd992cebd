// Whether one bash call runs in the sandbox, and the bubblewrap wrapper when it does. The
// permission layer reads sandboxDecision too: a sandboxed command can only change the workspace.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { envFilesIn } from './env-files.js';
import { sandboxArgs } from './sandbox-args.js';
import type { SandboxProbe } from './sandbox-probe.js';
import { scratchPath } from '../cleanup/scratch-root.js';

/** The session's sandbox: the settings, and what the start-up probe found. */
export interface CommandSandbox {
  mode: 'off' | 'workspace';
  network: boolean;
  probe: SandboxProbe;
  /**
   * Whether a call with `sandbox: false` may run unsandboxed at all. The permission layer asks
   * the person for those; without it only --yolo lets them through.
   */
  allowUnsandboxed: boolean;
}

export type SandboxDecision =
  | { sandboxed: true }
  | { sandboxed: false; why: 'off' | 'unavailable' | 'requested'; reason?: string };

/** What a bash call says about the sandbox: `sandbox: false` with a reason asks to run outside it. */
export interface SandboxRequest {
  sandbox?: boolean;
  reason?: string;
}

export function sandboxDecision(input: SandboxRequest, sandbox: CommandSandbox | undefined): SandboxDecision {
  if (!sandbox || sandbox.mode === 'off') return { sandboxed: false, why: 'off' };
  if (!sandbox.probe.ok) return { sandboxed: false, why: 'unavailable', reason: sandbox.probe.reason };
  if (input.sandbox === false) {
    const reason = typeof input.reason === 'string' && input.reason.trim() !== '' ? input.reason.trim() : undefined;
    return reason ? { sandboxed: false, why: 'requested', reason } : { sandboxed: false, why: 'requested' };
  }
  return { sandboxed: true };
}

/** For the header and -p's notice: "sandboxed", or why not. */
export function sandboxLabel(sandbox: CommandSandbox | undefined): string {
  if (!sandbox || sandbox.mode === 'off') return 'not sandboxed (off)';
  if (!sandbox.probe.ok) return 'not sandboxed (unavailable)';
  return sandbox.network ? 'sandboxed (network on)' : 'sandboxed';
}

/** Per session (by its directory): $TMPDIR/inkling-<uid>/inkling-<pid>-sandbox-<hex>, removed at exit, swept after a crash. */
const scratchRoots = new Map<string, string>();

function scratchRootFor(sessionDir: string): string {
  let root = scratchRoots.get(sessionDir);
  if (!root) {
    root = scratchPath(`sandbox-${randomBytes(4).toString('hex')}`);
    fs.mkdirSync(root, { mode: 0o700 });
    if (scratchRoots.size === 0) {
      process.once('exit', () => {
        for (const dir of scratchRoots.values()) fs.rmSync(dir, { recursive: true, force: true });
      });
    }
    scratchRoots.set(sessionDir, root);
  }
  return root;
}

/**
 * The bwrap program and arguments for a command of this session. A scratch folder of the session
 * holds the command's private /tmp (kept across calls) and the empty file that masks `.env*`.
 */
export async function sandboxWrapper(
  sandbox: CommandSandbox & { probe: { ok: true; bwrap: string } },
  opts: { workspace: string; sessionDir: string; logDir: string; home?: string; binds?: readonly string[] },
): Promise<{ file: string; args: string[]; envSearchComplete: boolean }> {
  const root = scratchRootFor(opts.sessionDir);
  const scratchTmp = path.join(root, 'tmp');
  const emptyFile = path.join(root, 'empty');
  fs.mkdirSync(scratchTmp, { recursive: true, mode: 0o700 });
  fs.mkdirSync(opts.logDir, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(emptyFile)) fs.writeFileSync(emptyFile, '', { mode: 0o400 });
  const workspace = fs.realpathSync(opts.workspace);
  const envSearch = await envFilesIn(workspace);
  const home = realOrNull(opts.home ?? os.homedir());
  const args = sandboxArgs({
    workspace,
    scratchTmp,
    readOnly: [opts.logDir],
    emptyFile,
    envFiles: envSearch.files,
    ...(home ? { home } : {}),
    network: sandbox.network,
    ...(opts.binds ? { binds: opts.binds } : {}),
  });
  return { file: sandbox.probe.bwrap, args, envSearchComplete: envSearch.complete };
}

function realOrNull(p: string): string | null {
  try {
    return fs.realpathSync(p);
  } catch {
    return null;
  }
}
