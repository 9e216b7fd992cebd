// Issue 31's figures: the parent's CPU per child turn against a plain turn's, the frame time while
// 8 explore children each run a streaming read-only command (the real App drawing to a counting
// sink), and the peak PSS with 8 children running. The real loop, tools and SDK against the fake
// Anthropic server in this process (its CPU counts in both turn figures alike).
// Run (after npm run build): NODE_ENV=production node --import tsx bench/subagents.tsx
//   --save FILE: also writes the frame scenario's event batches (what the turn sent, at its pace) to FILE;
//   --replay FILE: only the frame figure, drawing those batches again (the same load of events on both
//   sides of an A/B: how fast the children's `ls` streams moves with the machine's load, and the figure with it);
//   --profile FILE: a CPU profile of the last drawing only, ranked (self time, the project's functions).
import React from 'react';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { App } from '../components/App.js';
import { AgentSlots } from '../src/core/agents/agent-slots.js';
import { BUILT_IN_AGENTS } from '../src/core/agents/agent-definitions.js';
import { createTaskTool } from '../src/core/agents/task-tool.js';
import type { AgentEvent } from '../src/core/events.js';
import { createAgent } from '../src/core/loop.js';
import { PermissionGate } from '../src/core/permissions/gate.js';
import { createAnthropicProvider } from '../src/core/providers/anthropic.js';
import { bashTool } from '../src/core/tools/bash.js';
import { fileTools } from '../src/core/tools/file-tools.js';
import { diffingStdout } from '../src/app/frame-diff.js';
import { renderScreen } from '../src/app/screen-render.js';
import { applyEvents } from '../src/store/apply-events.js';
import { toCommit } from '../src/store/event-binding.js';
import { childEventCanWait } from '../src/store/child-transcripts.js';
import { createAppStore } from '../src/store/app-store.js';
import { startTicker } from '../src/store/ticker.js';
import { reply, startFakeAnthropic, type RecordedRequest } from '../test/helpers/fake-anthropic.js';
import { pssSampler, treePssMb } from './frames/proc-stats.js';
import { profileReplay } from './frames/replay-profile.js';
import { removeTempDirs, startBenchApp } from './frames/app-session.js';
import { SilentStdin as In, SinkStdout as Sink } from './frames/fake-streams.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
};
const replayFrom = arg('--replay');
const CHILDREN = 8;
const PLAIN_TURNS = 24;
const TASK_TURNS = 4;
// What each of the 8 children runs in the frame and memory scenario: read-only, streaming for a while.
const STREAMING = 'ls -lR /usr/share/doc';

type Body = { system?: unknown; messages: { role: string; content: unknown }[] };
const lastIsResult = (b: Body) => {
  const last = b.messages.at(-1)?.content;
  return Array.isArray(last) && last.some((c: { type?: string }) => c.type === 'tool_result');
};

let command = 'cat a.txt';
const server = await startFakeAnthropic({
  route: (req: RecordedRequest) => {
    const b = req.body as Body;
    if (lastIsResult(b)) return reply({ text: 'Done: the file says alpha.' });
    const child = JSON.stringify(b.system ?? '').includes('You are an explore agent');
    if (child) return reply({ toolUses: [{ name: 'bash', input: { command } }] });
    const first = JSON.stringify(b.messages[0]?.content ?? '');
    if (first.includes('[children]')) {
      return reply({ toolUses: Array.from({ length: CHILDREN }, (_, i) => ({ name: 'task', input: { description: `look ${i}`, prompt: `look at part ${i}`, agent: 'explore' } })) });
    }
    return reply({ toolUses: [{ name: 'bash', input: { command } }] });
  },
});

const root = mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-agents-'));
writeFileSync(path.join(root, 'a.txt'), 'alpha\n');
const provider = createAnthropicProvider({ apiKey: 'sk-bench', baseURL: server.url, model: 'claude-sonnet-4-6' });
const gate = new PermissionGate({ mode: 'default', rules: { allow: [], ask: [], deny: [] }, workspaceRoot: root, home: os.homedir(), canAsk: false });
const tools = [...fileTools(), bashTool];

function parent(withTask: boolean) {
  const taskTool = createTaskTool({
    workspaceRoot: root,
    answering: () => ({ provider, model: 'claude-sonnet-4-6' }),
    providerName: 'anthropic',
    tools: () => tools,
    definitions: BUILT_IN_AGENTS,
    slots: new AgentSlots(CHILDREN),
    maxDepth: 2,
    maxTokens: 1000,
    permissions: gate,
  });
  return createAgent({
    provider,
    model: 'claude-sonnet-4-6',
    workspaceRoot: root,
    tools: withTask ? [...tools, taskTool] : tools,
    maxTokens: 1000,
    permissions: gate,
    sessionDir: path.join(root, '..', `session-${withTask ? 'task' : 'plain'}`),
    paneSize: { cols: 100, rows: 20 },
  });
}

