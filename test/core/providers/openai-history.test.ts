// Conversation ↔ OpenAI chat messages, both ways, and a session that switches provider mid-way
// (Anthropic → OpenAI-compatible → Anthropic) against both fake servers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../src/core/conversation.js';
import { createAgent } from '../../../src/core/loop.js';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import { createOpenAIProvider } from '../../../src/core/providers/openai.js';
import { fromOpenAIMessages, toOpenAIMessages } from '../../../src/core/providers/openai-history.js';
import { PRESETS, type OpenAIPreset } from '../../../src/core/providers/presets.js';
import type { Tool } from '../../../src/core/tools/tool.js';
import { collect } from '../../helpers/collect.js';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../../helpers/fake-anthropic.js';
import { call, completion, startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai.js';

const conversation: Message[] = [
  { role: 'user', content: [{ type: 'text', text: 'look at a and b' }] },
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'Reading both.' },
      { type: 'tool_use', id: 'call_a', name: 'read_file', input: { path: 'a' } },
      { type: 'tool_use', id: 'call_b', name: 'read_file', input: { path: 'b', offset: 2 } },
    ],
  },
  {
    role: 'user',
    content: [
      { type: 'tool_result', tool_use_id: 'call_a', content: 'A' },
      { type: 'tool_result', tool_use_id: 'call_b', content: 'no such file', is_error: true },
    ],
  },
  { role: 'assistant', content: [{ type: 'text', text: 'a says A; b is missing.' }] },
];

describe('toOpenAIMessages', () => {
  it('turns calls into tool_calls and results into tool messages right after them, in order', () => {
    expect(toOpenAIMessages('sys', conversation, 'drop')).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'look at a and b' },
      {
        role: 'assistant',
        content: 'Reading both.',
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'read_file', arguments: '{"path":"a"}' } },
          { id: 'call_b', type: 'function', function: { name: 'read_file', arguments: '{"path":"b","offset":2}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a', content: 'A' },
      { role: 'tool', tool_call_id: 'call_b', content: '[tool error] no such file' },
      { role: 'assistant', content: 'a says A; b is missing.' },
    ]);
  });

  it("drops Anthropic's signed and redacted thinking, and sends text a user added after results as a user message", () => {
    const messages: Message[] = [
      { role: 'user', content: [{ type: 'text', text: 'go' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'secret plan', signature: 'anthropic-sig' },
          { type: 'redacted_thinking', data: 'opaque' },
          { type: 'tool_use', id: 't1', name: 'bash', input: { command: 'ls' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: '' }, { type: 'text', text: 'and hurry' }] },
    ];
    const out = toOpenAIMessages('', messages, 'drop');
    expect(JSON.stringify(out)).not.toMatch(/secret plan|opaque/);
    expect(out.slice(2)).toEqual([
      { role: 'tool', tool_call_id: 't1', content: '(no output)' },
      { role: 'user', content: 'and hurry' },
    ]);
    expect(out[1]).toMatchObject({ role: 'assistant', content: null });
  });
});

describe('fromOpenAIMessages', () => {
  it('round-trips a conversation with parallel calls and a failed result', () => {
    const back = fromOpenAIMessages(toOpenAIMessages('sys', conversation, 'drop'));
    expect(back).toEqual({ system: 'sys', messages: conversation });
  });

  it('keeps reasoning as marked thinking, and reads content parts and bad arguments', () => {
    const back = fromOpenAIMessages([
      { role: 'developer', content: [{ type: 'text', text: 'be brief' }] },
      { role: 'user', content: [{ type: 'text', text: 'q1' }, { type: 'text', text: 'q2' }] },
      {
        role: 'assistant',
        content: null,
        reasoning_content: 'hmm',
        tool_calls: [{ id: 'c', type: 'function', function: { name: 'read_file', arguments: '{oops' } }],
      } as never,
      { role: 'tool', tool_call_id: 'c', content: 'x' },
    ]);
    expect(back.system).toBe('be brief');
    expect(back.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'q1\n\nq2' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'hmm', signature: 'inkling:openai-reasoning' },
          { type: 'tool_use', id: 'c', name: 'read_file', input: {} },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c', content: 'x' }] },
    ]);
  });
});

