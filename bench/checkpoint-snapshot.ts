// Figures for the change ledger on a workspace of 10,000 files (100 folders × 100 files of 40
// lines): the first snapshot (every file hashed once), a snapshot when nothing changed, one when
// one file changed, and a whole recorded call (snapshot before, the edit, snapshot after, the
// entry with its line counts). Target (issue 18): a snapshot ≤ 50 ms when little changed.
// Each snapshot figure twice: walking the whole workspace (undo, rewind, and any
// snapshot when file events are not available) and from file events (the snapshots around a call
// and at a turn start: plain files no ignore rule names go straight into the index, no listing).
// Run: node --import tsx bench/checkpoint-snapshot.ts   (BENCH_FILES=20000 BENCH_RUNS=50 to vary)
import { promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ChangeLedger } from '../src/core/checkpoints/change-ledger.js';
import { gitEnvironment } from '../src/core/checkpoints/git.js';
import { openShadowRepo, sessionIndexFile } from '../src/core/checkpoints/shadow-repo.js';
import { SnapshotTaker } from '../src/core/checkpoints/snapshot.js';
import { WorkspaceWatcher } from '../src/core/checkpoints/workspace-watch.js';
import { machineBusyPercent } from './frames/proc-stats.js';

const FILES = Number(process.env.BENCH_FILES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PER_DIR = 100;

/** CPU time (ms) of this process's finished children, i.e. git: a figure a busy machine barely moves. */
function childCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100; // cutime + cstime, in 1/100 s
}

interface Sample {
  wall: number;
  gitCpu: number;
}

function stats(label: string, samples: Sample[]): void {
  const walls = samples.map((s) => s.wall).sort((a, b) => a - b);
  const at = (q: number) => walls[Math.min(walls.length - 1, Math.floor(q * walls.length))]!;
  const cpu = samples.reduce((sum, s) => sum + s.gitCpu, 0) / samples.length;
  console.log(
    `${label.padEnd(50)} wall median ${at(0.5).toFixed(1).padStart(7)} ms  p90 ${at(0.9).toFixed(1).padStart(7)} ms  min ${walls[0]!.toFixed(1).padStart(7)} ms  | git CPU ${cpu.toFixed(1).padStart(6)} ms  (${samples.length} runs)`,
  );
}

async function time(fn: () => Promise<unknown>): Promise<Sample> {
  const cpu = childCpuMs();
  const start = performance.now();
  await fn();
  return { wall: performance.now() - start, gitCpu: childCpuMs() - cpu };
}

const base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'inkling-bench-ledger-')));
try {
  const root = path.join(base, 'ws');
  const home = path.join(base, 'home');
  const body = Array.from({ length: 40 }, (_, i) => `export const line${i} = ${i};`).join('\n');
  for (let d = 0; d < FILES / PER_DIR; d++) {
    await fs.mkdir(path.join(root, `pkg${d}`, 'src'), { recursive: true });
    await Promise.all(
      Array.from({ length: PER_DIR }, (_, f) => fs.writeFile(path.join(root, `pkg${d}`, f % 2 ? 'src' : '', `file${f}.ts`), `${body}\n// ${d}/${f}\n`)),
    );
  }
  console.log(`workspace: ${FILES} files; machine busy ${(await machineBusyPercent()).toFixed(0)}% (load ${os.loadavg()[0]!.toFixed(1)})`);

  // The floor every git step stands on: starting one git process on this machine.
  const { runGit } = await import('../src/core/checkpoints/git.js');
  const starts: Sample[] = [];
  for (let i = 0; i < RUNS; i++) starts.push(await time(() => runGit(['--version'], { cwd: root, env: gitEnvironment(process.env) })));
  stats('one git process (git --version), the floor', starts);

  const repo = await openShadowRepo({ home, workspaceRoot: root, env: gitEnvironment(process.env) });
  const taker = new SnapshotTaker(repo, await sessionIndexFile(repo, 'bench'));
  stats('first snapshot (hashes every file)', [await time(() => taker.take())]);
  const watcher = WorkspaceWatcher.start(repo);
  const setupStart = performance.now();
  await watcher.settled();
  console.log(`file events: ${watcher.watchedDirs} folders watched in ${(performance.now() - setupStart).toFixed(0)} ms (in the background)`);
  const watched = new SnapshotTaker(repo, await sessionIndexFile(repo, 'bench-watched'), undefined, watcher.feed());
  await watched.take();

  for (const [way, t] of [['full walk', taker], ['file events', watched]] as const) {
    const idle: Sample[] = [];
    for (let i = 0; i < RUNS; i++) idle.push(await time(() => t.take()));
    stats(`snapshot, nothing changed (${way})`, idle);

    const one: Sample[] = [];
    for (let i = 0; i < RUNS; i++) {
      await fs.appendFile(path.join(root, 'pkg7', 'src', 'file13.ts'), `// edit ${i}\n`);
      one.push(await time(() => t.take()));
    }
    stats(`snapshot, one file changed (${way})`, one);

    const ten: Sample[] = [];
    for (let i = 0; i < RUNS; i++) {
      for (let f = 0; f < 10; f++) await fs.appendFile(path.join(root, `pkg${f}`, `file${f * 2}.ts`), `// edit ${i}\n`);
      ten.push(await time(() => t.take()));
    }
    stats(`snapshot, ten files changed (${way})`, ten);
    // The other taker catches up outside the timings.
    await (t === taker ? watched : taker).take();
  }
  watcher.close();

  const ledger = new ChangeLedger({ workspaceRoot: root, home, sessionId: 'bench-calls' });
  const emit = () => undefined;
  await ledger.beginTurn('bench', 1, emit);
  await ledger.workspaceWatcher?.settled();
  const calls: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    calls.push(
      await time(() =>
        ledger.recordCall({ id: `call${i}`, name: 'edit_file', input: { path: 'pkg3/src/file5.ts' } }, async () => {
          await fs.appendFile(path.join(root, 'pkg3', 'src', 'file5.ts'), `// call ${i}\n`);
          return { content: 'ok', isError: false };
        }, emit),
      ),
    );
  }
  stats('recorded call (before + edit + after + entry)', calls);
  // Turn starts: with file events (an editor's change between turns included), and walking.
  const turns: Sample[] = [];
  for (let i = 0; i < RUNS; i++) turns.push(await time(() => ledger.beginTurn(`prompt ${i}`, i + 2, emit)));
  stats('turn start, nothing changed (file events + mark)', turns);
  const edited: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    await fs.appendFile(path.join(root, 'pkg5', 'file8.ts'), `// editor ${i}\n`);
    edited.push(await time(() => ledger.beginTurn(`edited ${i}`, RUNS + i + 2, emit)));
  }
  stats('turn start, one file edited outside (file events)', edited);
  ledger.close();
  const walking = new ChangeLedger({ workspaceRoot: root, home, sessionId: 'bench-walk', watch: false });
  await walking.beginTurn('bench', 1, emit);
  const walks: Sample[] = [];
  for (let i = 0; i < RUNS; i++) walks.push(await time(() => walking.beginTurn(`prompt ${i}`, i + 2, emit)));
  stats('turn start, nothing changed (full walk + mark)', walks);
} finally {
  await fs.rm(base, { recursive: true, force: true });
}