async function turnCpu(agent: ReturnType<typeof parent>, prompt: string, onEvent?: (e: AgentEvent) => void): Promise<number> {
  const cpu0 = process.cpuUsage();
  for await (const e of agent.run(prompt)) onEvent?.(e);
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / 1000;
}

/** The main thread's own on-CPU ms so far (Linux schedstat): on a busy machine, what work cost without the waits for a core. */
const threadCpuMs = () => Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
/** A full collection now (the bench's own garbage is not the frames'). */
const collectGarbage = (() => {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => gc();
})();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

let plainTurn = 0;
let childTurn = 0;
let before = 0;
let peak = 0;
let atPeak = '';
let batches: { at: number; events: AgentEvent[] }[] = [];
if (replayFrom) batches = JSON.parse(readFileSync(replayFrom, 'utf8'));
else {
// 1. CPU: a plain turn (one read-only command, then the answer) against a child's turn of the same
// shape, the parent's part of a children turn taken away.
const plain = parent(false);
await turnCpu(plain, 'warm up');
const plainMs: number[] = [];
for (let i = 0; i < PLAIN_TURNS; i++) plainMs.push(await turnCpu(plain, `plain ${i}`));
plainTurn = median(plainMs);
const withChildren = parent(true);
await turnCpu(withChildren, '[children] warm up');
const childMs: number[] = [];
for (let i = 0; i < TASK_TURNS; i++) {
  const total = await turnCpu(withChildren, `[children] ${i}`);
  // The parent's own two requests are shaped like a plain turn.
  childMs.push((total - plainTurn) / CHILDREN);
}
childTurn = median(childMs);

// 2. Memory: the PSS of this process and its commands while a turn runs 8 children, each
// streaming a read-only command; the figure before the turn is tsx's and the in-process server's.
command = STREAMING;
const drawn = parent(true);
before = pssSampler(process.pid, 50).stop();
const pss = pssSampler(process.pid, 50);
let pending: AgentEvent[] = [];
const t0 = performance.now();
// As the TUI's binding does: the events of one frame (34 ms) go to the store together.
const flush = setInterval(() => {
  if (pending.length === 0) return;
  batches.push({ at: performance.now() - t0, events: pending });
  pending = [];
}, 34);
await turnCpu(drawn, '[children] stream', (e) => pending.push(e));
clearInterval(flush);
batches.push({ at: performance.now() - t0, events: pending });
peak = pss.stop();
atPeak = pss.atPeak();
const saveTo = arg('--save');
if (saveTo) writeFileSync(saveTo, JSON.stringify(batches));
}

