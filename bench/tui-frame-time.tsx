// Frame time of the real App (Ink + React + layout + frame differ) for a short session and a
// 1,000-tool-call session with long outputs, measured with Ink's onRender, plus the CPU cost of
// spinner ticks. No terminal involved: frames go to a counting sink.
//   node --import tsx bench/tui-frame-time.tsx
import React from 'react';
import { EventEmitter } from 'node:events';
import { render } from 'ink';
import type { AgentEvent } from '../src/core/events.js';
import { App } from '../components/App.js';
import { createAppStore } from '../src/store/app-store.js';
import { applyEvents } from '../src/store/apply-events.js';
import { diffingStdout } from '../src/tui/frame-diff.js';
import { RENDER_OPTIONS } from '../src/tui/render-options.js';

class Sink extends EventEmitter {
  isTTY = true;
  columns = 120;
  rows = 40;
  bytes = 0;
  write = (d: string) => {
    this.bytes += d.length;
    return true;
  };
}
class In extends EventEmitter {
  isTTY = false;
  read = () => null;
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

function session(calls: number): AgentEvent[] {
  const events: AgentEvent[] = [{ type: 'turn_start', prompt: 'bench' }];
  for (let i = 0; i < calls; i++) {
    const lines = Array.from({ length: 200 }, (_, j) => `\x1b[32mcall ${i}\x1b[0m output line ${j} ${'x'.repeat(60)}`);
    events.push(
      { type: 'text_delta', text: `Step ${i}: I will **run** \`echo ${i}\` now.\n\n` },
      { type: 'tool_call', id: `c${i}`, name: 'bash', input: { command: `echo ${i}` }, readOnly: false },
      {
        type: 'tool_result', id: `c${i}`, content: lines.join('\n'), isError: false, durationMs: 12,
        details: { kind: 'bash', command: `echo ${i}`, snapshot: { cols: 116, rows: 12, lines, totalLines: 200 }, running: false,
          exitCode: 0, signal: null, timedOut: false, logPath: '/tmp/x', totalBytes: 20000 },
      },
    );
  }
  events.push({ type: 'turn_end', reason: 'end_turn' });
  return events;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function measure(calls: number): Promise<void> {
  const store = createAppStore();
  store.setState((s) => applyEvents(s, session(calls), Date.now()));
  const sink = new Sink();
  const times: number[] = [];
  const { stdout } = diffingStdout(sink as unknown as NodeJS.WriteStream);
  const t0 = performance.now();
  const inst = render(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/w' }} />, {
    ...RENDER_OPTIONS,
    patchConsole: false,
    stdout,
    stdin: new In() as unknown as NodeJS.ReadStream,
    onRender: ({ renderTime }) => times.push(renderTime),
  });
  await sleep(50);
  const first = performance.now() - t0;
  // Redraws: a new notice at the bottom each time (forces a real re-render of the transcript).
  const cpu0 = process.cpuUsage();
  const w0 = performance.now();
  for (let i = 0; i < 60; i++) {
    store.setState((s) => applyEvents(s, [{ type: 'notice', message: `tick ${i}` }], Date.now()));
    await sleep(35);
  }
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - w0;
  inst.unmount();
  const redraws = times.slice(1);
  console.log(
    `${String(calls).padStart(4)} tool calls: first frame ${first.toFixed(0)} ms; redraw median ${median(redraws).toFixed(1)} ms ` +
      `(p90 ${[...redraws].sort((a, b) => a - b)[Math.floor(redraws.length * 0.9)]?.toFixed(1)} ms, ${redraws.length} frames); ` +
      `CPU ${(((cpu.user + cpu.system) / 1000 / wall) * 100).toFixed(0)}% of a core at ~28 redraws/s; ${(sink.bytes / 1024).toFixed(0)} KB written`,
  );
}

async function spinnerCost(): Promise<void> {
  const store = createAppStore();
  store.setState((s) => applyEvents(s, session(20), Date.now()));
  store.setState((s) => applyEvents(s, [{ type: 'turn_start', prompt: 'spin' }, { type: 'tool_call', id: 'spin', name: 'bash', input: { command: 'sleep 9' }, readOnly: false }, { type: 'tool_status', id: 'spin', status: 'running' }], Date.now()));
  const sink = new Sink();
  const { stdout } = diffingStdout(sink as unknown as NodeJS.WriteStream);
  const inst = render(<App store={store} header={{ modelLabel: 'm', isDemo: false, workspaceRoot: '/w' }} />, {
    ...RENDER_OPTIONS, patchConsole: false, stdout, stdin: new In() as unknown as NodeJS.ReadStream,
  });
  await sleep(100);
  const { startTicker } = await import('../src/store/ticker.js');
  const ticker = startTicker(store);
  const cpu0 = process.cpuUsage();
  const b0 = sink.bytes;
  const w0 = performance.now();
  await sleep(3000);
  const cpu = process.cpuUsage(cpu0);
  const wall = performance.now() - w0;
  ticker.stop();
  inst.unmount();
  console.log(`spinner ticks (one running tool, 20-call transcript): CPU ${(((cpu.user + cpu.system) / 1000 / wall) * 100).toFixed(1)}% of a core, ${((sink.bytes - b0) / 1024 / (wall / 1000)).toFixed(1)} KB/s to the terminal`);
}

for (const n of [10, 1000]) await measure(n);
await spinnerCost();
