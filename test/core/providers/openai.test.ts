// The OpenAI-compatible provider against the real openai SDK and a fake server speaking real SSE.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAIProvider, type OpenAIProviderOptions } from '../../../src/core/providers/openai.js';
import { PRESETS, type OpenAIPreset } from '../../../src/core/providers/presets.js';
import type { ProviderEvent, ProviderRequest } from '../../../src/core/providers/provider.js';
import { collect } from '../../helpers/collect.js';
import { call, completion, startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai.js';

const KEY = 'sk-test-fake-openai-0001';
let fake: FakeOpenAI;

beforeEach(async () => {
  fake = await startFakeOpenAI();
});
afterEach(async () => {
  await fake.close();
});

const quirksOf = (name: 'openai' | 'deepseek' | 'openrouter' | 'ollama') => (PRESETS[name] as OpenAIPreset).quirks;

function provider(extra: Partial<OpenAIProviderOptions> = {}) {
  return createOpenAIProvider({ apiKey: KEY, baseURL: fake.url, model: 'fake-model', title: 'Fake', quirks: quirksOf('ollama'), retryBaseDelayMs: 1, ...extra });
}

function request(extra: Partial<ProviderRequest> = {}): ProviderRequest {
  return {
    model: 'fake-model',
    system: 'You are a test.',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    tools: [],
    maxTokens: 1000,
    ...extra,
  };
}

const readTool = {
  name: 'read_file',
  description: 'Reads a file',
  input_schema: { type: 'object' as const, properties: { path: { type: 'string' as const } }, required: ['path'] },
};

const messageEnd = (events: ProviderEvent[]) => {
  const last = events.at(-1);
  if (last?.type !== 'message_end') throw new Error(`last event is ${last?.type}`);
  return last;
};
const sentBody = (i = 0) => fake.completions()[i]!.body as Record<string, unknown>;

describe('openai provider: streaming', () => {
  it('streams text deltas and ends with the whole message and its usage', async () => {
    fake.enqueue(completion({ text: ['Hel', 'lo ', 'world'], usage: { prompt_tokens: 120, completion_tokens: 7, cached_tokens: 100 } }));
    const events = await collect(provider().stream(request(), new AbortController().signal));
    expect(events.filter((e) => e.type === 'text_delta').map((e) => (e as { text: string }).text)).toEqual(['Hel', 'lo ', 'world']);
    const end = messageEnd(events);
    expect(end.message).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Hello world' }] });
    expect(end.stopReason).toBe('end_turn');
    // Cached prompt tokens are counted apart, as Anthropic's input_tokens leaves them out.
    expect(end.usage).toEqual({ inputTokens: 20, outputTokens: 7, cacheReadTokens: 100, cacheWriteTokens: 0 });
  });

  it('sends model, system, messages, max_tokens, stream_options and the tools as functions, with the key', async () => {
    fake.enqueue(completion({ text: 'ok' }));
    await collect(provider().stream(request({ tools: [readTool], maxTokens: 4321 }), new AbortController().signal));
    const sent = fake.completions()[0]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.auth).toBe('bearer');
    expect(JSON.stringify(sent.headers)).not.toContain(KEY);
    expect(sent.body).toEqual({
      model: 'fake-model',
      messages: [
        { role: 'system', content: 'You are a test.' },
        { role: 'user', content: 'hi' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 4321,
      tools: [{ type: 'function', function: { name: 'read_file', description: 'Reads a file', parameters: readTool.input_schema } }],
    });
  });

  it("uses OpenAI's max_completion_tokens for the openai preset, and reasoning_effort for --thinking", async () => {
    fake.enqueue(completion({ text: 'ok' }));
    await collect(provider({ quirks: quirksOf('openai') }).stream(request({ maxTokens: 900, thinkingBudget: 8000 }), new AbortController().signal));
    expect(sentBody()).toMatchObject({ max_completion_tokens: 900, reasoning_effort: 'medium' });
    expect(sentBody()).not.toHaveProperty('max_tokens');
  });

  it('sends no Authorization header when there is no key (a local server)', async () => {
    fake.enqueue(completion({ text: 'ok' }));
    const local = createOpenAIProvider({ baseURL: fake.url, model: 'm', title: 'Ollama', quirks: quirksOf('ollama') });
    expect(messageEnd(await collect(local.stream(request(), new AbortController().signal))).message.content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(fake.completions()[0]!.auth).toBe('none');
  });

  it('assembles one tool call from its argument deltas and ends with tool_use', async () => {
    fake.enqueue(completion({ text: 'Reading.', toolCalls: [{ id: 'call_1', name: 'read_file', argumentsChunks: ['{"pa', 'th": "a.', 'txt"}'] }] }));
    const events = await collect(provider().stream(request({ tools: [readTool] }), new AbortController().signal));
    expect(events.filter((e) => e.type !== 'text_delta').map((e) => e.type)).toEqual(['tool_use_start', 'tool_use_end', 'message_end']);
    const end = messageEnd(events);
    expect(end.stopReason).toBe('tool_use');
    expect(end.message.content).toEqual([
      { type: 'text', text: 'Reading.' },
      { type: 'tool_use', id: 'call_1', name: 'read_file', input: { path: 'a.txt' } },
    ]);
    expect(end.inputErrors).toEqual({});
  });

  it('assembles three parallel calls by index, even with their deltas interleaved, in order', async () => {
    fake.enqueue(
      completion({
        interleave: true,
        toolCalls: [call('read_file', { path: 'a' }, 'call_a'), call('read_file', { path: 'b' }, 'call_b'), call('list_files', { path: '.' }, 'call_c')],
      }),
    );
    const events = await collect(provider().stream(request({ tools: [readTool] }), new AbortController().signal));
    expect(events.filter((e) => e.type === 'tool_use_start').map((e) => (e as { id: string }).id)).toEqual(['call_a', 'call_b', 'call_c']);
    const ended = events.flatMap((e) => (e.type === 'tool_use_end' ? [e.toolUse] : []));
    expect(ended.map((u) => [u.id, u.input])).toEqual([
      ['call_a', { path: 'a' }],
      ['call_b', { path: 'b' }],
      ['call_c', { path: '.' }],
    ]);
    expect(messageEnd(events).message.content.map((b) => (b.type === 'tool_use' ? b.id : b.type))).toEqual(['call_a', 'call_b', 'call_c']);
  });

  it('hands over a call as soon as the next one starts, so it can run while the rest streams', async () => {
    fake.enqueue(completion({ toolCalls: [call('read_file', { path: 'a' }, 'call_a'), call('read_file', { path: 'b' }, 'call_b')] }));
    const events = await collect(provider().stream(request({ tools: [readTool] }), new AbortController().signal));
    const order = events.map((e) => (e.type === 'tool_use_start' || e.type === 'tool_use_end' ? `${e.type}:${e.type === 'tool_use_start' ? e.id : e.toolUse.id}` : e.type));
    expect(order).toEqual(['tool_use_start:call_a', 'tool_use_end:call_a', 'tool_use_start:call_b', 'tool_use_end:call_b', 'message_end']);
  });

  it('gives calls without ids (some local servers) unique ids of their own', async () => {
    fake.enqueue(completion({ omitIds: true, toolCalls: [call('read_file', { path: 'a' }), call('read_file', { path: 'b' })] }));
    const end = messageEnd(await collect(provider().stream(request({ tools: [readTool] }), new AbortController().signal)));
    const ids = end.message.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id).toMatch(/^call_[0-9a-f]{24}$/);
  });

  it.each(['reasoning_content', 'reasoning'] as const)('streams %s deltas as thinking, ended before the answer', async (field) => {
    fake.enqueue(completion({ reasoning: ['Let me ', 'think.'], reasoningField: field, text: 'Answer.' }));
    const events = await collect(provider().stream(request(), new AbortController().signal));
    expect(events.map((e) => e.type)).toEqual(['thinking_delta', 'thinking_delta', 'thinking_end', 'text_delta', 'message_end']);
    expect(events.filter((e) => e.type === 'thinking_delta').map((e) => (e as { thinking: string }).thinking).join('')).toBe('Let me think.');
    expect(messageEnd(events).message.content).toEqual([
      { type: 'thinking', thinking: 'Let me think.', signature: 'inkling:openai-reasoning' },
      { type: 'text', text: 'Answer.' },
    ]);
  });

  it('maps finish reasons: length → max_tokens, content_filter → refusal, stop after calls → tool_use', async () => {
    fake.enqueue(
      completion({ text: 'cut here', finishReason: 'length' }),
      completion({ text: 'no', finishReason: 'content_filter' }),
      completion({ toolCalls: [call('read_file', { path: 'a' })], finishReason: 'stop' }),
    );
    const reasons = [];
    for (let i = 0; i < 3; i++) reasons.push(messageEnd(await collect(provider().stream(request(), new AbortController().signal))).stopReason);
    expect(reasons).toEqual(['max_tokens', 'refusal', 'tool_use']);
  });

  it('turns JSON cut by `length` inside a tool call into an input error for that call only', async () => {
    fake.enqueue(
      completion({
        toolCalls: [call('read_file', { path: 'whole' }, 'call_ok'), { id: 'call_cut', name: 'write_file', argumentsChunks: ['{"path": "x", "content": "unfini'] }],
        finishReason: 'length',
      }),
    );
    const end = messageEnd(await collect(provider().stream(request(), new AbortController().signal)));
    expect(end.stopReason).toBe('max_tokens');
    expect(end.message.content).toEqual([
      { type: 'tool_use', id: 'call_ok', name: 'read_file', input: { path: 'whole' } },
      { type: 'tool_use', id: 'call_cut', name: 'write_file', input: {} },
    ]);
    expect(Object.keys(end.inputErrors)).toEqual(['call_cut']);
    expect(end.inputErrors.call_cut).toMatch(/^The input for write_file was not valid JSON .*it may have been cut off\. Received: \{"path": "x", "content": "unfini$/);
  });

  it('turns malformed arguments into an input error, and arguments that are not an object too', async () => {
    fake.enqueue(completion({ toolCalls: [{ id: 'bad', name: 'read_file', argumentsChunks: ['{path: a}'] }, { id: 'arr', name: 'read_file', argumentsChunks: ['["a"]'] }] }));
    const end = messageEnd(await collect(provider().stream(request(), new AbortController().signal)));
    expect(end.inputErrors.bad).toMatch(/not valid JSON/);
    expect(end.inputErrors.arr).toBe('The input for read_file must be a JSON object; received: ["a"]');
  });

  it('keeps the answer when the server sends no usage and no [DONE]', async () => {
    fake.enqueue(completion({ text: 'fine', end: 'no-done' }));
    const end = messageEnd(await collect(provider().stream(request(), new AbortController().signal)));
    expect(end.message.content).toEqual([{ type: 'text', text: 'fine' }]);
    expect(end.usage.inputTokens).toBe(0);
  });
});

describe('openai provider: what goes back to the endpoint', () => {
  const loop: ProviderRequest['messages'] = [
    { role: 'user', content: [{ type: 'text', text: 'old question' }] },
    { role: 'assistant', content: [{ type: 'thinking', thinking: 'old thoughts', signature: 'inkling:openai-reasoning' }, { type: 'text', text: 'old answer' }] },
    { role: 'user', content: [{ type: 'text', text: 'read a' }] },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'I need a', signature: 'inkling:openai-reasoning' },
        { type: 'tool_use', id: 'call_1', name: 'read_file', input: { path: 'a' } },
      ],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1', content: 'A' }] },
  ];

  it('leaves reasoning out by default', async () => {
    fake.enqueue(completion({ text: 'ok' }));
    await collect(provider().stream(request({ messages: loop }), new AbortController().signal));
    expect(JSON.stringify(sentBody().messages)).not.toMatch(/thoughts|I need a|reasoning/);
  });

  it("sends the running tool loop's reasoning back to DeepSeek, and not older turns'", async () => {
    fake.enqueue(completion({ text: 'ok' }));
    await collect(provider({ quirks: quirksOf('deepseek') }).stream(request({ messages: loop }), new AbortController().signal));
    const messages = sentBody().messages as Record<string, unknown>[];
    expect(messages.filter((m) => m.role === 'assistant')).toEqual([
      { role: 'assistant', content: 'old answer' },
      {
        role: 'assistant',
        content: null,
        reasoning_content: 'I need a',
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } }],
      },
    ]);
  });

  it('sends strict schemas to OpenRouter and an X-Title header', async () => {
    fake.enqueue(completion({ text: 'ok' }));
    const tool = { ...readTool, input_schema: { ...readTool.input_schema, additionalProperties: false } };
    await collect(provider({ quirks: quirksOf('openrouter') }).stream(request({ tools: [tool] }), new AbortController().signal));
    const tools = sentBody().tools as { function: { parameters: Record<string, unknown> } }[];
    expect(tools[0]!.function.parameters).toEqual({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] });
    expect(fake.completions()[0]!.headers['x-title']).toBe('inkling');
  });
});
