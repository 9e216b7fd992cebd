// The task tool in the real loop over the real SDK: explore children run at once and return in
// call order, general children one after another, a child's ask reaches the parent (and -p
// refuses it), Esc ends every child, and the depth and concurrency limits hold.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { AgentEvent } from '../../../src/core/events.js';
import { BUILT_IN_AGENTS } from '../../../src/core/agents/agent-definitions.js';
import type { TaskDetails } from '../../../src/core/agents/task-details.js';
import { reply, stall } from '../../helpers/fake-anthropic.js';
import { killSleepers, sleepersWith, within } from '../../helpers/survivors.js';
import { bodyOf, childServerAndWorkspace, firstPrompt, parentAgent } from './agent-fixtures.js';

const fx = childServerAndWorkspace();

const task = (id: string, key: string, agent = 'explore') => ({ name: 'task', id, input: { description: `look ${key}`, prompt: `[${key}] find things`, agent } });
type Ev<T extends AgentEvent['type']> = Extract<AgentEvent, { type: T }>;
const resultOf = (events: AgentEvent[], id: string) => events.find((e): e is Ev<'tool_result'> => e.type === 'tool_result' && e.id === id)!;
const childEvents = (events: AgentEvent[], id: string) => events.flatMap((e) => (e.type === 'agent_event' && e.agent.id === id ? [e.event] : []));
const sentResults = (i: number) =>
  (bodyOf(fx.server.requests.filter((r) => !firstPrompt(r).includes('['))[i]!).messages.at(-1)!.content as { type: string; tool_use_id: string; content: string }[]);

