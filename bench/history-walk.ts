// History mode on a long session: the cost of one selection move (the layout walks up from the
// bottom to the selected stop, over cached rows) at the newest stop, mid-session and at the
// first stop of a 1,000-call session; plus the first (uncached) walk and a filter over it all.
// Run: node --import tsx bench/history-walk.ts [calls]
import os from 'node:os';
import type { AgentEvent } from '../src/core/events.js';
import { createAppStore } from '../src/store/app-store.js';
import { applyEvents } from '../src/store/apply-events.js';
import * as hist from '../src/store/history-mode.js';
import { viewWindow } from '../components/transcript-layout.js';

const calls = Number(process.argv[2] ?? 1000);

function session(calls: number) {
  const events: AgentEvent[] = [{ type: 'turn_start', prompt: 'walk' }];
  for (let i = 0; i < calls; i++) {
    const id = `c${i}`;
    if (i % 3 === 0) {
      const lines = Array.from({ length: 40 }, (_, j) => `out ${i}.${j}`);
      events.push(
        { type: 'tool_call', id, name: 'bash', input: { command: `make step-${i}` }, readOnly: false },
        { type: 'tool_result', id, content: lines.join('\n'), isError: false, durationMs: 5, details: {
          kind: 'bash', command: `make step-${i}`, snapshot: { cols: 116, rows: 12, lines, totalLines: 40 }, running: false,
          exitCode: 0, signal: null, timedOut: false, logPath: '/nonexistent', totalBytes: 400 } },
      );
    } else {
      events.push(
        { type: 'tool_call', id, name: 'read_file', input: { path: `src/file-${i}.ts` }, readOnly: true },
        { type: 'tool_result', id, content: 'x', isError: false, durationMs: 1 },
      );
    }
  }
  events.push({ type: 'text_delta', text: 'done' }, { type: 'turn_end', reason: 'end_turn' });
  const store = createAppStore();
  store.setState((st) => applyEvents(st, events, Date.now()));
  return store.getState();
}

// Warm the renderers (JIT, width tables) on another session, as a running app would have.
const warm = session(200);
viewWindow(warm.items, 30, 120, 0, 0, Date.now(), 0, { selectedId: warm.items[0]!.id });
const s = session(calls);
const stops = hist.visibleStops(s);
const frameFor = (id: string) => viewWindow(s.items, 30, 120, 0, 0, Date.now(), 0, { selectedId: id, expanded: {} });

const time = (n: number, fn: () => void) => {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) fn();
  return (performance.now() - t0) / n;
};
console.log(`history walk: ${calls} calls, ${stops.length} stops (load ${os.loadavg()[0]!.toFixed(1)})`);
console.log(`  first layout up to the first stop (rows not drawn yet, renderers warm): ${time(1, () => frameFor(stops[0]!.id)).toFixed(1)} ms`);
for (const [label, at] of [['newest stop', stops.length - 1], ['middle stop', stops.length >> 1], ['first stop', 0]] as const) {
  console.log(`  layout with the selection on the ${label}: ${time(50, () => frameFor(stops[at]!.id)).toFixed(2)} ms`);
}
console.log(`  filter "step-99" over every stop: ${time(20, () => hist.visibleStops({ items: [...s.items], index: s.index, childTranscripts: {}, history: { ...hist.emptyHistory(), filter: 'step-99' } })).toFixed(2)} ms`);
