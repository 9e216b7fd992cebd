import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/core/loop.js';
import type { AgentEvent } from '../../src/core/events.js';
import { gateLog, gateTool } from '../helpers/gate-tools.js';
import { respond, testProvider, text, toolUse, type Responder } from '../helpers/test-provider.js';
import { collect } from '../helpers/collect.js';

function setup(responders: Responder[]) {
  const log = gateLog();
  const provider = testProvider(responders);
  const agent = createAgent({
    provider,
    model: 'test',
    workspaceRoot: process.cwd(),
    maxTokens: 1000,
    tools: [gateTool('read', true, log), gateTool('write', false, log)],
  });
  return { log, provider, agent };
}

describe('scheduler', () => {
  it('runs three read-only calls at the same time and returns results in request order', async () => {
    const { log, agent, provider } = setup([
      respond([toolUse('t1', 'read', { key: 'a' }), toolUse('t2', 'read', { key: 'b' }), toolUse('t3', 'read', { key: 'c' })]),
      respond([text('done')]),
    ]);
    const events = collect(agent.run('go'));
    await Promise.all([log.started('a'), log.started('b'), log.started('c')]);
    expect([...log.running].sort()).toEqual(['a', 'b', 'c']);
    // Finish out of order: results must still come back in request order.
    log.release('c');
    log.release('a');
    log.release('b');
    const all = await events;
    expect(all.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    const sent = provider.requests[1]!.messages.at(-1)!;
    expect(sent.role).toBe('user');
    expect(sent.content.map((b) => (b.type === 'tool_result' ? [b.tool_use_id, b.content] : null))).toEqual([
      ['t1', 'out:a'],
      ['t2', 'out:b'],
      ['t3', 'out:c'],
    ]);
  });

  it('makes a write wait for earlier reads, and later reads wait for the write', async () => {
    const { log, agent } = setup([
      respond([toolUse('t1', 'read', { key: 'r1' }), toolUse('t2', 'write', { key: 'w' }), toolUse('t3', 'read', { key: 'r2' })]),
      respond([text('done')]),
    ]);
    const events = collect(agent.run('go'));
    await log.started('r1');
    // Give the scheduler every chance to start something it shouldn't.
    await new Promise((r) => setImmediate(r));
    expect([...log.running]).toEqual(['r1']);
    log.release('r1');
    await log.started('w');
    await new Promise((r) => setImmediate(r));
    expect([...log.running]).toEqual(['w']);
    log.release('w');
    await log.started('r2');
    log.release('r2');
    await events;
    expect(log.events).toEqual(['start r1', 'end r1', 'start w', 'end w', 'start r2', 'end r2']);
  });

  it('starts a read-only call while the response is still streaming, but never a write', async () => {
    const { log, agent } = setup([
      async function* () {
        yield { type: 'tool_use_end', index: 0, toolUse: { id: 't1', name: 'read', input: { key: 'early' } } };
        await log.started('early'); // the read runs before the message has ended
        yield { type: 'tool_use_end', index: 1, toolUse: { id: 't2', name: 'write', input: { key: 'w' } } };
        await new Promise((r) => setImmediate(r));
        expect(log.events).not.toContain('start w');
        log.release('early');
        yield {
          type: 'message_end',
          message: { role: 'assistant', content: [toolUse('t1', 'read', { key: 'early' }), toolUse('t2', 'write', { key: 'w' })] },
          stopReason: 'tool_use',
          usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 },
          inputErrors: {},
        };
      },
      respond([text('done')]),
    ]);
    const events = collect(agent.run('go'));
    await log.started('w');
    log.release('w');
    expect((await events).at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
  });

  it('caps concurrent read-only calls at 8', async () => {
    const keys = Array.from({ length: 10 }, (_, i) => `k${i}`);
    const { log, agent } = setup([respond(keys.map((k, i) => toolUse(`t${i}`, 'read', { key: k }))), respond([text('ok')])]);
    const events = collect(agent.run('go'));
    await Promise.all(keys.slice(0, 8).map((k) => log.started(k)));
    await new Promise((r) => setImmediate(r));
    expect(log.running.size).toBe(8);
    for (const k of keys) log.release(k);
    await events;
    expect(log.maxRunning).toBe(8);
    expect(log.events.filter((e) => e.startsWith('end'))).toHaveLength(10);
  });

  it('treats an unknown tool as a barrier and answers it with the list of tools', async () => {
    const { log, agent, provider } = setup([
      respond([toolUse('t1', 'read', { key: 'a' }), toolUse('t2', 'nope', {}), toolUse('t3', 'read', { key: 'b' })]),
      respond([text('ok')]),
    ]);
    const events = collect(agent.run('go'));
    await log.started('a');
    await new Promise((r) => setImmediate(r));
    expect([...log.running]).toEqual(['a']);
    log.release('a');
    await log.started('b');
    log.release('b');
    await events;
    const results = provider.requests[1]!.messages.at(-1)!.content;
    const unknown = results[1]!;
    expect(unknown).toMatchObject({ type: 'tool_result', tool_use_id: 't2', is_error: true });
    expect(unknown.type === 'tool_result' && unknown.content).toMatch(/Unknown tool "nope".*read, write/);
  });
});
