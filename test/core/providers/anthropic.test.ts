// The Anthropic provider against the real SDK and a fake Messages API speaking real SSE.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider, type AnthropicProviderOptions } from '../../../src/core/providers/anthropic.js';
import type { ProviderEvent, ProviderRequest } from '../../../src/core/providers/provider.js';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../../helpers/fake-anthropic.js';
import { collect } from '../../helpers/collect.js';

const KEY = 'sk-test-provider-key-0001';
let fake: FakeAnthropic;

beforeEach(async () => {
  fake = await startFakeAnthropic();
});
afterEach(async () => {
  await fake.close();
});

function provider(extra: Partial<AnthropicProviderOptions> = {}) {
  return createAnthropicProvider({ apiKey: KEY, baseURL: fake.url, model: 'claude-test', retryBaseDelayMs: 1, ...extra });
}

function request(extra: Partial<ProviderRequest> = {}): ProviderRequest {
  return {
    model: 'claude-test',
    system: 'You are a test.',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    tools: [],
    maxTokens: 1000,
    ...extra,
  };
}

const messageEnd = (events: ProviderEvent[]) => {
  const last = events.at(-1);
  if (last?.type !== 'message_end') throw new Error(`last event is ${last?.type}`);
  return last;
};

describe('anthropic provider: streaming', () => {
  it('streams text deltas and ends with the whole message', async () => {
    fake.enqueue(reply({ text: ['Hel', 'lo ', 'world'] }));
    const events = await collect(provider().stream(request(), new AbortController().signal));
    expect(events.filter((e) => e.type === 'text_delta').map((e) => (e as { text: string }).text)).toEqual(['Hel', 'lo ', 'world']);
    const end = messageEnd(events);
    expect(end.message).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Hello world' }] });
    expect(end.stopReason).toBe('end_turn');
    expect(end.inputErrors).toEqual({});
  });

  it('sends model, system, messages, tools and max_tokens as given, with the key and without thinking', async () => {
    fake.enqueue(reply({ text: 'ok' }));
    const tools = [
      { name: 'read', description: 'Reads a file', input_schema: { type: 'object' as const, properties: { path: { type: 'string' as const } }, required: ['path'] } },
    ];
    const messages: ProviderRequest['messages'] = [
      { role: 'user', content: [{ type: 'text', text: 'read a' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'I should read it', signature: 'sig-1' },
          { type: 'redacted_thinking', data: 'opaque' },
          { type: 'tool_use', id: 'toolu_1', name: 'read', input: { path: 'a' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'A', is_error: false }] },
    ];
    await collect(provider().stream(request({ tools, messages, maxTokens: 4321 }), new AbortController().signal));
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/v1/messages');
    expect(sent.auth).not.toBe('none');
    expect(JSON.stringify(sent.headers)).not.toContain(KEY);
    expect(sent.body).toEqual({ model: 'claude-test', max_tokens: 4321, system: 'You are a test.', messages, tools, stream: true });
  });

  it('sends the thinking parameter when a budget is set', async () => {
    fake.enqueue(reply({ text: 'ok' }));
    await collect(provider().stream(request({ thinkingBudget: 2048 }), new AbortController().signal));
    expect((fake.requests[0]!.body as { thinking: unknown }).thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
  });

  it('with promptCaching, marks the system prompt and the newest block, leaving the given messages untouched', async () => {
    fake.enqueue(reply({ text: 'ok' }));
    const messages: ProviderRequest['messages'] = [
      { role: 'user', content: [{ type: 'text', text: 'read a' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'read', input: { path: 'a' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'A' }] },
    ];
    const given = structuredClone(messages);
    await collect(provider({ promptCaching: true }).stream(request({ messages }), new AbortController().signal));
    const body = fake.requests[0]!.body as { system: unknown; messages: unknown[] };
    expect(body.system).toEqual([{ type: 'text', text: 'You are a test.', cache_control: { type: 'ephemeral' } }]);
    expect(body.messages.slice(0, 2)).toEqual(messages.slice(0, 2));
    expect(body.messages[2]).toEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'A', cache_control: { type: 'ephemeral' } }],
    });
    expect(messages).toEqual(given);
  });

  it('keeps thinking with its signature and redacted thinking, and streams thinking deltas', async () => {
    fake.enqueue({
      kind: 'message',
      content: [
        { type: 'thinking', thinking: ['Let me ', 'think.'], signature: 'EqQBCkYIAxgCIkB' },
        { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va' },
        { type: 'text', text: 'Done.' },
      ],
    });
    const events = await collect(provider().stream(request({ thinkingBudget: 1024 }), new AbortController().signal));
    expect(events.filter((e) => e.type === 'thinking_delta').map((e) => (e as { thinking: string }).thinking)).toEqual(['Let me ', 'think.']);
    expect(messageEnd(events).message.content).toEqual([
      { type: 'thinking', thinking: 'Let me think.', signature: 'EqQBCkYIAxgCIkB' },
      { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va' },
      { type: 'text', text: 'Done.' },
    ]);
  });

  it('assembles one tool call from input_json_delta and ends it before the message ends', async () => {
    fake.enqueue(reply({ text: 'Reading.', toolUses: [{ id: 'toolu_a', name: 'read', input: { path: 'src/a.ts', limit: 10 } }] }));
    const events = await collect(provider().stream(request(), new AbortController().signal));
    expect(events.map((e) => e.type)).toEqual(['text_delta', 'tool_use_start', 'tool_use_end', 'message_end']);
    expect(events[1]).toEqual({ type: 'tool_use_start', index: 1, id: 'toolu_a', name: 'read' });
    expect(events[2]).toEqual({ type: 'tool_use_end', index: 1, toolUse: { id: 'toolu_a', name: 'read', input: { path: 'src/a.ts', limit: 10 } } });
    const end = messageEnd(events);
    expect(end.stopReason).toBe('tool_use');
    expect(end.message.content[1]).toEqual({ type: 'tool_use', id: 'toolu_a', name: 'read', input: { path: 'src/a.ts', limit: 10 } });
  });

  it('ends each of several tool calls as its block stops, in stream order', async () => {
    fake.enqueue(
      reply({
        toolUses: [
          { id: 't1', name: 'read', input: { path: 'a' } },
          { id: 't2', name: 'read', input: { path: 'b' } },
          { id: 't3', name: 'grep', input: { pattern: 'x' } },
        ],
      }),
    );
    const events = await collect(provider().stream(request(), new AbortController().signal));
    const order = events.map((e) => (e.type === 'tool_use_start' ? `start:${e.id}` : e.type === 'tool_use_end' ? `end:${e.toolUse.id}` : e.type));
    // The first call is complete before the second one even starts: the loop can run it early.
    expect(order).toEqual(['start:t1', 'end:t1', 'start:t2', 'end:t2', 'start:t3', 'end:t3', 'message_end']);
    expect(messageEnd(events).message.content.map((b) => (b.type === 'tool_use' ? b.input : null))).toEqual([
      { path: 'a' },
      { path: 'b' },
      { pattern: 'x' },
    ]);
  });

  it('turns malformed tool JSON into an inputError for that call only', async () => {
    fake.enqueue(
      reply({
        toolUses: [
          { id: 'bad', name: 'read', inputJson: ['{"path": tru', 'x}'] },
          { id: 'good', name: 'read', input: { path: 'b' } },
        ],
      }),
    );
    const events = await collect(provider().stream(request(), new AbortController().signal));
    const ends = events.filter((e) => e.type === 'tool_use_end').map((e) => (e as { toolUse: { inputError?: string; input: unknown } }).toolUse);
    expect(ends[0]!.input).toEqual({});
    expect(ends[0]!.inputError).toMatch(/not valid JSON/);
    expect(ends[0]!.inputError).toContain('{"path": trux}');
    expect(ends[1]).toEqual({ id: 'good', name: 'read', input: { path: 'b' } });
    const end = messageEnd(events);
    expect(Object.keys(end.inputErrors)).toEqual(['bad']);
    expect(end.message.content[0]).toEqual({ type: 'tool_use', id: 'bad', name: 'read', input: {} });
  });

  it('reports a tool call cut by max_tokens as an inputError, with stop reason max_tokens', async () => {
    fake.enqueue(reply({ text: 'Writing.', toolUses: [{ id: 'cut', name: 'write', inputJson: ['{"path": "a.txt", "content": "line 1\\nli'] }], stopReason: 'max_tokens' }));
    const events = await collect(provider().stream(request(), new AbortController().signal));
    const end = messageEnd(events);
    expect(end.stopReason).toBe('max_tokens');
    expect(end.inputErrors.cut).toMatch(/cut off/);
    expect(end.message.content).toEqual([
      { type: 'text', text: 'Writing.' },
      { type: 'tool_use', id: 'cut', name: 'write', input: {} },
    ]);
  });

  it('still ends a tool call whose block never got its content_block_stop', async () => {
    fake.enqueue({ kind: 'message', content: [{ type: 'tool_use', id: 'open', name: 'read', inputJson: ['{"path": "a"'], open: true }], stopReason: 'max_tokens' });
    const events = await collect(provider().stream(request(), new AbortController().signal));
    expect(events.map((e) => e.type)).toEqual(['tool_use_start', 'tool_use_end', 'message_end']);
    expect(messageEnd(events).inputErrors.open).toMatch(/not valid JSON/);
  });

  it('maps usage including cache read and write tokens', async () => {
    fake.enqueue(reply({ text: 'x', usage: { input_tokens: 120, output_tokens: 34, cache_read_input_tokens: 1000, cache_creation_input_tokens: 56 } }));
    const events = await collect(provider().stream(request(), new AbortController().signal));
    expect(messageEnd(events).usage).toEqual({ inputTokens: 120, outputTokens: 34, cacheReadTokens: 1000, cacheWriteTokens: 56 });
  });

  it('maps every stop reason', async () => {
    const cases = [
      ['end_turn', 'end_turn'],
      ['stop_sequence', 'stop_sequence'],
      ['refusal', 'refusal'],
      ['pause_turn', 'pause_turn'],
      ['max_tokens', 'max_tokens'],
      ['model_context_window_exceeded', 'max_tokens'],
    ] as const;
    const p = provider();
    for (const [raw] of cases) fake.enqueue(reply({ text: 'x', stopReason: raw }));
    for (const [raw, mapped] of cases) {
      const events = await collect(p.stream(request(), new AbortController().signal));
      expect([raw, messageEnd(events).stopReason]).toEqual([raw, mapped]);
    }
  });

  it('infers the stop reason when an endpoint sends none', async () => {
    fake.enqueue(reply({ text: 'x', stopReason: null }), reply({ toolUses: [{ name: 'read', input: {} }], stopReason: null }));
    const p = provider();
    expect(messageEnd(await collect(p.stream(request(), new AbortController().signal))).stopReason).toBe('end_turn');
    expect(messageEnd(await collect(p.stream(request(), new AbortController().signal))).stopReason).toBe('tool_use');
  });

  it('asks for its own model when the request names none, through a baseURL with a path prefix', async () => {
    const prefixed = await startFakeAnthropic({ pathPrefix: '/api/anthropic' });
    try {
      prefixed.enqueue(reply({ text: 'via prefix' }));
      const p = createAnthropicProvider({ apiKey: KEY, baseURL: prefixed.url, model: 'deepseek-chat' });
      const events = await collect(p.stream(request({ model: '' }), new AbortController().signal));
      expect(messageEnd(events).message.content).toEqual([{ type: 'text', text: 'via prefix' }]);
      expect(prefixed.requests[0]!.path).toBe('/api/anthropic/v1/messages');
      expect((prefixed.requests[0]!.body as { model: string }).model).toBe('deepseek-chat');
    } finally {
      await prefixed.close();
    }
  });

  it('uses only the key it is given, never one from the environment', async () => {
    const keyed = await startFakeAnthropic({ apiKey: KEY });
    const saved = { key: process.env.ANTHROPIC_API_KEY, token: process.env.ANTHROPIC_AUTH_TOKEN };
    process.env.ANTHROPIC_API_KEY = 'sk-from-env-wrong';
    process.env.ANTHROPIC_AUTH_TOKEN = 'token-from-env-wrong';
    try {
      keyed.enqueue(reply({ text: 'authorized' }));
      const p = createAnthropicProvider({ apiKey: KEY, baseURL: keyed.url });
      const events = await collect(p.stream(request(), new AbortController().signal));
      expect(messageEnd(events).message.content).toEqual([{ type: 'text', text: 'authorized' }]);
    } finally {
      for (const [name, value] of [['ANTHROPIC_API_KEY', saved.key], ['ANTHROPIC_AUTH_TOKEN', saved.token]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await keyed.close();
    }
  });
});
