// The first-call warm-up lets the event loop turn between its parts, so a key pressed while it
// runs is handled after the part in progress, not after all of them; and it waits while a turn
// runs, so it never competes with one.
import { describe, expect, it } from 'vitest';
import { warmUpFirstCall } from '../../src/core/first-call-warmup.js';
import { createAgent } from '../../src/core/loop.js';
import type { AnyTool } from '../../src/core/tools/tool.js';
import { collect } from '../helpers/collect.js';
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

  it('goes on past a tool whose warm-up fails', async () => {
    const seen: string[] = [];
    const failing = { ...tool('bad', seen), warmUp: () => Promise.reject(new Error('no addon')) };
    await expect(warmUpFirstCall({ tools: [failing, tool('good', seen)] })).resolves.toBeUndefined();
    expect(seen).toEqual(['good']);
  });

  it('waits while a turn runs, and goes on once it has ended', async () => {
    const seen: string[] = [];
    const answer = deferred();
    const held: Responder = async function* (req, signal) {
      await answer.promise;
      yield* respond([text('held answer')])(req, signal);
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
});
