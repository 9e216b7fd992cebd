// A call that ends while the turn runs others (a child agent done while the rest go on) is drawn
// by the frame writer alone: its card and the status line's count change with no React commit and
// no Ink frame, the screen then exactly what a full frame of the same state shows — the last one's
// too (the turn goes back to the model); a call that starts and the turn's end are still real frames.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { screenLayout } from '../../components/screen-layout.js';
import type { AgentEvent } from '../../src/core/events.js';
import type { TaskDetails } from '../../src/core/agents/task-details.js';
import { createAppStore } from '../../src/store/app-store.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { clockless, freshScreen, mount, settled } from './frame-writer-app.js';

const usage = { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 };
const row = (i: number, status: TaskDetails['status']): TaskDetails => ({
  kind: 'task', agent: 'explore', description: `look ${i}`, depth: 1, status, startedAt: Date.now(), toolCalls: 1, usage, cost: null,
  ...(status === 'running' ? { current: { tool: 'bash', arg: `ls part${i}` } } : {}),
});
/** A child's end as its task call sends it: the row's last state, the call done, the answer. */
const childDone = (i: number): AgentEvent[] => [
  { type: 'tool_output', id: `t${i}`, details: row(i, 'completed') },
  { type: 'tool_status', id: `t${i}`, status: 'done' },
  { type: 'tool_result', id: `t${i}`, content: `answer ${i}`, isError: false, details: row(i, 'completed'), durationMs: 900 },
];
const shows = (text: string) => (l: string[]) => l.some((r) => r.includes(text));

async function mountChildren(n: number) {
  const store = createAppStore({}, { layout: screenLayout });
  const app = await mount(store, 100, 30);
  const b = createEventBinding(store, { intervalMs: 0 });
  const push = (events: AgentEvent[]) => {
    for (const e of events) b.push(e);
    b.flush();
  };
  await act(async () => {
    push([{ type: 'turn_start', prompt: 'look at the parts' }]);
    for (let i = 0; i < n; i++) {
      push([
        { type: 'tool_call', id: `t${i}`, name: 'task', input: { description: `look ${i}`, prompt: `look at part ${i}`, agent: 'explore' }, readOnly: true },
        { type: 'tool_status', id: `t${i}`, status: 'running' },
        { type: 'tool_output', id: `t${i}`, details: row(i, 'running') },
      ]);
    }
  });
  await settled(app.screen, (l) => shows(`${n} agents running`)(l) && shows(`ls part${n - 1}`)(l));
  return { ...app, store, push };
}

describe('a call that ends while others run', () => {
  it('folds its card and lowers the count with no React commit or Ink frame, as a full frame would draw it', async () => {
    const { store, screen, writer, counts, push } = await mountChildren(3);
    const before = { ...counts, redrawn: writer.stats.redrawn };

    await act(async () => push(childDone(1)));
    await settled(screen, (l) => shows('2 agents running')(l) && shows('running 2 tools')(l) && !shows('ls part1')(l));
    expect(counts.commits).toBe(before.commits);
    expect(counts.inkFrames).toBe(before.inkFrames);
    // The card's block and the status line's (the test render option draws each as it is asked for).
    expect(writer.stats.redrawn - before.redrawn).toBe(2);
    const lines = screen.lines();
    expect(lines.some((r) => r.includes('look 1') && r.includes('done'))).toBe(true);
    expect(clockless(lines)).toEqual(await freshScreen(store, 100, 30, shows('2 agents running')));
  });

  it('draws the last call\'s end in place too (the turn goes back to the model); a call that starts and the turn\'s end are real frames', async () => {
    const { store, screen, counts, push } = await mountChildren(2);
    await act(async () => push(childDone(0)));
    await settled(screen, shows('1 agent running'));

    let commits = counts.commits;
    await act(async () => push([{ type: 'tool_call', id: 'x', name: 'read_file', input: { path: 'a.txt' }, readOnly: true }, { type: 'tool_status', id: 'x', status: 'running' }]));
    await settled(screen, shows('running 2 tools'));
    expect(counts.commits).toBeGreaterThan(commits);

    await act(async () => push([{ type: 'tool_status', id: 'x', status: 'done' }, { type: 'tool_result', id: 'x', content: 'alpha', isError: false, durationMs: 3 }]));
    await settled(screen, shows('running 1 tool'));
    commits = counts.commits;
    const inkFrames = counts.inkFrames;
    await act(async () => push([...childDone(1), { type: 'request_start', iteration: 2 }]));
    await settled(screen, (l) => shows('waiting for the model')(l) && !shows('agent running')(l));
    expect(counts.commits).toBe(commits);
    expect(counts.inkFrames).toBe(inkFrames);
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 100, 30, shows('waiting for the model')));

    await act(async () => push([{ type: 'text_delta', text: 'Both looked.' }, { type: 'turn_end', reason: 'end_turn' }]));
    await settled(screen, (l) => shows('Both looked.')(l) && shows('idle')(l));
    expect(counts.commits).toBeGreaterThan(commits);
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 100, 30, shows('idle')));
  });
});
