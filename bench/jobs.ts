// Issue 32's figures: the built app in tmux with 4 background jobs printing about 1,000 lines/s
// each while the person types: key → screen latency (p95 ≤ 50 ms), inkling's CPU while typing,
// and the peak PSS (≤ 120 MB; inkling's node alone and its whole tree with the jobs' shells).
//   npm run build && node --import tsx bench/jobs.ts [--keys 40] [--sandbox|--no-sandbox]
// The fake Anthropic server answers the first prompt with the four `bash background: true` calls.
import os from 'node:os';
import { startBenchApp } from './frames/app-session.js';
import { median, percentile, round } from './frames/figures.js';
import { call, say, sleep } from './frames/model-script.js';
import { nowMs, replay } from './frames/pane-stream.js';
import { cpuMs, machineBusyPercent, pssSampler } from './frames/proc-stats.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const KEYS = Number(arg('--keys') ?? 40);
const JOBS = 4;
// 100 lines every 0.1 s: about 1,000 lines a second per job (a little less: seq and the loop take time too).
const job = (n: number) => ({ name: 'bash', input: { command: `while true; do seq -f "job${n} line %g" 1 100; sleep 0.1; done`, background: true } });

const load = os.loadavg();
const busy = await machineBusyPercent(2000);
console.log(`load average ${load.map((x) => x.toFixed(2)).join(' ')} on ${os.cpus().length} cores; machine ${busy.toFixed(0)}% busy over 2 s${busy > 10 ? ' — NOT QUIET' : ''}`);

const b = await startBenchApp({ server: [call('Starting them. ', ...Array.from({ length: JOBS }, (_, i) => job(i + 1))), say('four jobs running')], paneStream: true });
const inkling = pssSampler(b.pid);
const sent: { at: number; typed: string; polled: number }[] = [];
let cpuPercent = NaN;
let treePeak = NaN;
try {
  b.app.type('start the jobs');
  b.app.keys('Enter');
  await b.app.waitFor((s) => s.includes('four jobs running') && s.includes(`jobs ${JOBS}`), 'the four jobs running', 60_000);
  // The jobs' shells are children of inkling's tree: the whole tree's PSS too.
  const tree = pssSampler(b.pid);
  await sleep(1000);
  const c0 = cpuMs(b.pid);
  const t0 = nowMs();
  let typed = '';
  for (const ch of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.slice(0, KEYS)) {
    typed += ch;
    const at = nowMs();
    b.app.type(ch);
    await b.app.waitFor((s) => s.includes(`› ${typed}`), `typed ${typed}`, 10_000);
    sent.push({ at, typed, polled: nowMs() - at });
    await sleep(60);
  }
  cpuPercent = ((cpuMs(b.pid) - c0) / (nowMs() - t0)) * 100;
  treePeak = tree.stop();
} finally {
  await b.close();
}
const nodePeak = inkling.stop();
const latencies: number[] = [];
for (const k of sent) {
  let shownAt = NaN;
  await replay(b.pane!, (rows, t) => {
    if (Number.isNaN(shownAt) && rows.some((r) => r.includes(`› ${k.typed} `) || r.endsWith(`› ${k.typed}`))) shownAt = t;
  }, k.at, k.at + 10_000);
  latencies.push(Number.isNaN(shownAt) ? k.polled : shownAt - k.at);
}
const p95 = round(percentile(latencies, 95));
console.log(`| figure | target | now |`);
console.log(`| --- | --- | --- |`);
console.log(`| keys.p95 (key → screen, ${latencies.length} keys, ${JOBS} jobs × ~1,000 lines/s) | ≤ 50 ms | ${p95} ms${p95 <= 50 ? '' : ' (over)'} |`);
console.log(`| keys.median | | ${round(median(latencies))} ms |`);
console.log(`| inkling CPU while typing | | ${round(cpuPercent)} % of a core |`);
console.log(`| peak PSS of inkling's process tree over the whole run (node, the jobs' shells, bwrap) | ≤ 120 MB | ${round(nodePeak)} MB (at the peak, MB: ${inkling.atPeak()}) |`);
console.log(`| the same while the keys were typed | | ${round(treePeak)} MB |`);
process.exit(0);
