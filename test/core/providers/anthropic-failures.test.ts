// The Anthropic provider when things go wrong: retries, auth errors, cuts, stalls, aborts.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider, type AnthropicProviderOptions } from '../../../src/core/providers/anthropic.js';
import { ProviderError, type ProviderEvent, type ProviderRequest } from '../../../src/core/providers/provider.js';
import { apiError, overloaded, reply, startFakeAnthropic, stall, type FakeAnthropic } from '../../helpers/fake-anthropic.js';
import { streamedBlocks } from '../../helpers/streamed-blocks.js';

const KEY = 'sk-test-failure-key-0002';
let fake: FakeAnthropic;

// The first fetch in a process loads undici (100–300 ms here), which counts against the
// idle limit; warm up once so the tight limits below measure streams, not that load.
beforeAll(async () => {
  const warm = await startFakeAnthropic();
  warm.enqueue(reply({ text: 'warm' }));
  for await (const ev of createAnthropicProvider({ apiKey: KEY, baseURL: warm.url }).stream(request(), new AbortController().signal)) void ev;
  await warm.close();
});

beforeEach(async () => {
  fake = await startFakeAnthropic();
});
afterEach(async () => {
  await fake.close();
});

function provider(extra: Partial<AnthropicProviderOptions> = {}) {
  return createAnthropicProvider({ apiKey: KEY, baseURL: fake.url, model: 'claude-test', retryBaseDelayMs: 1, ...extra });
}

const request = (): ProviderRequest => ({
  model: 'claude-test',
  system: 'sys',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
  tools: [],
  maxTokens: 100,
});

async function run(stream: AsyncIterable<ProviderEvent>): Promise<{ events: ProviderEvent[]; error?: unknown }> {
  const events: ProviderEvent[] = [];
  try {
    for await (const ev of stream) events.push(ev);
  } catch (error) {
    return { events, error };
  }
  return { events };
}