// 3. Frames: the real App (React, Yoga, Ink, the frame differ) draws that turn again, its events
// replayed at the pace they came, frames going to a counting sink; the children's own work is not
// in this figure, only what drawing them costs the main thread. Drawn several times, each time on a
// new App and store: the turn is 15-55 frames, so the first drawing's figure is mostly the code's
// first runs (interpreted, before V8 has compiled it: a one-time cost of a session's first children
// turn); the later ones (the median of LATER) are what each frame costs once that is done.
interface Drawing { frames: number; thread: number; active: number; renderMs: number }
async function drawTurn(profileTo?: string): Promise<Drawing> {
  const store = createAppStore();
  const renderTimes: number[] = [];
  const writer = diffingStdout(new Sink() as unknown as NodeJS.WriteStream);
  const inst = renderScreen(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: root }} />, writer, {
    patchConsole: false,
    stdin: new In() as unknown as NodeJS.ReadStream,
    onRender: ({ renderTime }) => renderTimes.push(renderTime),
  });
  const ticker = startTicker(store, { spin: writer.spin });
  // The first frames (mounting) are not the turn's, nor is the garbage the bench made before (the
  // turns it ran, the recording it read): collected before the measured part.
  await new Promise((r) => setTimeout(r, 500));
  collectGarbage();
  const f0 = renderTimes.length;
  const d0 = writer.stats.redrawn;
  const elu0 = performance.eventLoopUtilization();
  const thread0 = threadCpuMs();
  const replay = async () => {
    const r0 = performance.now();
    const wall0 = Date.now();
    // Children's events that wait for the next commit, with the time each came.
    const waited = new Map<AgentEvent, number>();
    for (const b of batches) {
      // As the binding commits them (event-binding.ts): what changes nothing makes no commit, nor
      // wakes it (it drops such events as they come: no timer runs for a frame of only them); what
      // only a child's transcript keeps waits for the next commit, and wakes nothing either.
      const events = toCommit(b.events, store.getState());
      if (events.length === 0) continue;
      if (events.every((e) => childEventCanWait(e, store.getState()))) {
        for (const e of events) waited.set(e, wall0 + b.at);
        continue;
      }
      const wait = b.at - (performance.now() - r0);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const all = waited.size > 0 ? [...waited.keys(), ...events] : events;
      const times = waited.size > 0 ? new Map(waited) : undefined;
      waited.clear();
      store.setState((s) => applyEvents(s, all, Date.now(), times));
    }
    if (waited.size > 0) store.setState((s) => applyEvents(s, [...waited.keys()], Date.now(), new Map(waited)));
    await new Promise((r) => setTimeout(r, 200));
  };
  if (profileTo) await profileReplay(profileTo, replay);
  else await replay();
  const active = performance.eventLoopUtilization(elu0).active;
  const thread = threadCpuMs() - thread0;
  const frames = Math.max(1, renderTimes.length - f0 + writer.stats.redrawn - d0);
  ticker.stop();
  inst.unmount();
  return { frames, thread, active, renderMs: median(renderTimes.slice(f0)) };
}
const profileTo = arg('--profile');
const LATER = 3;
const cold = await drawTurn();
const later: Drawing[] = [];
for (let i = 0; i < LATER; i++) later.push(await drawTurn(i === LATER - 1 ? profileTo : undefined));
const warm = later.sort((a, b) => a.thread / a.frames - b.thread / b.frames)[Math.floor(LATER / 2)]!;
await server.close();
rmSync(root, { recursive: true, force: true });
const row = (what: string, target: string, value: string) => console.log(`${what.padEnd(70)} ${target.padEnd(10)} ${value}`);
const frameRows = () => {
  console.log(`(load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} on ${os.cpus().length} cores)`);
  const perFrame = (d: Drawing, ms: number) => `${(ms / d.frames).toFixed(2)} ms (${d.frames} frames)`;
  row(`on-CPU main-thread time per frame drawing ${CHILDREN} explore children streaming \`${STREAMING}\` (median of ${LATER} drawings after the first)`, '≤ 2 ms', perFrame(warm, warm.thread));
  row('  the same, with the waits for a core (event-loop busy time)', '—', perFrame(warm, warm.active));
  row("  Ink's renderTime per frame (median)", '—', `${warm.renderMs.toFixed(2)} ms`);
  row("  the session's first such turn: on-CPU per frame, the code's first runs in it", '—', `${perFrame(cold, cold.thread)}; ${(cold.thread - (warm.thread / warm.frames) * cold.frames).toFixed(0)} ms more in all`);
};
if (replayFrom) {
  console.log(`replayed ${batches.length} batches (${batches.reduce((n, b) => n + b.events.length, 0)} events) from ${replayFrom}`);
  frameRows();
  process.exit(0);
}

// 4. Memory of the built program: inkling in tmux running the same turn (8 explore children, each
// streaming the command), its process tree's PSS sampled while the turn runs.
const builtScript = [
  { toolUses: Array.from({ length: CHILDREN }, (_, i) => ({ name: 'task', input: { description: `look ${i}`, prompt: `look at part ${i}`, agent: 'explore' } })) },
  ...Array.from({ length: CHILDREN }, () => ({ toolUses: [{ name: 'bash', input: { command: STREAMING } }] })),
  ...Array.from({ length: CHILDREN }, () => ({ text: 'Done: the docs are there.' })),
  { text: 'All eight answered.' },
];
const built = await startBenchApp({ server: builtScript, files: { 'a.txt': 'alpha\n' } });
const builtBefore = treePssMb(built.pid);
const builtPss = pssSampler(built.pid, 50);
await built.turn('look at eight parts', 'All eight answered.', 120_000);
const builtPeak = builtPss.stop();
await built.close();
removeTempDirs();

console.log(`${'figure'.padEnd(70)} ${'target'.padEnd(10)} now`);
row(`parent CPU per plain turn (median of ${PLAIN_TURNS})`, '—', `${plainTurn.toFixed(1)} ms`);
row(`parent CPU per child turn (${CHILDREN} children × ${TASK_TURNS} turns, median)`, '—', `${childTurn.toFixed(1)} ms`);
row('child turn / plain turn', '≤ 1.3×', `${(childTurn / plainTurn).toFixed(2)}×`);
frameRows();
row(`peak PSS with ${CHILDREN} children running (this process and its commands)`, '≤ 150 MB', `${peak.toFixed(0)} MB; ${before.toFixed(0)} MB before the turn (tsx, the in-process fake server); children added ${(peak - before).toFixed(0)} MB`);
row('  at the peak (MB)', '', atPeak.split(', ').slice(0, 4).join(', '));
row(`peak PSS of the built inkling (tmux) with ${CHILDREN} children running, its commands included`, '≤ 150 MB', `${builtPeak.toFixed(0)} MB; ${builtBefore.toFixed(0)} MB idle before the prompt`);
row('  at the peak (MB)', '', builtPss.atPeak().split(', ').slice(0, 4).join(', '));
process.exit(0);
