// Memory over time while `seq 1 5000000` (38 MB) floods through the bash tool's pty + emulator:
// RSS and heap should stay flat once the emulator's scrollback and the kept head/tail are full.
// Run: node --import tsx bench/bash-memory.ts [lines]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commandEnv } from '../src/core/shell/env.js';
import { runPtyCommand } from '../src/core/shell/pty-command.js';

const lines = Number(process.argv[2] ?? 5_000_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-mem-'));
const mb = (b: number) => (b / 1024 / 1024).toFixed(0);

const samples: { t: number; rss: number; heap: number; lines: number }[] = [];
let lastLines = 0;
const start = performance.now();
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  samples.push({ t: performance.now() - start, rss: m.rss, heap: m.heapUsed, lines: lastLines });
}, 250);

const r = await runPtyCommand({
  command: `seq 1 ${lines}`,
  cwd: dir,
  env: commandEnv(process.env, []),
  cols: 120,
  rows: 40,
  timeoutMs: 600_000,
  signal: new AbortController().signal,
  logPath: path.join(dir, 'flood.log'),
  onSnapshot: (s) => (lastLines = s.totalLines),
});
clearInterval(sampler);
const wall = performance.now() - start;

console.log(`bash memory: seq 1 ${lines} (load ${os.loadavg()[0]!.toFixed(1)})`);
console.log(`  finished in ${(wall / 1000).toFixed(1)} s, ${(r.totalBytes / 1024 / 1024).toFixed(1)} MB, ${r.totalLines} lines, last line ${JSON.stringify(r.text.slice(r.text.lastIndexOf('\n') + 1))}`);
console.log(`  retained at the end: kept text ${r.retained.keptChars} chars, emulator rows ${r.retained.emulatorRows}; log ${(fs.statSync(r.logPath).size / 1024 / 1024).toFixed(1)} MB`);
const step = Math.max(1, Math.floor(samples.length / 12));
console.log('  time    lines      RSS MB  heap MB');
for (let i = 0; i < samples.length; i += step) {
  const s = samples[i]!;
  console.log(`  ${(s.t / 1000).toFixed(1).padStart(5)}s ${String(s.lines).padStart(9)} ${mb(s.rss).padStart(8)} ${mb(s.heap).padStart(8)}`);
}
const half = samples.slice(Math.floor(samples.length / 2));
const firstHalf = samples.slice(2, Math.floor(samples.length / 2));
const max = (xs: typeof samples, k: 'rss' | 'heap') => Math.max(...xs.map((s) => s[k]));
console.log(`  peak RSS first half ${mb(max(firstHalf, 'rss'))} MB, second half ${mb(max(half, 'rss'))} MB; peak heap ${mb(max(firstHalf, 'heap'))} / ${mb(max(half, 'heap'))} MB`);
fs.rmSync(dir, { recursive: true, force: true });