function providerError(error: unknown): ProviderError {
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const textOfEnd = (events: ProviderEvent[]) => {
  const end = events.at(-1);
  if (end?.type !== 'message_end') throw new Error(`no message_end, last: ${JSON.stringify(end)}`);
  return end.message.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
};

describe('anthropic provider: retries', () => {
  it('retries a 529 visibly, then succeeds', async () => {
    fake.enqueue(overloaded(), reply({ text: 'second time lucky' }));
    const { events, error } = await run(provider().stream(request(), new AbortController().signal));
    expect(error).toBeUndefined();
    expect(events[0]).toMatchObject({ type: 'retry', attempt: 1, status: 529, reason: '529 overloaded' });
    expect(textOfEnd(events)).toBe('second time lucky');
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body).toEqual(fake.requests[0]!.body);
  });

  it('waits as long as retry-after-ms asks', async () => {
    fake.enqueue(apiError(429, 'rate_limit_error', 'Slow down', { 'retry-after-ms': '40' }), reply({ text: 'ok' }));
    const { events } = await run(provider().stream(request(), new AbortController().signal));
    expect(events[0]).toEqual({ type: 'retry', attempt: 1, delayMs: 40, status: 429, reason: '429 rate limit' });
  });

  it('gives up after maxRetries with a retryable error', async () => {
    fake.enqueue(overloaded(), { kind: 'repeat' });
    const { events, error } = await run(provider({ maxRetries: 2 }).stream(request(), new AbortController().signal));
    expect(events.map((e) => e.type)).toEqual(['retry', 'retry']);
    expect(events.map((e) => (e as { attempt: number }).attempt)).toEqual([1, 2]);
    const err = providerError(error);
    expect(err.retryable).toBe(true);
    expect(err.status).toBe(529);
    expect(err.message).toBe('Anthropic API error 529: Overloaded');
    expect(fake.requests).toHaveLength(3);
  });

  it('stops retrying when the next wait would pass the retry budget', async () => {
    fake.enqueue(apiError(429, 'rate_limit_error', 'Slow down', { 'retry-after': '59' }), { kind: 'repeat' });
    const { events, error } = await run(provider({ retryBudgetMs: 30_000 }).stream(request(), new AbortController().signal));
    expect(events).toEqual([]);
    expect(providerError(error).message).toBe('Anthropic API error 429: Slow down (gave up retrying after 1 attempts)');
    expect(fake.requests).toHaveLength(1);
  });

  it('never retries a 401, and never shows the key', async () => {
    const keyed = await startFakeAnthropic({ apiKey: 'sk-the-right-one' });
    try {
      const p = createAnthropicProvider({ apiKey: KEY, baseURL: keyed.url, retryBaseDelayMs: 1 });
      const { events, error } = await run(p.stream(request(), new AbortController().signal));
      expect(events).toEqual([]);
      const err = providerError(error);
      expect(err.status).toBe(401);
      expect(err.retryable).toBe(false);
      expect(err.message).toBe('Anthropic API error 401: invalid x-api-key');
      expect(err.hint).toBe('check ANTHROPIC_API_KEY, and ANTHROPIC_BASE_URL if you use a compatible endpoint');
      expect(keyed.requests).toHaveLength(1);
    } finally {
      await keyed.close();
    }
  });

  it('redacts the key even when the server echoes it', async () => {
    fake.enqueue(apiError(403, 'permission_error', `key ${KEY} may not use this model`));
    const err = providerError((await run(provider().stream(request(), new AbortController().signal))).error);
    expect(err.message).toBe('Anthropic API error 403: key [redacted] may not use this model');
    expect(err.retryable).toBe(false);
  });

  it('never retries a 400', async () => {
    fake.enqueue(apiError(400, 'invalid_request_error', 'max_tokens: must be greater than thinking.budget_tokens'));
    const err = providerError((await run(provider().stream(request(), new AbortController().signal))).error);
    expect(err.status).toBe(400);
    expect(err.message).toContain('max_tokens: must be greater than thinking.budget_tokens');
    expect(fake.requests).toHaveLength(1);
  });

  it('retries an overloaded error event that arrives before any content', async () => {
    fake.enqueue(reply({ end: { error: { type: 'overloaded_error', message: 'Overloaded' } } }), reply({ text: 'ok' }));
    const { events, error } = await run(provider().stream(request(), new AbortController().signal));
    expect(error).toBeUndefined();
    expect(events[0]).toMatchObject({ type: 'retry', reason: 'overloaded' });
    expect(textOfEnd(events)).toBe('ok');
  });

  it('reads a non-JSON error page and retries the 502', async () => {
    fake.enqueue({ kind: 'raw', status: 502, body: '<html><body>Bad   Gateway</body></html>' }, reply({ text: 'ok' }));
    const { events } = await run(provider().stream(request(), new AbortController().signal));
    expect(events[0]).toMatchObject({ type: 'retry', status: 502, reason: '502' });
    expect(textOfEnd(events)).toBe('ok');
    fake.enqueue({ kind: 'raw', status: 502, body: '<html><body>Bad   Gateway</body></html>' });
    const err = providerError((await run(provider({ maxRetries: 0 }).stream(request(), new AbortController().signal))).error);
    expect(err.message).toBe('Anthropic API error 502: Bad Gateway (the server sent an HTML page, not an API response)');
  });

  it('turns a proxy error page into its status and one line of text, never its markup', async () => {
    const page = [
      '<!DOCTYPE html>\n<html>\n<head><title>502 Bad Gateway</title>',
      '<style>body { color: red }</style></head>',
      '<body>\n<center><h1>502 Bad Gateway</h1></center>\n<hr><center>nginx/1.25.3</center>\n</body>\n</html>\n',
    ].join('');
    const untitled = '<html><body><script>var x = "<b>";</script><p>Upstream &amp; proxy\n  timed out</p></body></html>';
    fake.enqueue({ kind: 'raw', status: 502, body: page }, { kind: 'raw', status: 504, body: untitled });
    const p = provider({ maxRetries: 0 });
    const first = providerError((await run(p.stream(request(), new AbortController().signal))).error);
    expect(first.message).toBe('Anthropic API error 502: 502 Bad Gateway (the server sent an HTML page, not an API response)');
    const second = providerError((await run(p.stream(request(), new AbortController().signal))).error);
    expect(second.message).toBe('Anthropic API error 504: Upstream & proxy timed out (the server sent an HTML page, not an API response)');
    expect(second.status).toBe(504);
  });

  it('says so when an endpoint answers 200 without an event stream, and does not retry', async () => {
    fake.enqueue({ kind: 'raw', status: 200, contentType: 'application/json', body: '{"type":"message","content":[]}' });
    const err = providerError((await run(provider().stream(request(), new AbortController().signal))).error);
    expect(err.message).toBe(`the endpoint at ${fake.url} answered without a Messages API event stream (is the base URL right?)`);
    expect(err.retryable).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  it('reports an unreachable server as a retryable connection error', async () => {
    const closed = await startFakeAnthropic();
    const url = closed.url;
    await closed.close();
    const p = createAnthropicProvider({ apiKey: KEY, baseURL: url, maxRetries: 0 });
    const err = providerError((await run(p.stream(request(), new AbortController().signal))).error);
    expect(err.retryable).toBe(true);
    expect(err.message).toContain(`cannot reach the Anthropic API at ${url} (fetch failed: connect ECONNREFUSED`);
  });
});

describe('anthropic provider: broken streams', () => {
  it('turns a connection cut mid-stream into a retryable error after its partial text streamed', async () => {
    fake.enqueue(reply({ text: ['Partial ', 'answer'], end: 'cut' }), reply({ text: 'must not be requested' }));
    const { events, error } = await run(provider().stream(request(), new AbortController().signal));
    expect(events.map((e) => e.type)).toEqual(['text_delta', 'text_delta']);
    const err = providerError(error);
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/^connection to the Anthropic API lost mid-stream \(terminated/);
    expect(streamedBlocks(events)).toEqual([{ type: 'text', text: 'Partial answer' }]);
    // Text was already shown, so the provider must not retry and repeat it.
    expect(fake.requests).toHaveLength(1);
  });

  it('keeps completed tool calls, but not a half-streamed one, among what streamed', async () => {
    fake.enqueue({
      kind: 'message',
      content: [
        { type: 'thinking', thinking: 'plan', signature: 'sig' },
        { type: 'tool_use', id: 'done', name: 'read', input: { path: 'a' } },
        { type: 'tool_use', id: 'half', name: 'read', inputJson: ['{"pa'], open: true },
      ],
      end: 'cut',
    });
    const { events, error } = await run(provider().stream(request(), new AbortController().signal));
    const err = providerError(error);
    expect(streamedBlocks(events)).toEqual([
      { type: 'thinking', thinking: 'plan', signature: 'sig' },
      { type: 'tool_use', id: 'done', name: 'read', input: { path: 'a' } },
    ]);
  });

  it('reports a garbled event readably, as retryable (the loop retries it after content)', async () => {
    fake.enqueue(reply({ text: 'so far', end: 'garbled' }));
    const { events, error } = await run(provider().stream(request(), new AbortController().signal));
    const err = providerError(error);
    expect(err.message).toBe('the API sent a response inkling could not read (an event that is not valid JSON)');
    expect(err.retryable).toBe(true);
    expect(err.reason).toBe('unreadable response');
    expect(streamedBlocks(events)).toEqual([{ type: 'text', text: 'so far' }]);
    // Content had reached the consumer: the provider itself does not ask again.
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a garbled event that came before any content', async () => {
    fake.enqueue(reply({ end: 'garbled' }), reply({ text: 'clean' }));
    const { events } = await run(provider().stream(request(), new AbortController().signal));
    expect(events[0]).toMatchObject({ type: 'retry', reason: 'unreadable response' });
    expect(textOfEnd(events)).toBe('clean');
  });

  it('retries a cut that came before any content', async () => {
    fake.enqueue(reply({ end: 'cut' }), reply({ text: 'whole' }));
    const { events } = await run(provider().stream(request(), new AbortController().signal));
    expect(events[0]).toMatchObject({ type: 'retry', reason: 'connection lost' });
    expect(textOfEnd(events)).toBe('whole');
  });

  it('aborts a stalled stream after idleTimeoutMs with a retryable error', async () => {
    fake.enqueue(stall([{ type: 'text', text: 'I started', open: true }]));
    const { events, error } = await run(provider({ idleTimeoutMs: 200 }).stream(request(), new AbortController().signal));
    expect(events.map((e) => e.type)).toEqual(['text_delta']);
    const err = providerError(error);
    expect(err.message).toBe('stream stalled: no data for 200 ms');
    expect(err.retryable).toBe(true);
    expect(streamedBlocks(events)).toEqual([{ type: 'text', text: 'I started' }]);
    await fake.connectionClosed(0);
  });

  it('treats a server that never sends headers as stalled', async () => {
    fake.enqueue(reply({ text: 'too late', delayMs: 5_000 }));
    const err = providerError((await run(provider({ idleTimeoutMs: 150, maxRetries: 0 }).stream(request(), new AbortController().signal))).error);
    expect(err.message).toBe('stream stalled: no data for 150 ms');
    expect(err.retryable).toBe(true);
  });

  it('retries a stall that came before any content', async () => {
    fake.enqueue(stall(), reply({ text: 'after the stall' }));
    const { events } = await run(provider({ idleTimeoutMs: 150 }).stream(request(), new AbortController().signal));
    expect(events[0]).toMatchObject({ type: 'retry', attempt: 1, reason: 'stream stalled' });
    expect(textOfEnd(events)).toBe('after the stall');
  });

  it('does not count a slow consumer as a stalled server', async () => {
    // Spaced out, so the later events are still unread (held back by backpressure) while the consumer is busy.
    fake.enqueue(reply({ text: ['first', 'second'], chunkDelayMs: 20 }));
    const events: ProviderEvent[] = [];
    for await (const ev of provider({ idleTimeoutMs: 100, maxRetries: 0 }).stream(request(), new AbortController().signal)) {
      events.push(ev);
      // The consumer is busy far longer than the idle limit (a UI frame, a tool starting).
      if (ev.type === 'text_delta') await new Promise((r) => setTimeout(r, 300));
    }
    expect(textOfEnd(events)).toBe('firstsecond');
  });

  it('counts slow but steady data as activity, not as a stall', async () => {
    // 12 events 30 ms apart: about 330 ms in all, well past the 200 ms idle limit.
    fake.enqueue(reply({ text: ['a', 'b', 'c', 'd', 'e', 'f'], chunkDelayMs: 30 }));
    const { events, error } = await run(provider({ idleTimeoutMs: 200, maxRetries: 0 }).stream(request(), new AbortController().signal));
    expect(error).toBeUndefined();
    expect(textOfEnd(events)).toBe('abcdef');
  });
});

describe('anthropic provider: abort', () => {
  it('throws AbortError mid-stream and closes the connection', async () => {
    fake.enqueue(reply({ text: Array.from({ length: 200 }, (_, i) => `chunk ${i} `), chunkDelayMs: 20 }));
    const ac = new AbortController();
    const events: ProviderEvent[] = [];
    let error: unknown;
    try {
      for await (const ev of provider().stream(request(), ac.signal)) {
        events.push(ev);
        if (events.length === 2) ac.abort();
      }
    } catch (e) {
      error = e;
    }
    expect((error as Error).name).toBe('AbortError');
    expect(events.length).toBeLessThan(200);
    await fake.connectionClosed(0);
  });

  it('throws AbortError, and yields nothing more, when aborted while the consumer holds an event', async () => {
    // The rest arrives and is buffered while the consumer is busy; none of it may come out after the abort.
    fake.enqueue(reply({ text: ['first', 'second', 'third'], chunkDelayMs: 10 }));
    const ac = new AbortController();
    const seen: string[] = [];
    let error: unknown;
    try {
      for await (const ev of provider().stream(request(), ac.signal)) {
        seen.push(ev.type === 'text_delta' ? ev.text : ev.type);
        if (seen.length === 1) {
          setTimeout(() => ac.abort(), 100);
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    } catch (e) {
      error = e;
    }
    expect((error as Error).name).toBe('AbortError');
    expect(seen).toEqual(['first']);
    await fake.connectionClosed(0);
  });

  it('does not finish the message when aborted between events of the same stream event', async () => {
    // With its block left open, the tool call ends at message_stop, together with message_end.
    fake.enqueue({ kind: 'message', content: [{ type: 'tool_use', id: 't', name: 'read', input: { path: 'a' }, open: true }] });
    const ac = new AbortController();
    const seen: string[] = [];
    let error: unknown;
    try {
      for await (const ev of provider().stream(request(), ac.signal)) {
        seen.push(ev.type);
        if (ev.type === 'tool_use_end') ac.abort();
      }
    } catch (e) {
      error = e;
    }
    expect((error as Error).name).toBe('AbortError');
    expect(seen).toEqual(['tool_use_start', 'tool_use_end']);
  });

  it('throws AbortError while waiting for the response headers', async () => {
    fake.enqueue(reply({ text: 'slow', delayMs: 5_000 }));
    const ac = new AbortController();
    const pending = run(provider().stream(request(), ac.signal));
    while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    ac.abort();
    expect(((await pending).error as Error).name).toBe('AbortError');
    await fake.connectionClosed(0);
  });

  it('throws AbortError while waiting to retry', async () => {
    fake.enqueue(overloaded({ 'retry-after': '30' }));
    const ac = new AbortController();
    let error: unknown;
    try {
      for await (const ev of provider().stream(request(), ac.signal)) {
        if (ev.type === 'retry') {
          expect(ev.delayMs).toBe(30_000);
          ac.abort();
        }
      }
    } catch (e) {
      error = e;
    }
    expect((error as Error).name).toBe('AbortError');
    expect(fake.requests).toHaveLength(1);
  });

  it('throws AbortError at once when the signal is already aborted', async () => {
    const ac = new AbortController();
    ac.abort();
    const { error } = await run(provider().stream(request(), ac.signal));
    expect((error as Error).name).toBe('AbortError');
    expect(fake.requests).toHaveLength(0);
  });
});
