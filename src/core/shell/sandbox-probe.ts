// Can commands run in bubblewrap here? Asked once per session (a few ms: one `bwrap … true`), with
// the reason and the fix when they cannot, so nothing ever claims a sandbox it does not have.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export type SandboxProbe =
  | { ok: true; bwrap: string }
  | { ok: false; reason: string; fix: string };

/** The namespaces every sandboxed command needs; the probe asks for exactly these. */
const PROBE_ARGS = ['--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc', '--unshare-pid', '--unshare-net', '--die-with-parent', 'true'];
const PROBE_TIMEOUT_MS = 5000;

const INSTALL_FIX = 'install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap)';
const USERNS_FIX =
  'allow unprivileged user namespaces: on Ubuntu 23.10 and later AppArmor restricts them ' +
  '(sysctl kernel.apparmor_restrict_unprivileged_userns=0, or an AppArmor profile that allows bwrap "userns"); ' +
  'in a container, run it with user namespaces and /proc mounts allowed';

/** The first executable `name` on PATH. */
export function findOnPath(name: string, pathVar: string | undefined): string | null {
  for (const dir of (pathVar ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}

export async function probeSandbox(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Promise<SandboxProbe> {
  if (platform !== 'linux') {
    // macOS would use sandbox-exec here; no such machine runs this yet.
    return { ok: false, reason: `the sandbox is not available on this platform (${platform})`, fix: 'run with --no-sandbox, or on Linux with bubblewrap' };
  }
  const bwrap = findOnPath('bwrap', env.PATH);
  if (!bwrap) return { ok: false, reason: 'bubblewrap (bwrap) is not on PATH', fix: INSTALL_FIX };
  const failure = await new Promise<string | null>((resolve) => {
    execFile(bwrap, PROBE_ARGS, { timeout: PROBE_TIMEOUT_MS, env: { PATH: env.PATH ?? '' } }, (err, _stdout, stderr) => {
      if (!err) return resolve(null);
      const said = String(stderr).trim().split('\n').at(-1) ?? '';
      resolve(said || err.message);
    });
  });
  if (failure === null) return { ok: true, bwrap };
  return { ok: false, reason: `bubblewrap cannot create its namespaces here (${failure})`, fix: USERNS_FIX };
}

const cache = new Map<string, Promise<SandboxProbe>>();

/** probeSandbox, once per PATH for the life of the process. */
export function probeSandboxCached(env: NodeJS.ProcessEnv = process.env): Promise<SandboxProbe> {
  const key = env.PATH ?? '';
  let probe = cache.get(key);
  if (!probe) {
    probe = probeSandbox(env);
    cache.set(key, probe);
  }
  return probe;
}

/** One line for the UI's notice and -p's stderr. */
export function describeProbeFailure(probe: Extract<SandboxProbe, { ok: false }>): string {
  return `Commands run without the sandbox: ${probe.reason}. To fix: ${probe.fix} (or set sandbox.mode to "off" to turn the sandbox off knowingly).`;
}
