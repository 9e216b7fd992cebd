// The first-call warm-up lets the event loop turn between its parts, so a key pressed while it
// runs is handled after the part in progress, not after all of them; it waits while a turn
// streams or runs its calls, so it never competes with one; and it uses the time a turn's request
// waits for the model's first byte (a real model on 127.0.0.1 that is slow to answer).
import { describe, expect, it } from 'vitest';
import { warmUpFirstCall } from '../../src/core/first-call-warmup.js';
import { createAgent } from '../../src/core/loop.js';
import type { AnyTool } from '../../src/core/tools/tool.js';
import { createAnthropicProvider } from '../../src/core/providers/anthropic.js';
import { collect } from '../helpers/collect.js';
import { reply, startFakeAnthropic } from '../helpers/fake-anthropic.js';
import { deferred, respond, testProvider, text, type Responder } from '../helpers/test-provider.js';

/** A tool whose warm-up has nothing to load: it resolves at once, as one whose modules are cached does. */
function tool(name: string, seen: string[]): AnyTool {
  return {
    name,
    description: name,
    readOnly: true,
    inputSchema: { type: 'object', properties: {}, required: [] },
    execute: async () => ({ content: '', isError: false }),
    warmUp: async () => void seen.push(name),
  };
}

describe('warming up for the first call', () => {
  it('runs each part in a turn of the event loop of its own', async () => {
    const seen: string[] = [];
    const warming = warmUpFirstCall({ tools: [tool('one', seen), tool('two', seen), tool('three', seen)] });
    // Stands for a key that arrives once the warm-up has begun.
    setImmediate(() => seen.push('key'));
    await warming;
    expect(seen.indexOf('key')).toBeGreaterThan(-1);
    expect(seen.indexOf('key')).toBeLessThan(seen.indexOf('three'));
    expect(seen.filter((s) => s !== 'key')).toEqual(['one', 'two', 'three']);
  });

  it("begins with the answering provider's part (the first request comes before the first call), and goes on past one that fails", async () => {
    const seen: string[] = [];
    const provider = (warmUp: () => Promise<void>) => ({ ...testProvider([]), warmUp });
    await warmUpFirstCall({ provider: () => provider(async () => void seen.push('provider')), tools: [tool('one', seen)] });
    expect(seen).toEqual(['provider', 'one']);
    await warmUpFirstCall({ provider: () => provider(() => Promise.reject(new Error('no fetch'))), tools: [tool('two', seen)] });
    expect(seen).toEqual(['provider', 'one', 'two']);
  });

  it('goes on past a tool whose warm-up fails', async () => {
    const seen: string[] = [];
    const failing = { ...tool('bad', seen), warmUp: () => Promise.reject(new Error('no addon')) };
    await expect(warmUpFirstCall({ tools: [failing, tool('good', seen)] })).resolves.toBeUndefined();
    expect(seen).toEqual(['good']);
  });

  it('waits while a turn streams its answer, and goes on once it has ended', async () => {
    const seen: string[] = [];
    const answer = deferred();
    // The model has begun to answer (its first event is in), then holds the rest.
    const held: Responder = async function* (req, signal) {
      const events = respond([text('held answer')])(req, signal)[Symbol.asyncIterator]();
      const first = await events.next();
      if (!first.done) yield first.value;
      await answer.promise;
      for (let e = await events.next(); !e.done; e = await events.next()) yield e.value;
    };
    const agent = createAgent({ provider: testProvider([held]), model: 'test', workspaceRoot: process.cwd(), maxTokens: 1000, tools: [tool('one', seen), tool('two', seen)] });
    const turn = collect(agent.run('hold on'));
    const warming = agent.warmUp();
    // Many turns of the event loop: each part would have run in one of them.
    for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
    expect(seen).toEqual([]);
    answer.resolve();
    expect((await turn).at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    await warming;
    expect(seen).toEqual(['one', 'two']);
    await agent.dispose();
  });

  it('after a turn, waits a moment before its next part: the turn’s end is drawn first', async () => {
    const seen: string[] = [];
    const agent = createAgent({ provider: testProvider([respond([text('quick')])]), model: 'test', workspaceRoot: process.cwd(), maxTokens: 1000, tools: [tool('one', seen), tool('two', seen)] });
    const turn = collect(agent.run('quick one'));
    const warming = agent.warmUp();
    expect((await turn).at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    // Many turns of the event loop after turn_end (what draws the turn's end runs in them): no part yet.
    for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
    expect(seen).toEqual([]);
    await warming;
    expect(seen).toEqual(['one', 'two']);
    await agent.dispose();
  });

  it('goes on while a request waits for the model’s first byte', async () => {
    const order: string[] = [];
    const fake = await startFakeAnthropic();
    // The model takes its time before it answers (far past FIRST_BYTE_GRACE_MS), then streams.
    fake.enqueue({ ...reply({ text: ['slow ', 'answer'] }), delayMs: 1500 });
    const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fake.url, model: 'claude-fake' });
    const agent = createAgent({ provider, model: 'claude-fake', workspaceRoot: process.cwd(), maxTokens: 1000, tools: [tool('one', order), tool('two', order)] });
    try {
      const turn = (async () => {
        for await (const e of agent.run('take your time')) order.push(e.type);
      })();
      const warming = agent.warmUp();
      await turn;
      await warming;
      // Both parts ran while the request waited: before the answer's first event, not after the turn.
      expect(order.indexOf('two')).toBeGreaterThan(order.indexOf('request_start'));
      expect(order.indexOf('two')).toBeLessThan(order.findIndex((t) => t === 'text_delta'));
      expect(order.at(-1)).toBe('turn_end');
    } finally {
      await agent.dispose();
      await fake.close();
    }
  });
});
