// Frame cost of the real App (React + Yoga layout + Ink output + frame differ + write) in-process,
// with frames going to a counting sink instead of a terminal: redraws of a 10- and a 1,000-call
// transcript, a live bash pane updating under a 1,000-call transcript, and spinner ticks.
// "Main-thread work per frame" is event-loop active time (performance.eventLoopUtilization)
// divided by the frames Ink rendered; Ink's own renderTime covers only its output step.
// Run on its own (prints JSON): NODE_ENV=production node --import tsx bench/frames/frame-time.tsx
// One scenario (live, redraw10, redraw1000) on its own, --runs times, its cost per frame printed;
// with --profile, the measured frames are CPU-profiled and the top of the profile printed:
//   NODE_ENV=production node --import tsx bench/frames/frame-time.tsx --scenario live --runs 5 [--profile]
//   … frame-time.tsx --spinner: only the spinner ticks, three windows
import React from 'react';
import { performance } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AgentEvent } from '../../src/core/events.js';
import { App } from '../../components/App.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { screenLayout } from '../../components/screen-layout.js';
import { applyEvents } from '../../src/store/apply-events.js';
import { startTicker } from '../../src/store/ticker.js';
import { diffingStdout } from '../../src/app/frame-diff.js';
import { renderScreen } from '../../src/app/screen-render.js';
import { median, percentile, round, type Figures } from './figures.js';
import { session } from './bench-session.js';
import { rankProfile, rankingTable } from './cpu-profile.js';
import { SilentStdin as In, SinkStdout as Sink } from './fake-streams.js';



const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const update = (store: AppStore, events: AgentEvent[]) => store.setState((s) => applyEvents(s, events, Date.now()));

function mount(store: AppStore) {
  const sink = new Sink();
  const times: number[] = [];
  const writer = diffingStdout(sink as unknown as NodeJS.WriteStream);
  const { spin, stats } = writer;
  const inst = renderScreen(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/w' }} />, writer, {
    patchConsole: false,
    stdin: new In() as unknown as NodeJS.ReadStream,
    onRender: ({ renderTime }) => times.push(renderTime),
  });
  return { sink, times, inst, spin, stats };
}

interface Window {
  /** Event-loop active ms per rendered frame. */
  perFrame: number;
  /** Ink renderTime of the frames in the window. */
  renderTimes: number[];
  cpuPercent: number;
  /** Process CPU ms per rendered frame (all threads; less sensitive to a busy machine than perFrame). */
  cpuPerFrame: number;
  /**
   * The main thread's own on-CPU ms per rendered frame (Linux schedstat): what the frames cost the
   * thread that draws them, without the time it waited for a core on a busy machine.
   */
  threadCpuPerFrame: number;
  bytes: number;
  /** Ink's frames and the writer's own. */
  frames: number;
  /** Of those, frames the writer drew again by itself (src/app/live-cells.ts). */
  redrawn: number;
}

/** The main thread's on-CPU time so far, ms (NaN where /proc has no schedstat). */
function mainThreadCpuMs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return NaN;
  }
}

// The measured stretches on the CPU profile's clock (CLOCK_MONOTONIC µs): --profile runs the
// scenario again under node --cpu-prof (V8's sampler on its own thread; the inspector's in-process
// profiler made a frame cost 20× more here, nearly all of it in its own dispatch) and ranks them.
const windows: { from: number; to: number }[] = [];

// 50 ms apart, every update gets a frame of its own (Ink throttles to one per 34 ms).
const EVERY_MS = 50;
const WARM_UP = 15;
const UPDATES = 40;

/**
 * Runs `step` every `everyMs`, `n` times after `warmUp` unmeasured ones (JIT), and measures what
 * the frames in between cost.
 */
async function window(m: ReturnType<typeof mount>, n: number, everyMs: number, step: (i: number) => void, warmUp = 0): Promise<Window> {
  for (let i = 0; i < warmUp; i++) {
    step(i);
    await sleep(everyMs);
  }
  const mono0 = Number(process.hrtime.bigint() / 1000n);
  const f0 = m.times.length;
  const r0 = m.stats.redrawn;
  const b0 = m.sink.bytes;
  const cpu0 = process.cpuUsage();
  const thread0 = mainThreadCpuMs();
  const elu0 = performance.eventLoopUtilization();
  const w0 = performance.now();
  for (let i = warmUp; i < warmUp + n; i++) {
    step(i);
    await sleep(everyMs);
  }
  const elu = performance.eventLoopUtilization(elu0);
  const cpu = process.cpuUsage(cpu0);
  const thread = mainThreadCpuMs() - thread0;
  const wall = performance.now() - w0;
  const renderTimes = m.times.slice(f0);
  // Frames the writer drew by itself (a pane's new line, a spinner's tick) are frames too.
  const redrawn = m.stats.redrawn - r0;
  const frames = renderTimes.length + redrawn;
  windows.push({ from: mono0, to: Number(process.hrtime.bigint() / 1000n) });
  return {
    perFrame: elu.active / Math.max(1, frames),
    renderTimes,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / wall) * 100,
    cpuPerFrame: (cpu.user + cpu.system) / 1000 / Math.max(1, frames),
    threadCpuPerFrame: thread / Math.max(1, frames),
    bytes: m.sink.bytes - b0,
    frames,
    redrawn,
  };
}

