// The change ledger under folder churn (issue 28): a scripted `inkling -p` turn in a git workspace
// whose bash call makes 3 or 3,000 new folders (with a file in each), then reads a file, then
// answers. Prints the wall time of each (medians, alternating runs; the second should be at most
// 2× the first), the most ledger git processes alive at once (a git wrapper first on PATH records
// every start and end under a lock), the ledger's git processes left as zombies once inkling has
// exited, and any still running. For reference, the same 3,000-folder turn with the ledger off (git
// not runnable): on a loaded machine the command itself is most of the difference.
// `--dir`: where the workspaces go (default the system temp folder). On a machine whose disk is
// busy with other work, a folder in RAM (/dev/shm) takes the disk out of the command's own time.
//   npm run build && node --import tsx bench/ledger-churn.ts [--runs 3] [--dir /dev/shm]
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gitRecorder } from '../test/core/checkpoints/git-recorder.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const BIN = fileURLToPath(new URL('../bin/inkling.js', import.meta.url));
const RUNS = Number(arg('--runs') ?? 3);
const base = fs.realpathSync(fs.mkdtempSync(path.join(arg('--dir') ?? os.tmpdir(), 'inkling-bench-churn-')));

/** Which of these processes are zombies now (a git the ledger started that nothing reaped). */
function zombies(pids: readonly number[]): number {
  let n = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) n++;
    } catch {
      // gone: reaped
    }
  }
  return n;
}

interface RunResult {
  wallMs: number;
  maxCheckIgnore: number;
  maxOther: number;
  /** The ledger's git processes (wrappers and the real git) still zombies 2 s after inkling exited. */
  zombiesAtEnd: number;
  gitAfterExit: number;
}

/** `ledger: false`: git cannot run for inkling (the ledger is off): what the command itself costs. */
async function once(folders: number, n: number, ledger = true): Promise<RunResult> {
  const dir = path.join(base, `${folders}-${n}-${ledger}`);
  const ws = path.join(dir, 'ws');
  fs.mkdirSync(ws, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ws, env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' } });
  fs.mkdirSync(path.join(ws, 'src'));
  for (let i = 0; i < 20; i++) fs.writeFileSync(path.join(ws, 'src', `f${i}.ts`), `export const v${i} = ${i};\n`);
  fs.writeFileSync(path.join(ws, 'README.md'), '# bench\n');
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'first');
  const script = path.join(dir, 'script.json');
  fs.writeFileSync(script, JSON.stringify([
    { content: [{ type: 'tool_use', name: 'bash', input: { command: `mkdir -p pkg/{1..${folders}}/lib && touch pkg/{1..${folders}}/lib/x` } }] },
    { content: [{ type: 'tool_use', name: 'read_file', input: { path: 'README.md' } }] },
    { content: [{ type: 'text', text: 'done' }] },
  ]));
  const record = await gitRecorder(dir);
  const noGit = path.join(dir, 'no-git');
  fs.mkdirSync(noGit);
  fs.writeFileSync(path.join(noGit, 'git'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
  const env = { ...record.env, INKLING_HOME: path.join(dir, 'home'), FORCE_COLOR: '0', ...(ledger ? {} : { PATH: `${noGit}:${process.env.PATH}` }) };
  const start = performance.now();
  const child = spawn(process.execPath, [BIN, '-p', 'make the folders', '--script', script, '--yolo'], { cwd: ws, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdout.resume();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const wallMs = performance.now() - start;
  if (code !== 0) throw new Error(`inkling -p exited ${code}: ${stderr}`);
  if (fs.existsSync(path.join(ws, 'pkg', String(folders), 'lib', 'x')) === false) throw new Error('the bash call did not make the folders');
  // A ledger git still running after the exit (the check-ignore ends when its stdin closes).
  let seen = await record.read();
  for (let i = 0; i < 40 && (seen.unended.length > 0 || zombies(seen.pids) > 0); i++) {
    await new Promise((r) => setTimeout(r, 50));
    seen = await record.read();
  }
  return { wallMs, maxCheckIgnore: seen.maxCheckIgnore, maxOther: seen.maxOther, zombiesAtEnd: zombies(seen.pids), gitAfterExit: seen.unended.length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  console.log(`machine: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}; ${RUNS} runs each, alternating; workspaces in ${path.dirname(base)}`);
  const results: Record<string, RunResult[]> = { 3: [], 3000: [], off: [] };
  for (let n = 0; n < RUNS; n++) {
    results[3]!.push(await once(3, n));
    results[3000]!.push(await once(3000, n));
    results.off!.push(await once(3000, n, false));
  }
  for (const key of ['3', '3000']) {
    const rs = results[key]!;
    console.log(
      `${key.padStart(5)} new folders: wall median ${(median(rs.map((r) => r.wallMs)) / 1000).toFixed(2)} s ` +
        `(runs ${rs.map((r) => (r.wallMs / 1000).toFixed(2)).join(', ')}) | most ledger git alive at once: ` +
        `check-ignore ${Math.max(...rs.map((r) => r.maxCheckIgnore))}, other ${Math.max(...rs.map((r) => r.maxOther))} | ` +
        `zombies at the end ${Math.max(...rs.map((r) => r.zombiesAtEnd))} | ledger git left after exit ${Math.max(...rs.map((r) => r.gitAfterExit))}`,
    );
  }
  const off = results.off!.map((r) => r.wallMs);
  console.log(`3000 new folders, ledger off (git not runnable): wall median ${(median(off) / 1000).toFixed(2)} s (runs ${off.map((w) => (w / 1000).toFixed(2)).join(', ')}): the command's own cost`);
  const ratio = median(results[3000]!.map((r) => r.wallMs)) / median(results[3]!.map((r) => r.wallMs));
  console.log(`3,000 folders / 3 folders: ${ratio.toFixed(2)}× (target ≤ 2×); load at the end ${os.loadavg()[0]!.toFixed(1)}`);
} finally {
  fs.rmSync(base, { recursive: true, force: true });
}
