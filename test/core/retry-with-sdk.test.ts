// The loop's retry of a response cut after its content started, over the real SDK and the fake
// Messages API: cut, stalled, overloaded and garbled streams; the partial answer never goes back.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import { createAgent } from '../../src/core/loop.js';
import { createAnthropicProvider } from '../../src/core/providers/anthropic.js';
import { fileTools } from '../../src/core/tools/file-tools.js';
import { reply, startFakeAnthropic, stall, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { collect } from '../helpers/collect.js';
import { makeTempWorkspace } from '../helpers/tool-context.js';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

let fake: FakeAnthropic;
let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;

// The first fetch in a process loads undici, which would count against the tight idle limit below.
beforeAll(async () => {
  const warm = await startFakeAnthropic();
  warm.enqueue(reply({ text: 'warm' }));
  await collect(createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: warm.url }).stream(
    { model: 'm', system: '', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [], maxTokens: 10 },
    new AbortController().signal,
  ));
  await warm.close();
});
beforeEach(async () => {
  fake = await startFakeAnthropic();
  ws = await makeTempWorkspace();
});
afterEach(async () => {
  await fake.close();
  await ws.cleanup();
});

function agent(maxRetries = 3) {
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fake.url, model: 'claude-test', retryBaseDelayMs: 1, idleTimeoutMs: 300 });
  return createAgent({
    provider,
    model: 'claude-test',
    workspaceRoot: ws.root,
    maxTokens: 1000,
    tools: fileTools(),
    streamRetry: { baseDelayMs: 1, maxRetries },
  });
}

const sentMessages = (i: number) => (fake.requests[i]!.body as { messages: unknown[] }).messages;
const retries = (events: AgentEvent[]) => events.filter((e) => e.type === 'retry');
const finalText = (events: AgentEvent[]) => {
  const end = events.filter((e) => e.type === 'message_end').at(-1);
  return end?.type === 'message_end' ? end.message.content.map((b) => (b.type === 'text' ? b.text : '')).join('') : undefined;
};

describe('a response that fails after content started, over the real SDK', () => {
  it('cut mid-stream, then whole: retried by itself, the partial never sent back', async () => {
    await writeFile(path.join(ws.root, 'a.txt'), 'alpha\n');
    fake.enqueue(
      {
        kind: 'message',
        content: [
          { type: 'text', text: ['Reading ', 'the file'] },
          { type: 'tool_use', id: 'toolu_early', name: 'read_file', input: { path: 'a.txt' } },
          { type: 'text', text: 'and then', open: true },
        ],
        end: 'cut',
      },
      reply({ text: 'Nothing to read after all.' }),
    );
    const a = agent();
    const events = await collect(a.run('look'));
    expect(events.filter((e) => e.type === 'error')).toEqual([]);
    expect(retries(events)).toEqual([expect.objectContaining({ attempt: 1, reason: 'connection lost', discardPartial: true })]);
    expect(fake.requests).toHaveLength(2);
    expect(sentMessages(1)).toEqual(sentMessages(0));
    expect(finalText(events)).toBe('Nothing to read after all.');
    expect(a.messages).toHaveLength(2);
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
  });

  it('cut every time: the readable error once the retries are spent', async () => {
    fake.enqueue(reply({ text: ['Part ', 'of it'], end: 'cut' }), { kind: 'repeat' });
    const events = await collect(agent(2).run('go'));
    expect(retries(events).map((e) => e.attempt)).toEqual([1, 2]);
    const error = events.find((e) => e.type === 'error');
    expect(error).toMatchObject({ retryable: true });
    expect(error?.type === 'error' && error.message).toMatch(/^connection to the Anthropic API lost mid-stream \(terminated.*\(gave up after 3 attempts\)$/);
    expect(fake.requests).toHaveLength(3);
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'error' });
  });

  it('an overloaded_error event mid-stream is retried', async () => {
    fake.enqueue(reply({ text: 'Start of', end: { error: { type: 'overloaded_error', message: 'Overloaded' } } }), reply({ text: 'the answer' }));
    const events = await collect(agent().run('go'));
    expect(retries(events)).toEqual([expect.objectContaining({ reason: 'overloaded', discardPartial: true })]);
    expect(finalText(events)).toBe('the answer');
    expect(sentMessages(1)).toEqual(sentMessages(0));
  });

  it('a stall past the idle timeout after content is retried', async () => {
    fake.enqueue(stall([{ type: 'text', text: 'I began', open: true }]), reply({ text: 'finished' }));
    const events = await collect(agent().run('go'));
    expect(retries(events)).toEqual([expect.objectContaining({ reason: 'stream stalled', discardPartial: true })]);
    expect(finalText(events)).toBe('finished');
  });

  it('a garbled event is retried, and said readably when it keeps coming', async () => {
    fake.enqueue(reply({ text: 'so far', end: 'garbled' }), reply({ text: 'clean' }));
    const events = await collect(agent().run('go'));
    expect(retries(events)).toEqual([expect.objectContaining({ reason: 'unreadable response', discardPartial: true })]);
    expect(finalText(events)).toBe('clean');

    fake.enqueue(reply({ text: 'so far', end: 'garbled' }), { kind: 'repeat' });
    const again = await collect(agent(1).run('go'));
    expect(again.find((e) => e.type === 'error')).toEqual({
      type: 'error',
      message: 'the API sent a response inkling could not read (an event that is not valid JSON) (gave up after 2 attempts)',
      retryable: true,
    });
  });
});

describe('what the loop tells any UI about the API, over the real SDK', () => {
  it('a 401 error event carries the same "check ANTHROPIC_API_KEY" hint as -p', async () => {
    const keyed = await startFakeAnthropic({ apiKey: 'sk-test-the-right-one' });
    try {
      const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: keyed.url, model: 'claude-test' });
      const a = createAgent({ provider, model: 'claude-test', workspaceRoot: ws.root, maxTokens: 100, tools: [] });
      const events = await collect(a.run('hi'));
      expect(events.find((e) => e.type === 'error')).toEqual({
        type: 'error',
        message: 'Anthropic API error 401: invalid x-api-key\n(check ANTHROPIC_API_KEY, and ANTHROPIC_BASE_URL if you use a compatible endpoint)',
        retryable: false,
      });
    } finally {
      await keyed.close();
    }
  });

  it("the SDK's deprecation warning for an old model becomes one notice event for the whole session", async () => {
    fake.enqueue(reply({ toolUses: [{ name: 'list_files', input: {} }] }), reply({ text: 'listed' }), reply({ text: 'again' }));
    const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fake.url, model: 'claude-sonnet-4-5' });
    const a = createAgent({ provider, model: 'claude-sonnet-4-5', workspaceRoot: ws.root, maxTokens: 100, tools: fileTools() });
    const events = [...(await collect(a.run('list'))), ...(await collect(a.run('again')))];
    expect(fake.requests).toHaveLength(3);
    const notices = events.filter((e) => e.type === 'notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ message: expect.stringContaining("The model 'claude-sonnet-4-5' is deprecated") });
  });
});

