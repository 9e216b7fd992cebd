// The whole core against the real openai SDK: loop + OpenAI-compatible provider + real tools,
// over real SSE from the fake server.
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/core/loop.js';
import { createOpenAIProvider } from '../../src/core/providers/openai.js';
import { PRESETS, type OpenAIPreset } from '../../src/core/providers/presets.js';
import { fileTools } from '../../src/core/tools/file-tools.js';
import { collect } from '../helpers/collect.js';
import { call, completion, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { makeTempWorkspace } from '../helpers/tool-context.js';

let server: FakeOpenAI;
let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;

beforeAll(async () => {
  server = await startFakeOpenAI();
});
afterAll(async () => server.close());
beforeEach(async () => {
  ws = await makeTempWorkspace();
  server.requests.length = 0;
});
afterEach(async () => ws.cleanup());

function makeAgent() {
  const provider = createOpenAIProvider({ baseURL: server.url, model: 'fake-model', title: 'vLLM', quirks: (PRESETS.vllm as OpenAIPreset).quirks, retryBaseDelayMs: 5 });
  return createAgent({ provider, model: 'fake-model', workspaceRoot: ws.root, maxTokens: 2000, tools: fileTools(), streamRetry: { baseDelayMs: 1, maxDelayMs: 1 } });
}

type Sent = { messages: { role: string; content: string | null; tool_call_id?: string }[] };
const toolMessages = (i: number) => (server.completions()[i]!.body as Sent).messages.filter((m) => m.role === 'tool');

describe('agent over the real openai SDK', () => {
  it('runs three read_file calls from one response side by side and sends the results back in order', async () => {
    for (const n of [1, 2, 3]) await writeFile(path.join(ws.root, `f${n}.txt`), `content of file ${n}\n`);
    server.enqueue(
      completion({ interleave: true, toolCalls: [1, 2, 3].map((n) => call('read_file', { path: `f${n}.txt` }, `call_${n}`)) }),
      completion({ text: 'Read them all.' }),
    );
    const events = await collect(makeAgent().run('read the three files'));
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    expect(events.filter((e) => e.type === 'tool_call').map((e) => e.type === 'tool_call' && [e.id, e.readOnly])).toEqual([
      ['call_1', true],
      ['call_2', true],
      ['call_3', true],
    ]);
    const results = toolMessages(1);
    expect(results.map((m) => m.tool_call_id)).toEqual(['call_1', 'call_2', 'call_3']);
    results.forEach((m, i) => expect(m.content).toContain(`content of file ${i + 1}`));
  });

  it('gives a call with malformed arguments an error result and still runs the others', async () => {
    await writeFile(path.join(ws.root, 'ok.txt'), 'fine\n');
    server.enqueue(
      completion({ toolCalls: [call('read_file', { path: 'ok.txt' }, 'call_ok'), { id: 'call_bad', name: 'read_file', argumentsChunks: ['{"path": ok.txt}'] }] }),
      completion({ text: 'One worked.' }),
    );
    const events = await collect(makeAgent().run('read'));
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    const [ok, bad] = toolMessages(1);
    expect(ok).toMatchObject({ tool_call_id: 'call_ok', content: expect.stringContaining('fine') });
    expect(bad!.tool_call_id).toBe('call_bad');
    expect(bad!.content).toMatch(/^\[tool error\] .*The input for read_file was not valid JSON/);
  });

  it('ends the turn with max_tokens when `length` cut a tool call, after giving it an error result', async () => {
    server.enqueue(completion({ toolCalls: [{ id: 'call_cut', name: 'write_file', argumentsChunks: ['{"path": "a.txt", "content": "hal'] }], finishReason: 'length' }));
    const agent = makeAgent();
    const events = await collect(agent.run('write'));
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'max_tokens' });
    const result = events.find((e) => e.type === 'tool_result');
    expect(result).toMatchObject({ id: 'call_cut', isError: true, content: expect.stringContaining('may have been cut off') });
    // Nothing was written from the cut input.
    await expect(stat(path.join(ws.root, 'a.txt'))).rejects.toThrow(/ENOENT/);
    expect(agent.messages.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_cut', is_error: true }] });
  });

  it('asks again, through the loop, for a response cut after its text had started', async () => {
    server.enqueue(completion({ text: ['Half an ', 'ans'], end: 'cut' }), completion({ text: 'A whole answer.' }));
    const agent = makeAgent();
    const events = await collect(agent.run('answer'));
    expect(events.filter((e) => e.type === 'retry')).toEqual([expect.objectContaining({ reason: 'connection lost', discardPartial: true })]);
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    expect(agent.messages.at(-1)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'A whole answer.' }] });
    // The cut half was not sent back the second time.
    expect(JSON.stringify(server.completions()[1]!.body)).not.toContain('Half an');
  });
});
