// Compaction and a dropped result over the real openai SDK and the fake OpenAI-compatible server:
// the summary request goes to the same provider without tools, and the next request carries the
// summary and the kept turns; a 400 "maximum context length" is compacted away once and asked again.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SUMMARY_HEADER } from '../../../src/core/context/compaction.js';
import { createAgent } from '../../../src/core/loop.js';
import { createOpenAIProvider } from '../../../src/core/providers/openai.js';
import { PRESETS, type OpenAIPreset } from '../../../src/core/providers/presets.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { collect } from '../../helpers/collect.js';
import { call, completion, startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai.js';
import { makeTempWorkspace } from '../../helpers/tool-context.js';

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

type Sent = { tools?: unknown[]; messages: { role: string; content: string | null; tool_call_id?: string }[] };
const sent = (i: number) => server.completions()[i]!.body as Sent;

describe('context work over an OpenAI-compatible provider', () => {
  it('drops a result, compacts through the same provider without tools, and sends the summary next', async () => {
    await writeFile(path.join(ws.root, 'a.txt'), 'ALPHA CONTENT\n');
    const provider = createOpenAIProvider({ baseURL: server.url, model: 'fake-model', title: 'vLLM', quirks: (PRESETS.vllm as OpenAIPreset).quirks, retryBaseDelayMs: 5 });
    const a = createAgent({ provider, model: 'fake-model', workspaceRoot: ws.root, maxTokens: 2000, tools: fileTools(), sessionDir: path.join(ws.root, '..', 'session') });
    server.enqueue(completion({ toolCalls: [call('read_file', { path: 'a.txt' }, 'call_a')] }), completion({ text: 'Read.' }));
    await collect(a.run('one'));
    a.setContextEdit!('call_a', 'drop');
    for (const p of ['two', 'three']) {
      server.enqueue(completion({ text: `answer ${p}` }));
      await collect(a.run(p));
    }
    expect(sent(2).messages.find((m) => m.role === 'tool')!.content).toMatch(/^\[result removed by the user to save context: read_file a\.txt, \d+ tokens\]$/);
    server.enqueue(completion({ text: 'Summary of one.' }));
    const events = await collect(a.compact!());
    expect(events.map((e) => e.type)).toEqual(['compaction_start', 'compaction']);
    expect(sent(4).tools ?? []).toEqual([]);
    expect(sent(4).messages.at(-1)!.content).toContain('Person: one');
    server.enqueue(completion({ text: 'four' }));
    await collect(a.run('four'));
    const next = sent(5).messages.filter((m) => m.role !== 'system');
    expect(next[0]!.content).toContain(`${SUMMARY_HEADER}\nSummary of one.`);
    expect(next.some((m) => m.role === 'tool')).toBe(false);
  });

  it('a 400 "maximum context length" compacts once and asks again', async () => {
    const provider = createOpenAIProvider({ baseURL: server.url, model: 'fake-model', title: 'vLLM', quirks: (PRESETS.vllm as OpenAIPreset).quirks, retryBaseDelayMs: 5 });
    const a = createAgent({ provider, model: 'fake-model', workspaceRoot: ws.root, maxTokens: 2000, tools: fileTools(), sessionDir: path.join(ws.root, '..', 'session') });
    for (const p of ['one', 'two', 'three']) {
      server.enqueue(completion({ text: `answer ${p}` }));
      await collect(a.run(p));
    }
    server.enqueue(
      { kind: 'error', status: 400, message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens." },
      completion({ text: 'Summary of one.' }),
      completion({ text: 'four' }),
    );
    const events = await collect(a.run('four'));
    expect(events.some((e) => e.type === 'error')).toBe(false);
    expect(events.find((e) => e.type === 'compaction')).toMatchObject({ reason: 'auto' });
    const retried = sent(5).messages.filter((m) => m.role !== 'system');
    expect(retried[0]!.content).toContain(`${SUMMARY_HEADER}\nSummary of one.`);
    expect(retried.at(-1)!.content).toContain('four');
  });
});
