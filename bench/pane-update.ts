// What the store and the transcript's layout do per live update, without React or Ink: a bash
// pane gaining a line under a 1,000-call transcript (the event → state step, the scroll the store
// settles with the screen layout, the rows the Transcript then lays out), and an answer or thinking
// streaming in word by word (the rows of the streaming item after each delta).
//   node --import tsx bench/pane-update.ts [--updates 400]
import os from 'node:os';
import type { AgentEvent } from '../src/core/events.js';
import { createAppStore, type AppStore } from '../src/store/app-store.js';
import { applyEvents } from '../src/store/apply-events.js';
import { mainRows, screenLayout } from '../components/screen-layout.js';
import { itemRenderCount, viewWindow } from '../components/transcript-layout.js';
import { cellFrame } from '../components/text-layout.js';
import { loadMarkdown } from '../components/markdown-lines.js';
import { median } from './frames/figures.js';
import { session } from './frames/bench-session.js';

const argAt = process.argv.indexOf('--updates');
const UPDATES = argAt >= 0 ? Number(process.argv[argAt + 1]) : 400;
const COMMAND = 'for i in $(seq 1 40); do echo tick$i; sleep 0.1; done';

const update = (store: AppStore, events: AgentEvent[]) => store.setState((s) => applyEvents(s, events, Date.now()));

/** The Transcript's own layout of the state, as it draws under the frame writer. */
function drawTranscript(store: AppStore): void {
  const s = store.getState();
  viewWindow(s.items, mainRows(s), s.size.cols, s.scrollBack, cellFrame(s.frame), Date.now(), s.renderEpoch);
}

interface Cost {
  /** µs per update in the store (event → state, scroll settled). */
  store: number;
  /** µs per update in the Transcript's layout after it. */
  draw: number;
  /** Item renders (cache misses) per update, store and Transcript together. */
  renders: number;
}

function measure(n: number, step: (i: number) => void, store: AppStore): Cost {
  const storeUs: number[] = [];
  const drawUs: number[] = [];
  const r0 = itemRenderCount();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    step(i);
    const t1 = performance.now();
    drawTranscript(store);
    const t2 = performance.now();
    storeUs.push((t1 - t0) * 1000);
    drawUs.push((t2 - t1) * 1000);
  }
  return { store: median(storeUs), draw: median(drawUs), renders: (itemRenderCount() - r0) / n };
}

function livePane(colour: boolean): Cost {
  const store = createAppStore({ size: { cols: 120, rows: 40 } }, { layout: screenLayout });
  update(store, session(1000));
  update(store, [
    { type: 'turn_start', prompt: 'live' },
    { type: 'tool_call', id: 'live', name: 'bash', input: { command: COMMAND }, readOnly: false },
    { type: 'tool_status', id: 'live', status: 'running' },
  ]);
  const lines: string[] = [];
  const step = (i: number) => {
    lines.push(colour ? `\x1b[32m✓\x1b[0m tick${i + 1} ${'x'.repeat(60)} \x1b[31mFAIL\x1b[0m` : `tick${i + 1}`);
    update(store, [{
      type: 'tool_output', id: 'live',
      details: { kind: 'bash', command: COMMAND, snapshot: { cols: 116, rows: 12, lines: lines.slice(-212), totalLines: lines.length }, running: true,
        exitCode: null, signal: null, timedOut: false, logPath: '/tmp/x', totalBytes: lines.length * 10 },
    }]);
  };
  for (let i = 0; i < 100; i++) step(i);
  return measure(UPDATES, (i) => step(100 + i), store);
}

/** An answer (or thinking) of `words` words streaming one word per delta: the cost of the deltas near its end. */
function streamingAnswer(words: number, thinking = false): Cost {
  const store = createAppStore({ size: { cols: 120, rows: 40 } }, { layout: screenLayout });
  update(store, session(20));
  update(store, [{ type: 'turn_start', prompt: 'explain' }]);
  const paragraph = 'The **store** keeps each `item` as it was, and the layout draws only what changed since the last frame. ';
  const vocab = paragraph.split(/(?<= )/);
  let w = 0;
  const delta = () => {
    const word = vocab[w % vocab.length]!;
    // A paragraph break every 60 words, a list now and then: several blocks, as answers have.
    const text = w % 60 === 59 ? `${word}\n\n${w % 180 === 179 ? '- one item\n- another item\n\n' : ''}` : word;
    w++;
    update(store, [thinking ? { type: 'thinking_delta', thinking: text } : { type: 'text_delta', text }]);
  };
  for (let i = 0; i < words - 50; i++) {
    delta();
    if (i % 50 === 0) drawTranscript(store);
  }
  return measure(50, delta, store);
}

await loadMarkdown();
const us = (x: number) => `${x.toFixed(0)} µs`;
console.log(`node ${process.version}, load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}; medians of ${UPDATES} updates (answers: of their last 50 deltas)`);
for (const [what, cost] of [
  ['live pane, plain rows, under 1,000 calls', livePane(false)],
  ['live pane, 212 coloured rows, under 1,000 calls', livePane(true)],
  ['answer streaming, at 500 words', streamingAnswer(500)],
  ['answer streaming, at 3,000 words', streamingAnswer(3000)],
  ['thinking streaming, at 3,000 words', streamingAnswer(3000, true)],
] as const) {
  console.log(`${what.padEnd(50)} store ${us(cost.store).padStart(8)}   transcript layout ${us(cost.draw).padStart(8)}   item renders per update ${cost.renders.toFixed(2)}`);
}
