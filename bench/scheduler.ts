// How long a response's tool calls take under the scheduler: three read-only calls of 100, 200 and
// 300 ms should take about as long as the slowest; with a write between them, the sum. Also how much
// an early start (read-only calls starting while the response still streams) saves.
// Run: node --import tsx bench/scheduler.ts
import { createAgent } from '../src/core/loop.js';
import type { ProviderEvent } from '../src/core/providers/provider.js';
import type { Tool } from '../src/core/tools/tool.js';
import { respond, testProvider, text, toolUse, type Responder } from '../test/helpers/test-provider.js';

const sleeper = (name: string, readOnly: boolean): Tool<{ ms: number }> => ({
  name,
  description: name,
  readOnly,
  inputSchema: { type: 'object', properties: { ms: { type: 'number' } }, required: ['ms'] },
  execute: (input) => new Promise((r) => setTimeout(() => r({ content: 'ok', isError: false }), input.ms)),
});

async function timeTurn(first: Responder): Promise<number> {
  const agent = createAgent({
    provider: testProvider([first, respond([text('done')])]),
    model: 'bench',
    workspaceRoot: process.cwd(),
    maxTokens: 100,
    tools: [sleeper('read', true), sleeper('write', false)],
  });
  const start = performance.now();
  for await (const e of agent.run('go')) void e;
  return performance.now() - start;
}

const reads = respond([toolUse('a', 'read', { ms: 100 }), toolUse('b', 'read', { ms: 200 }), toolUse('c', 'read', { ms: 300 })]);
const mixed = respond([toolUse('a', 'read', { ms: 100 }), toolUse('b', 'write', { ms: 200 }), toolUse('c', 'read', { ms: 300 })]);
// One read arrives, then the rest of the response takes 300 ms to stream.
const slowStream: Responder = async function* () {
  const use = toolUse('a', 'read', { ms: 300 });
  yield { type: 'tool_use_end', index: 0, toolUse: { id: 'a', name: 'read', input: { ms: 300 } } } satisfies ProviderEvent;
  await new Promise((r) => setTimeout(r, 300));
  yield { type: 'message_end', message: { role: 'assistant', content: [use] }, stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0 }, inputErrors: {} };
};

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function measure(name: string, make: () => Responder, expectMs: string) {
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) runs.push(await timeTurn(make()));
  console.log(`${name.padEnd(48)} median ${median(runs).toFixed(0)} ms  (${expectMs})`);
}

await measure('[read 100, read 200, read 300]', () => reads, 'concurrent: ~300');
await measure('[read 100, write 200, read 300]', () => mixed, 'barrier: ~600');
await measure('read 300 ms during a 300 ms stream tail', () => slowStream, 'early start: ~300, not ~600');
