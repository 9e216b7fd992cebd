// The Anthropic SDK's own console warnings (a deprecated model) reach the person once, as a
// notice, and never the console (console output would tear the full-screen UI).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from '../../../src/core/providers/anthropic.js';
import type { ProviderEvent, ProviderRequest } from '../../../src/core/providers/provider.js';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../../helpers/fake-anthropic.js';

const KEY = 'sk-test-failure-key-0003';
let fake: FakeAnthropic;

beforeEach(async () => {
  fake = await startFakeAnthropic();
});
afterEach(async () => {
  await fake.close();
});

const request = (): ProviderRequest => ({
  model: 'claude-test',
  system: 'sys',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  tools: [],
  maxTokens: 100,
});

async function run(stream: AsyncIterable<ProviderEvent>): Promise<{ events: ProviderEvent[] }> {
  const events: ProviderEvent[] = [];
  for await (const ev of stream) events.push(ev);
  return { events };
}

const textOfEnd = (events: ProviderEvent[]) => {
  const end = events.at(-1);
  if (end?.type !== 'message_end') throw new Error(`no message_end, last: ${JSON.stringify(end)}`);
  return end.message.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
};

describe('anthropic provider: the SDK\'s own warnings', () => {
  it('passes a deprecated-model warning on once as a notice, and never to the console', async () => {
    fake.enqueue(reply({ text: 'one' }), reply({ text: 'two' }));
    const seen: unknown[][] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => void seen.push(args);
    try {
      const p = createAnthropicProvider({ apiKey: KEY, baseURL: fake.url, model: 'claude-sonnet-4-5', retryBaseDelayMs: 1 });
      const req = { ...request(), model: 'claude-sonnet-4-5' };
      const first = (await run(p.stream(req, new AbortController().signal))).events;
      const second = (await run(p.stream(req, new AbortController().signal))).events;
      expect(first.filter((e) => e.type === 'notice')).toEqual([
        {
          type: 'notice',
          message: expect.stringMatching(
            /^The model 'claude-sonnet-4-5' is deprecated and will reach end-of-life on .+\. Please migrate to a newer model\. Visit https:\/\/\S+ for more information\.$/,
          ),
        },
      ]);
      expect(second.filter((e) => e.type === 'notice')).toEqual([]);
      expect(textOfEnd(second)).toBe('two');
    } finally {
      console.warn = original;
    }
    expect(seen).toEqual([]);
    // The console is ours again afterwards.
    expect(console.warn).toBe(original);
  });
});
