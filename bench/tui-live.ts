// Live figures of the built TUI in tmux against the fake Anthropic server (one app start):
//   - first output line on screen after the command printed it
//   - keystroke-to-screen latency while `seq 1 2000000` floods a pane, app CPU and peak PSS
//   - bytes/s written to the terminal and full-screen clears during a streaming turn (pipe-pane)
//   - CPU with a spinner running, and idle CPU
//   - Esc to idle, and until the command's process is gone
// Run: npm run build && node --import tsx bench/tui-live.ts
import { readFileSync, mkdtempSync, writeFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processesMatching, startFakeServer, startTmuxApp } from '../test/e2e/tmux-app.js';
import { tmux } from './tui-tmux.js';

const CLK_TCK = 100;
const SLEEP = `41.${process.pid % 1000}`;
const bash = (command: string) => ({ toolUses: [{ name: 'bash', input: { command } }] });
const script = [
  bash('sleep 1; date +%s%3N; sleep 2'),
  { text: 'first line done' },
  bash('seq 1 2000000'),
  { text: 'flood done' },
  bash('for i in $(seq 1 80); do echo "streaming line $i"; sleep 0.05; done'),
  { text: 'stream done' },
  bash('sleep 4'),
  { text: 'spinner done' },
  bash(`sleep ${SLEEP}`),
  { text: 'never' },
];

function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function pssMb(pid: number): number {
  const m = /Pss:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log(`load average: ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} (${os.cpus().length} cores)`);
const server = await startFakeServer(script);
const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-ws-'));
const app = startTmuxApp({ cwd, env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6' }, cols: 120, rows: 36 });
try {
  await app.waitFor((s) => s.includes('Ask anything'), 'prompt', 30_000);
  const pid = app.appPid();

  // 1. First output line.
  app.type('one');
  app.keys('Enter');
  const s1 = await app.waitFor((s) => /│ \d{13}/.test(s), 'timestamp line', 20_000);
  const printedAt = Number(/│ (\d{13})/.exec(s1)![1]);
  console.log(`first output line on screen: +${Date.now() - printedAt} ms after the command printed it (includes one capture-pane poll)`);
  await app.waitFor((s) => s.includes('first line done') && s.includes('● idle'), 'turn end', 20_000);

  // 2. Keystrokes during a flood.
  app.type('flood');
  app.keys('Enter');
  await app.waitFor((s) => /│ \d{4,}/.test(s), 'flood output', 20_000);
  const cpu0 = cpuTicks(pid);
  const t0 = Date.now();
  let peakPss = 0;
  const lat: number[] = [];
  const letters = 'abcdefghij';
  let typed = '';
  for (const ch of letters) {
    if (app.screen().includes('flood done')) break;
    typed += ch;
    const start = performance.now();
    app.type(ch);
    await app.waitFor((s) => s.includes(`» ${typed}`) || s.includes(`› ${typed}`), `typed ${typed}`, 10_000);
    lat.push(performance.now() - start);
    peakPss = Math.max(peakPss, pssMb(pid));
    await sleep(100);
  }
  const cpuFlood = ((cpuTicks(pid) - cpu0) / CLK_TCK / ((Date.now() - t0) / 1000)) * 100;
  const med = lat.length ? median(lat).toFixed(0) : 'n/a';
  console.log(`keystroke to screen during seq 1 2000000: ${lat.map((x) => x.toFixed(0)).join(', ')} ms; median ${med} ms (${lat.length} keys)`);
  console.log(`app CPU during the flood: ${cpuFlood.toFixed(0)}% of a core; peak PSS ${peakPss.toFixed(0)} MB`);
  await app.waitFor((s) => s.includes('flood done') && s.includes('● idle'), 'flood end', 120_000);
  app.keys('C-u');
  peakPss = Math.max(peakPss, pssMb(pid));

  // 3. Bytes and clears during a streaming turn.
  const pipeFile = path.join(cwd, 'pipe.bin');
  writeFileSync(pipeFile, '');
  tmux('pipe-pane', '-o', '-t', app.session, `cat >> ${pipeFile}`);
  const p0 = Date.now();
  app.type('stream');
  app.keys('Enter');
  await app.waitFor((s) => s.includes('stream done') && s.includes('● idle'), 'stream end', 30_000);
  const secs = (Date.now() - p0) / 1000;
  tmux('pipe-pane', '-t', app.session);
  await sleep(200);
  const bytes = statSync(pipeFile).size;
  const raw = readFileSync(pipeFile, 'latin1');
  const clears = raw.split('\x1b[2J').length - 1;
  console.log(`streaming turn (80 lines over ~4 s): ${(bytes / 1024).toFixed(0)} KB in ${secs.toFixed(1)} s = ${(bytes / 1024 / secs).toFixed(1)} KB/s; full-screen clears: ${clears}`);

  // 4. CPU with a spinner running, then idle.
  app.type('spin');
  app.keys('Enter');
  await app.waitFor((s) => s.includes('bash sleep 4') && s.includes('running 1 tool'), 'spinner', 20_000);
  const c1 = cpuTicks(pid);
  await sleep(3000);
  console.log(`CPU with a spinner running (3 s): ${(((cpuTicks(pid) - c1) / CLK_TCK / 3) * 100).toFixed(1)}% of a core`);
  await app.waitFor((s) => s.includes('spinner done') && s.includes('● idle'), 'spinner end', 20_000);
  await sleep(500);
  const c2 = cpuTicks(pid);
  await sleep(5000);
  console.log(`idle CPU (5 s): ${(((cpuTicks(pid) - c2) / CLK_TCK / 5) * 100).toFixed(1)}% of a core (${cpuTicks(pid) - c2} ticks)`);

  // 5. Esc to idle.
  app.type('esc');
  app.keys('Enter');
  await app.waitFor((s) => s.includes(`bash sleep ${SLEEP}`) && s.includes('running 1 tool'), 'sleep running', 20_000);
  while (processesMatching(`sleep ${SLEEP}`).length === 0) await sleep(10);
  const e0 = performance.now();
  app.keys('Escape');
  await app.waitFor((s) => s.includes('● idle'), 'idle', 5000);
  const toIdle = performance.now() - e0;
  while (processesMatching(`sleep ${SLEEP}`).length > 0 && performance.now() - e0 < 5000) await sleep(5);
  const gone = performance.now() - e0;
  console.log(`Esc to idle on screen: ${toIdle.toFixed(0)} ms (includes capture-pane polling); command process gone after ${gone.toFixed(0)} ms`);
  console.log(`peak PSS over the run: ${Math.max(peakPss, pssMb(pid)).toFixed(0)} MB`);
} finally {
  app.kill();
  server.proc.kill('SIGTERM');
}