const describe = (w: Window) =>
  `${w.frames} frames (${w.redrawn} of them drawn by the writer alone) for ${UPDATES} updates ${EVERY_MS} ms apart; ` +
  (w.renderTimes.length > 0 ? `Ink renderTime median ${median(w.renderTimes).toFixed(1)} ms, p90 ${percentile(w.renderTimes, 90).toFixed(1)} ms; ` : '') +
  `CPU ${w.cpuPercent.toFixed(0)}% of a core; main thread on CPU ${w.threadCpuPerFrame.toFixed(2)} ms per frame; ${(w.bytes / 1024).toFixed(0)} KB written`;

/** Redraws forced by a new notice at the bottom (a real re-render of the whole transcript). */
async function redraws(calls: number): Promise<{ first: number; w: Window }> {
  const store = createAppStore({}, { layout: screenLayout });
  update(store, session(calls));
  const t0 = performance.now();
  const m = mount(store);
  await sleep(50);
  const first = performance.now() - t0;
  const w = await window(m, UPDATES, EVERY_MS, (i) => update(store, [{ type: 'notice', message: `tick ${i}` }]), WARM_UP);
  m.inst.unmount();
  return { first, w };
}

/** A bash pane gaining one line per update under a 1,000-call transcript. */
async function livePane(): Promise<Window> {
  const store = createAppStore({}, { layout: screenLayout });
  update(store, session(1000));
  const command = 'for i in $(seq 1 40); do echo tick$i; sleep 0.1; done';
  update(store, [
    { type: 'turn_start', prompt: 'live' },
    { type: 'tool_call', id: 'live', name: 'bash', input: { command }, readOnly: false },
    { type: 'tool_status', id: 'live', status: 'running' },
  ]);
  const m = mount(store);
  await sleep(100);
  const lines: string[] = [];
  const w = await window(m, UPDATES, EVERY_MS, (i) => {
    lines.push(`tick${i + 1}`);
    update(store, [{
      type: 'tool_output', id: 'live',
      details: { kind: 'bash', command, snapshot: { cols: 116, rows: 12, lines: lines.slice(-200), totalLines: lines.length }, running: true,
        exitCode: null, signal: null, timedOut: false, logPath: '/tmp/x', totalBytes: lines.join('\n').length },
    }]);
  }, WARM_UP);
  m.inst.unmount();
  return w;
}

async function spinner(): Promise<Window & { ticks: number }> {
  const store = createAppStore({}, { layout: screenLayout });
  update(store, session(20));
  update(store, [
    { type: 'turn_start', prompt: 'spin' },
    { type: 'tool_call', id: 'spin', name: 'bash', input: { command: 'sleep 9' }, readOnly: false },
    { type: 'tool_status', id: 'spin', status: 'running' },
  ]);
  const m = mount(store);
  // After the markdown libraries' load (150 ms after the mount) and its redraw.
  await sleep(500);
  // Wired as the app wires it: the frame writer turns the spinners.
  let ticks = 0;
  const ticker = startTicker(store, {
    spin: (t) => {
      ticks++;
      m.spin(t);
    },
  });
  // A second of ticks unmeasured (the JIT), then three.
  await sleep(1000);
  const t0 = ticks;
  const w = await window(m, 1, 3000, () => {});
  ticks -= t0;
  ticker.stop();
  m.inst.unmount();
  return { ...w, ticks };
}

/** The window with the median cost per frame, and every window's cost. */
async function medianWindow(runs: number, measure: () => Promise<Window>): Promise<{ w: Window; samples: number[] }> {
  const ws: Window[] = [];
  for (let i = 0; i < runs; i++) ws.push(await measure());
  const sorted = [...ws].sort((a, b) => a.perFrame - b.perFrame);
  return { w: sorted[Math.floor(sorted.length / 2)]!, samples: ws.map((w) => round(w.perFrame, 2)) };
}

