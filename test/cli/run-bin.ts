// Spawns the real executable (bin/inkling.js → dist/) the way a person or a script would, with
// a piped stdin that is never written or closed: -p must not wait for it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(REPO, 'bin', 'inkling.js');
const BUILT_MAIN = join(REPO, 'dist', 'src', 'cli', 'main.js');

export interface BinResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const isStale = () => {
  const built = statOrZero(BUILT_MAIN);
  return built === 0 || newestSource(join(REPO, 'src')) > built;
};

/**
 * `npm test` builds first; when running these files alone, rebuild if a source is newer than dist.
 * Test files run in parallel workers, and a bin spawned while another worker's tsc rewrites dist
 * would load half-written modules, so one build at a time under a lock directory.
 */
export function ensureBuilt(): void {
  if (!isStale()) return;
  const lock = join(REPO, 'dist', '.test-build-lock');
  mkdirSync(join(REPO, 'dist'), { recursive: true });
  for (let waited = 0; ; waited += 100) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another worker is building; a lock older than two minutes was left by a killed run.
      if (waited > 120_000) rmSync(lock, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
  try {
    if (isStale()) {
      try {
        execFileSync(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], {
          cwd: REPO,
          stdio: 'pipe',
        });
      } catch {
        // Type errors in files still being written elsewhere do not stop tsc from emitting JS.
      }
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  if (statOrZero(BUILT_MAIN) === 0) throw new Error('the build did not produce dist/src/cli/main.js');
}

/**
 * ensureBuilt, and the CommonJS bundle (dist/bundle/cli.cjs) made again when it is older than the
 * compiled modules: the bin takes the bundle only when it is not older (npm run build makes both).
 */
export function ensureBundled(): void {
  ensureBuilt();
  const bundle = join(REPO, 'dist', 'bundle', 'cli.cjs');
  if (statOrZero(bundle) < statOrZero(BUILT_MAIN)) execFileSync(process.execPath, [join(REPO, 'dist', 'scripts', 'bundle-ui.js')]);
}

/** An environment with no inherited keys or endpoints, so a person's own settings never leak in. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' };
  for (const name of Object.keys(env)) {
    // INKLING_HOME stays: test/setup.ts points it at a temp folder, never the person's ~/.inkling.
    if (/^(?:ANTHROPIC|OPENAI|INKLING|DEEPSEEK|DASHSCOPE|OPENROUTER)_/.test(name) && name !== 'INKLING_HOME') delete env[name];
  }
  return { ...env, ...extra };
}

export function startBin(args: string[], opts: { cwd: string; env?: Record<string, string> }): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd, env: cleanEnv(opts.env), stdio: ['pipe', 'pipe', 'pipe'] });
}

export function finished(child: ChildProcess): Promise<BinResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

export function runBin(args: string[], opts: { cwd: string; env?: Record<string, string> }): Promise<BinResult> {
  return finished(startBin(args, opts));
}

function statOrZero(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statOrZero(path));
  }
  return newest;
}