describe('a session that switches provider mid-way', () => {
  let anthropic: FakeAnthropic;
  let openai: FakeOpenAI;
  beforeEach(async () => {
    [anthropic, openai] = await Promise.all([startFakeAnthropic(), startFakeOpenAI()]);
  });
  afterEach(async () => {
    await Promise.all([anthropic.close(), openai.close()]);
  });

  const echo: Tool<{ text: string }> = {
    name: 'echo',
    description: 'Echoes its text',
    readOnly: true,
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    execute: async (input) => ({ content: `echo: ${input.text}`, isError: false }),
  };

  it('keeps one valid conversation: each provider gets the whole history in its own shape', async () => {
    const claude = createAnthropicProvider({ apiKey: 'sk-test-fake-anthropic-1', baseURL: anthropic.url, retryBaseDelayMs: 1 });
    const deepseek = createOpenAIProvider({
      apiKey: 'sk-test-fake-deepseek-1',
      baseURL: openai.url,
      model: 'deepseek-chat',
      title: 'DeepSeek',
      quirks: (PRESETS.deepseek as OpenAIPreset).quirks,
    });
    const agent = createAgent({ provider: claude, model: 'claude-test', workspaceRoot: process.cwd(), tools: [echo], maxTokens: 500, systemPrompt: 'sys' });

    anthropic.enqueue(
      reply({ thinking: { thinking: 'plan', signature: 'sig-1' }, toolUses: [{ id: 'toolu_1', name: 'echo', input: { text: 'one' } }] }),
      reply({ text: 'first done' }),
    );
    await collect(agent.run('first'));

    agent.useModel({ provider: deepseek, model: 'deepseek-chat' });
    openai.enqueue(
      completion({ reasoning: 'think', toolCalls: [call('echo', { text: 'two' }, 'call_2'), call('echo', { text: 'three' }, 'call_3')] }),
      completion({ text: 'second done' }),
    );
    await collect(agent.run('second'));

    agent.useModel({ provider: claude, model: 'claude-test' });
    anthropic.enqueue(reply({ text: 'third done' }));
    await collect(agent.run('third'));

    // DeepSeek saw Claude's turn without its signed thinking, and its own reasoning inside its tool loop.
    const sentToDeepSeek = openai.completions()[1]!.body as { model: string; messages: Record<string, unknown>[] };
    expect(sentToDeepSeek.model).toBe('deepseek-chat');
    expect(sentToDeepSeek.messages).toEqual([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'first' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'toolu_1', type: 'function', function: { name: 'echo', arguments: '{"text":"one"}' } }] },
      { role: 'tool', tool_call_id: 'toolu_1', content: 'echo: one' },
      { role: 'assistant', content: 'first done' },
      { role: 'user', content: 'second' },
      {
        role: 'assistant',
        content: null,
        reasoning_content: 'think',
        tool_calls: [
          { id: 'call_2', type: 'function', function: { name: 'echo', arguments: '{"text":"two"}' } },
          { id: 'call_3', type: 'function', function: { name: 'echo', arguments: '{"text":"three"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_2', content: 'echo: two' },
      { role: 'tool', tool_call_id: 'call_3', content: 'echo: three' },
    ]);

    // Back on Claude: its own signed thinking is there, DeepSeek's reasoning is not.
    const sentToClaude = anthropic.requests[2]!.body as { model: string; messages: Message[] };
    expect(sentToClaude.model).toBe('claude-test');
    expect(JSON.stringify(sentToClaude.messages)).toContain('"signature":"sig-1"');
    expect(JSON.stringify(sentToClaude.messages)).not.toContain('inkling:openai-reasoning');
    expect(sentToClaude.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(sentToClaude.messages[6]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'call_2', content: 'echo: two' },
      { type: 'tool_result', tool_use_id: 'call_3', content: 'echo: three' },
    ]);
    await agent.dispose();
  });
});
