// How fast a flood goes through pty + emulator compared with the same command writing to
// /dev/null and to a bare pty (node-pty, bytes counted and dropped), with the plain-text fast path
// and without it (every byte emulated), what producing live snapshots costs per second of flood,
// peak RSS, and the fixed cost of one small command (spawn + handshake + cleanup).
// Run: node --import tsx bench/bash-throughput.ts [lines]
import { spawnSync } from 'node:child_process';
import { spawn } from 'node-pty';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commandEnv } from '../src/core/shell/env.js';
import { runPtyCommand } from '../src/core/shell/pty-command.js';

const lines = Number(process.argv[2] ?? 2_000_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-bash-'));
const env = commandEnv(process.env, []);
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

async function throughPty(command: string, plainFastPath = true) {
  const stats = { snapshots: 0, snapshotMs: 0 };
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const r = await runPtyCommand({
    command,
    cwd: dir,
    env,
    cols: 120,
    rows: 40,
    timeoutMs: 600_000,
    signal: new AbortController().signal,
    logPath: path.join(dir, `run-${Date.now()}.log`),
    onSnapshot: () => {},
    stats,
    plainFastPath,
  });
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, r, stats };
}

/** The floor: the same command in a bare pty, its bytes only counted (its tail may be lost). */
function barePty(command: string): Promise<{ ms: number; cpuMs: number; bytes: number }> {
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const p = spawn('bash', ['-c', command], { cols: 120, rows: 40, cwd: dir, env, encoding: null });
  let bytes = 0;
  p.onData((d: string | Buffer) => (bytes += d.length));
  return new Promise((resolve) =>
    p.onExit(() => {
      const cpu = process.cpuUsage(cpuBefore);
      resolve({ ms: performance.now() - start, cpuMs: (cpu.user + cpu.system) / 1000, bytes });
    }),
  );
}

function toDevNull(command: string): number {
  const start = performance.now();
  spawnSync('bash', ['-c', `${command} > /dev/null`], { stdio: 'ignore' });
  return performance.now() - start;
}

const command = `seq 1 ${lines}`;
console.log(`bash throughput: ${command} (cores: ${os.cpus().length}, load: ${os.loadavg()[0]!.toFixed(1)})`);
const rssBefore = process.memoryUsage().rss;
for (let round = 1; round <= 3; round++) {
  const nul = toDevNull(command);
  const bare = await barePty(command);
  console.log(`  round ${round}: /dev/null ${nul.toFixed(0)} ms; bare pty ${bare.ms.toFixed(0)} ms, our CPU ${bare.cpuMs.toFixed(0)} ms (${mb(bare.bytes)})`);
  for (const fast of [true, false]) {
    const { ms, cpuMs, r, stats } = await throughPty(command, fast);
    const perSecond = stats.snapshotMs / (ms / 1000);
    console.log(
      `    ${fast ? 'fast path ' : 'emulate all'}: pty+emulator ${ms.toFixed(0)} ms (${mb(r.totalBytes)}, ${(r.totalBytes / 1024 / 1024 / (ms / 1000)).toFixed(1)} MB/s), ` +
        `${(ms / bare.ms).toFixed(1)}x the bare pty; our process used ${cpuMs.toFixed(0)} ms CPU ` +
        `(${(r.totalBytes / 1024 / 1024 / (cpuMs / 1000)).toFixed(1)} MB per CPU-second); ` +
        `snapshots ${stats.snapshots} costing ${stats.snapshotMs.toFixed(1)} ms = ${perSecond.toFixed(1)} ms per second of flood ` +
        `(${(stats.snapshotMs / Math.max(1, stats.snapshots)).toFixed(2)} ms each); last line ${JSON.stringify(r.text.slice(r.text.lastIndexOf('\n') + 1))}`,
    );
  }
}
console.log(`  RSS before ${mb(rssBefore)}, peak ${mb(peakRss)}`);

const small: number[] = [];
for (let i = 0; i < 20; i++) small.push((await throughPty('true')).ms);
small.sort((a, b) => a - b);
console.log(`  one small command ('true'), 20 runs: median ${small[10]!.toFixed(0)} ms, p90 ${small[18]!.toFixed(0)} ms`);

const parallel = async (n: number) => {
  const start = performance.now();
  await Promise.all(Array.from({ length: n }, () => throughPty('sleep 0.5')));
  return performance.now() - start;
};
const one = await parallel(1);
const three = await parallel(3);
console.log(`  'sleep 0.5': one alone ${one.toFixed(0)} ms, three at once ${three.toFixed(0)} ms (sequential would be ~${(3 * one).toFixed(0)} ms)`);

clearInterval(sampler);
fs.rmSync(dir, { recursive: true, force: true });