export async function frameFigures(runs = 3): Promise<Figures> {
  const r10 = await redraws(10);
  let first1000 = NaN;
  const r1000 = await medianWindow(runs, async () => {
    const r = await redraws(1000);
    if (Number.isNaN(first1000)) first1000 = r.first;
    return r.w;
  });
  const live = await medianWindow(runs, livePane);
  const spin = await spinner();
  return {
    'frame.live1000': { value: round(live.w.perFrame, 2), samples: live.samples, note: describe(live.w) },
    // The pane's frames are the writer's own: Ink renders none of them.
    'frame.ink1000': live.w.renderTimes.length > 0 ? { value: round(median(live.w.renderTimes), 2) } : { value: 'none (no Ink frame)' },
    'frame.redraw10': { value: round(r10.w.perFrame, 2), note: describe(r10.w) },
    'frame.redraw1000': { value: round(r1000.w.perFrame, 2), samples: r1000.samples, note: describe(r1000.w) },
    'frame.first1000': { value: round(first1000), note: `the first of the 1,000-call mounts; 10 calls (the very first mount, cold): ${r10.first.toFixed(0)} ms` },
    'frame.spinner': { value: round(spin.cpuPercent, 1), note: `${spin.ticks} ticks and ${spin.frames - spin.redrawn} Ink frames in 3 s, ${(spin.bytes / 1024 / 3).toFixed(1)} KB/s to the terminal` },
  };
}

const PROFILED: Record<string, () => Promise<Window>> = {
  live: livePane,
  redraw10: async () => (await redraws(10)).w,
  redraw1000: async () => (await redraws(1000)).w,
  spinner,
};

/** Measures one scenario `runs` times; with `profile`, a second process measures it under --cpu-prof and the top is printed. */
async function oneScenario(name: string, runs: number, profile: boolean): Promise<void> {
  const measure = PROFILED[name];
  if (!measure) throw new Error(`--scenario takes one of ${Object.keys(PROFILED).join(' ')}`);
  if (profile) return profileScenario(name, runs);
  const perFrame: number[] = [];
  const threadPerFrame: number[] = [];
  let last: Window | null = null;
  for (let i = 0; i < runs; i++) {
    const w = await measure();
    perFrame.push(w.perFrame);
    threadPerFrame.push(w.threadCpuPerFrame);
    last = w;
  }
  const load = os.loadavg().map((x) => x.toFixed(2)).join(' ');
  const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(' ');
  console.log(
    `${name}: main-thread ms per frame median ${median(perFrame).toFixed(2)} (${list(perFrame)}); ` +
      `main thread on CPU ms per frame median ${median(threadPerFrame).toFixed(2)} (${list(threadPerFrame)}); load ${load}`,
  );
  if (last) console.log(`last run: ${describe(last)}`);
  const out = process.env.FRAME_WINDOWS_FILE;
  if (out) writeFileSync(out, JSON.stringify(windows));
}

async function profileScenario(name: string, runs: number): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'inkling-frame-prof-'));
  const windowsFile = path.join(dir, 'windows.json');
  const self = fileURLToPath(import.meta.url);
  const child = spawnSync(
    process.execPath,
    ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '200', '--import', 'tsx', self, '--scenario', name, '--runs', String(runs)],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', FRAME_WINDOWS_FILE: windowsFile } },
  );
  if (child.status !== 0) throw new Error(`the profiled run failed (${child.status})`);
  const file = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(dir, f))[0];
  if (!file) throw new Error(`no profile in ${dir}`);
  const measured = JSON.parse(readFileSync(windowsFile, 'utf8')) as { from: number; to: number }[];
  console.log(`profile: ${file} (profiled run: slower)`);
  // Every window but the first (the JIT's).
  const r = rankProfile(file, 25, measured.length > 1 ? measured.slice(1) : measured);
  console.log(`\n${r.busyMs.toFixed(0)} ms busy of ${r.totalMs.toFixed(0)} ms\n\n## self\n${rankingTable(r.top)}`);
  console.log(`\n## packages\n${rankingTable(r.byPackage, 'self ms', 'package')}`);
  console.log(`\n## own, total\n${rankingTable(r.ownTotal, 'total ms')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv.includes('--spinner')) {
  for (let i = 0; i < 3; i++) {
    const w = await spinner();
    console.log(`spinner: ${w.cpuPercent.toFixed(2)} % of a core, ${w.ticks} ticks, ${w.frames - w.redrawn} Ink frames, ${(w.bytes / 1024 / 3).toFixed(2)} KB/s`);
  }
  process.exit(0);
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--scenario');
  const runsAt = process.argv.indexOf('--runs');
  if (at >= 0) await oneScenario(process.argv[at + 1] ?? 'live', runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 3, process.argv.includes('--profile'));
  else process.stdout.write(JSON.stringify(await frameFigures()) + '\n');
  process.exit(0);
}