describe('the task tool', () => {
  it('runs three explore children at once and returns their answers in call order', async () => {
    for (const k of ['A', 'B', 'C']) fx.routes.set(k, [reply({ text: `answer ${k}`, delayMs: 400 })]);
    fx.server.enqueue(reply({ toolUses: [task('t1', 'A'), task('t2', 'B'), task('t3', 'C')] }), reply({ text: 'all done' }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root });
    const events: AgentEvent[] = [];
    let childRequestsAtFirstAnswer = -1;
    for await (const e of agent.run('explore three things')) {
      events.push(e);
      if (childRequestsAtFirstAnswer < 0 && e.type === 'agent_event' && e.event.type === 'message_end') {
        childRequestsAtFirstAnswer = fx.server.requests.filter((r) => /\[[ABC]\]/.test(firstPrompt(r))).length;
      }
    }
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    // All three children had asked before any of them had its answer: they ran side by side.
    expect(childRequestsAtFirstAnswer).toBe(3);
    expect(events.filter((e): e is Ev<'tool_call'> => e.type === 'tool_call').map((e) => e.readOnly)).toEqual([true, true, true]);
    const results = sentResults(1);
    expect(results.map((r) => r.tool_use_id)).toEqual(['t1', 't2', 't3']);
    results.forEach((r, i) => expect(r.content).toContain(`answer ${'ABC'[i]}`));
    expect(results[0]!.content).toMatch(/^Agent explore completed: 0 tool calls, 0 files changed/);
    const details = resultOf(events, 't1').details as TaskDetails;
    expect(details.envelope).toMatchObject({ status: 'completed', agent: 'explore', answer: 'answer A' });
    // A child runs with its own prompt and system prompt (the definition's body first).
    const childReq = fx.requestsOf('[A]')[0]!;
    expect(String(JSON.stringify(bodyOf(childReq).system))).toContain('You are an explore agent');
    expect(bodyOf(childReq).tools!.map((t) => t.name)).not.toContain('task');
    // The children's requests count in the session's usage (two of the parent's and one per child).
    expect(agent.usage.inputTokens).toBe(5 * 10);
  });

  it('runs two general children one after the other, each a barrier', async () => {
    fx.routes.set('G1', [reply({ toolUses: [{ name: 'write_file', input: { path: 'one.txt', content: '1\n' } }] }), reply({ text: 'wrote one' })]);
    fx.routes.set('G2', [reply({ toolUses: [{ name: 'write_file', input: { path: 'two.txt', content: '2\n' } }] }), reply({ text: 'wrote two' })]);
    fx.server.enqueue(reply({ toolUses: [task('g1', 'G1', 'general'), task('g2', 'G2', 'general')] }), reply({ text: 'both done' }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, mode: 'accept-edits' });
    const events: AgentEvent[] = [];
    let g2RequestsWhenG1Ended = -1;
    for await (const e of agent.run('write two files')) {
      events.push(e);
      if (e.type === 'tool_result' && e.id === 'g1') g2RequestsWhenG1Ended = fx.requestsOf('[G2]').length;
    }
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    expect(g2RequestsWhenG1Ended).toBe(0);
    expect(events.filter((e): e is Ev<'tool_call'> => e.type === 'tool_call' && e.name === 'task').map((e) => e.readOnly)).toEqual([false, false]);
    expect(await fs.readFile(path.join(fx.ws.root, 'one.txt'), 'utf8')).toBe('1\n');
    expect((resultOf(events, 'g2').details as TaskDetails).envelope).toMatchObject({ status: 'completed', filesChanged: ['two.txt'], toolCounts: { write_file: 1 } });
  });

  it("puts a child's ask in the parent's stream, naming the child, and runs the call after yes", async () => {
    fx.routes.set('ASK', [reply({ toolUses: [{ name: 'bash', id: 'c1', input: { command: 'touch made.txt' } }] }), reply({ text: 'made it' })]);
    fx.server.enqueue(reply({ toolUses: [task('g', 'ASK', 'general')] }), reply({ text: 'ok' }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root });
    const asked: AgentEvent[] = [];
    for await (const e of agent.run('make a file')) {
      if (e.type === 'agent_event' && e.event.type === 'approval_request') {
        asked.push(e);
        expect(agent.respondToApproval(e.event.id, { kind: 'yes' })).toBe(true);
      }
    }
    expect(asked).toMatchObject([{ agent: { id: 'g', name: 'general', depth: 1 }, event: { type: 'approval_request', id: 'c1', tool: 'bash' } }]);
    await expect(fs.stat(path.join(fx.ws.root, 'made.txt'))).resolves.toBeTruthy();
  });

  it("denies a child's ask at once in -p, with a message saying how to allow it", async () => {
    fx.routes.set('ASK', [reply({ toolUses: [{ name: 'bash', id: 'c1', input: { command: 'touch made.txt' } }] }), reply({ text: 'could not' })]);
    fx.server.enqueue(reply({ toolUses: [task('g', 'ASK', 'general')] }), reply({ text: 'ok' }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, canAsk: false });
    const events: AgentEvent[] = [];
    for await (const e of agent.run('make a file')) events.push(e);
    const inner = childEvents(events, 'g').find((e): e is Ev<'tool_result'> => e.type === 'tool_result')!;
    expect(inner.isError).toBe(true);
    expect(inner.content).toContain('needs approval: rerun with');
    expect(childEvents(events, 'g').some((e) => e.type === 'approval_request')).toBe(false);
    await expect(fs.stat(path.join(fx.ws.root, 'made.txt'))).rejects.toThrow();
  });

  it('Esc during three children ends them all and leaves the conversation valid for the next prompt', async () => {
    for (const k of ['A', 'B', 'C']) fx.routes.set(k, [stall()]);
    fx.server.enqueue(reply({ toolUses: [task('t1', 'A'), task('t2', 'B'), task('t3', 'C')] }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root });
    const controller = new AbortController();
    const run = (async () => {
      const out: AgentEvent[] = [];
      for await (const e of agent.run('explore', { signal: controller.signal })) out.push(e);
      return out;
    })();
    await vi.waitFor(() => expect(fx.server.requests.filter((r) => /\[[ABC]\]/.test(firstPrompt(r))).length).toBe(3), { timeout: 10_000 });
    controller.abort();
    const events = await run;
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'aborted' });
    for (const id of ['t1', 't2', 't3']) {
      expect(resultOf(events, id).isError).toBe(true);
      expect(resultOf(events, id).content).toContain('interrupted');
    }
    // Every child's connection was closed.
    for (const k of ['A', 'B', 'C']) await fx.server.connectionClosed(fx.server.requests.indexOf(fx.requestsOf(`[${k}]`)[0]!));
    fx.server.enqueue(reply({ text: 'fresh' }));
    const next: AgentEvent[] = [];
    for await (const e of agent.run('again')) next.push(e);
    expect(next.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    const sent = bodyOf(fx.server.requests.at(-1)!).messages;
    const results = (sent[2]!.content as { type: string; tool_use_id: string }[]).filter((b) => b.type === 'tool_result');
    expect(results.map((r) => r.tool_use_id)).toEqual(['t1', 't2', 't3']);
  });

  it("Esc ends a child's running command with its process tree", async () => {
    const marker = `${4000 + Math.floor(Math.random() * 1000)}.${process.pid}`;
    fx.routes.set('SLEEP', [reply({ toolUses: [{ name: 'bash', id: 'c1', input: { command: `sleep ${marker} & sleep ${marker}; echo done` } }] }), reply({ text: 'slept' })]);
    fx.server.enqueue(reply({ toolUses: [task('g', 'SLEEP', 'general')] }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, mode: 'yolo' });
    const controller = new AbortController();
    const run = (async () => {
      for await (const _ of agent.run('sleep', { signal: controller.signal })) void _;
    })();
    try {
      await vi.waitFor(() => expect(sleepersWith(marker)).toHaveLength(2), { timeout: 15_000 });
      controller.abort();
      await run;
      expect(await within(10_000, () => sleepersWith(marker).length === 0)).toBe(true);
    } finally {
      killSleepers(marker);
    }
  });

  it('refuses a grandchild past agents.maxDepth with a clear error', async () => {
    const nester = { name: 'nester', description: 'starts agents', prompt: 'You nest.', model: 'inherit', tools: ['read_file', 'task'], origin: 'workspace' as const };
    fx.routes.set('N1', [reply({ toolUses: [{ name: 'task', id: 'deep', input: { description: 'deeper', prompt: '[N2] go on', agent: 'explore' } }] }), reply({ text: 'nested' })]);
    fx.server.enqueue(reply({ toolUses: [task('n', 'N1', 'nester')] }), reply({ text: 'ok' }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, maxDepth: 1, definitions: [nester, ...BUILT_IN_AGENTS] });
    const events: AgentEvent[] = [];
    for await (const e of agent.run('nest')) events.push(e);
    const deep = childEvents(events, 'n').find((e): e is Ev<'tool_result'> => e.type === 'tool_result' && e.id === 'deep')!;
    expect(deep.isError).toBe(true);
    expect(deep.content).toContain('agents may nest 1 deep at most (setting agents.maxDepth)');
    expect(fx.requestsOf('[N2]')).toHaveLength(0);
  });

  it('runs at most agents.maxConcurrent children at once; the rest wait in order, their rows saying so', async () => {
    for (const k of ['A', 'B', 'C']) fx.routes.set(k, [reply({ text: `answer ${k}`, delayMs: 300 })]);
    fx.server.enqueue(reply({ toolUses: [task('t1', 'A'), task('t2', 'B'), task('t3', 'C')] }), reply({ text: 'done' }));
    const { agent } = parentAgent(fx.server, { root: fx.ws.root, maxConcurrent: 2 });
    const events: AgentEvent[] = [];
    let cRequestsWhenFirstEnded = -1;
    for await (const e of agent.run('explore')) {
      events.push(e);
      if (cRequestsWhenFirstEnded < 0 && e.type === 'tool_result') cRequestsWhenFirstEnded = fx.requestsOf('[C]').length;
    }
    expect(cRequestsWhenFirstEnded).toBe(0);
    expect(events.some((e) => e.type === 'tool_output' && e.id === 't3' && (e.details as TaskDetails).status === 'waiting')).toBe(true);
    expect(sentResults(1).map((r) => r.content.includes(`answer ${'ABC'[sentResults(1).indexOf(r)]}`))).toEqual([true, true, true]);
  });
});
