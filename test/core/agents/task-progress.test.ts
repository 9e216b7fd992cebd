// A child's row and its progress: the row goes to the task card when it changes (a call starts or
// ends, tokens), but the time of the child's last progress alone only when the card's copy would
// grow old enough to matter (the card says "no progress" of a child silent NO_PROGRESS_MS): a
// child streaming is no row per few frames, and one that then goes silent still gets its last
// progress sent in time.
import { describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../src/core/events.js';
import type { TaskDetails } from '../../../src/core/agents/task-details.js';
import { reply } from '../../helpers/fake-anthropic.js';
import { childServerAndWorkspace, parentAgent } from './agent-fixtures.js';

const fx = childServerAndWorkspace();

const task = (id: string, key: string) => ({ name: 'task', id, input: { description: `look ${key}`, prompt: `[${key}] find things`, agent: 'explore' } });
/** The task call's rows, in the order the parent's stream had them. */
const rowsOf = (events: AgentEvent[], id: string) =>
  events.flatMap((e) => (e.type === 'tool_output' && e.id === id && e.details?.kind === 'task' ? [e.details as TaskDetails] : []));
const progressOnly = (a: TaskDetails, b: TaskDetails) => JSON.stringify({ ...a, lastProgressAt: 0 }) === JSON.stringify({ ...b, lastProgressAt: 0 });
// Twenty words 50 ms apart: the answer streams for about a second.
const words = Array.from({ length: 20 }, (_, i) => `word${i} `);

describe("a child's row", () => {
  it('is not sent again for progress alone while the card has a recent time of it', async () => {
    fx.routes.set('S', [reply({ text: words, chunkDelayMs: 50 })]);
    fx.server.enqueue(reply({ toolUses: [task('t1', 'S')] }), reply({ text: 'done' }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root });
    const events: AgentEvent[] = [];
    for await (const e of agent.run('look')) events.push(e);
    const deltas = events.filter((e) => e.type === 'agent_event' && e.event.type === 'text_delta');
    expect(deltas.length).toBeGreaterThanOrEqual(10);
    const rows = rowsOf(events, 't1');
    expect(rows.length).toBeGreaterThan(0);
    // Every row says something new but the time (the first, the tokens at the message's end).
    for (let i = 1; i < rows.length; i++) expect(progressOnly(rows[i - 1]!, rows[i]!)).toBe(false);
  }, 20_000);

  it('sends the last progress of a child that then goes silent before the card would call it stale', async () => {
    fx.routes.set('Q', [reply({ text: words.slice(0, 6), chunkDelayMs: 20, end: 'stall' })]);
    fx.server.enqueue(reply({ toolUses: [task('t1', 'Q')] }), reply({ text: 'done' }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, progressLagMs: 1000 });
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    const run = (async () => {
      for await (const e of agent.run('look', { signal: controller.signal })) events.push(e);
    })();
    const lastDelta = () => events.map((e) => e.type === 'agent_event' && e.event.type === 'text_delta').lastIndexOf(true);
    // The child streams its six words, then its stream stalls: nothing more comes from it.
    await vi.waitFor(() => expect(events.filter((e) => e.type === 'agent_event' && e.event.type === 'text_delta')).toHaveLength(6), { timeout: 15_000 });
    const seenAt = Date.now();
    // Still the row comes, after the child's last event, with the time of that event.
    await vi.waitFor(() => expect(rowsOf(events.slice(lastDelta()), 't1')).toHaveLength(1), { timeout: 5_000 });
    const rows = rowsOf(events, 't1');
    const last = rows.at(-1)!;
    expect(last.lastProgressAt!).toBeGreaterThan(rows.at(-2)!.lastProgressAt!);
    expect(last.lastProgressAt!).toBeLessThanOrEqual(seenAt);
    expect(progressOnly(rows.at(-2)!, last)).toBe(true);
    controller.abort();
    await run;
  }, 20_000);
});
