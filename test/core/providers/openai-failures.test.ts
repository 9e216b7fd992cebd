// The OpenAI-compatible provider when things go wrong: retries, auth, cuts, stalls, aborts, and
// servers that refuse a field or tools.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAIProvider, type OpenAIProviderOptions } from '../../../src/core/providers/openai.js';
import { PRESETS, type OpenAIPreset } from '../../../src/core/providers/presets.js';
import { ProviderError, type ProviderEvent, type ProviderRequest } from '../../../src/core/providers/provider.js';
import { completion, httpError, startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from '../../helpers/fake-openai.js';
import { streamedBlocks } from '../../helpers/streamed-blocks.js';

const KEY = 'sk-test-fake-openai-0002';
let fake: FakeOpenAI;
const quirks = (PRESETS.vllm as OpenAIPreset).quirks;

// The first fetch in a process loads undici, which counts against tight idle limits: warm up once.
beforeAll(async () => {
  const warm = await startFakeOpenAI();
  warm.enqueue(completion({ text: 'warm' }));
  for await (const ev of createOpenAIProvider({ baseURL: warm.url, model: 'm', title: 'Warm', quirks }).stream(request(), new AbortController().signal)) void ev;
  await warm.close();
});

beforeEach(async () => {
  fake = await startFakeOpenAI();
});
afterEach(async () => {
  await fake.close();
});

function provider(extra: Partial<OpenAIProviderOptions> = {}, server: FakeOpenAI = fake) {
  return createOpenAIProvider({ apiKey: KEY, baseURL: server.url, model: 'fake-model', title: 'vLLM', quirks, retryBaseDelayMs: 1, ...extra });
}

function request(extra: Partial<ProviderRequest> = {}): ProviderRequest {
  return { model: 'fake-model', system: 'sys', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [], maxTokens: 100, ...extra };
}

const readTool = { name: 'read_file', description: 'Reads', input_schema: { type: 'object' as const, properties: { path: { type: 'string' as const } }, required: ['path'] } };

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

async function withServer(opts: FakeOpenAIOptions, body: (server: FakeOpenAI) => Promise<void>) {
  const server = await startFakeOpenAI(opts);
  try {
    await body(server);
  } finally {
    await server.close();
  }
}

describe('openai provider: retries', () => {
  it('waits as long as Retry-After says on a 429, visibly, then succeeds', async () => {
    fake.enqueue(httpError(429, 'Rate limit reached', { 'retry-after': '0.05' }), completion({ text: 'second time lucky' }));
    const { events, error } = await run(provider().stream(request(), new AbortController().signal));
    expect(error).toBeUndefined();
    expect(events[0]).toEqual({ type: 'retry', attempt: 1, delayMs: 50, status: 429, reason: '429 rate limit' });
    expect(textOfEnd(events)).toBe('second time lucky');
    expect(fake.completions()).toHaveLength(2);
    expect(fake.completions()[1]!.body).toEqual(fake.completions()[0]!.body);
  });

  it('retries a 5xx and gives up after maxRetries with the server’s words', async () => {
    fake.enqueue(httpError(503, 'upstream overloaded'), { kind: 'repeat' });
    const { events, error } = await run(provider({ maxRetries: 2 }).stream(request(), new AbortController().signal));
    expect(events.map((e) => e.type)).toEqual(['retry', 'retry']);
    const err = providerError(error);
    expect(err).toMatchObject({ retryable: true, status: 503, kind: 'overloaded', message: 'vLLM API error 503: upstream overloaded' });
    expect(fake.completions()).toHaveLength(3);
  });

  it('never retries a 401, says so clearly, and never shows the key', async () => {
    await withServer({ apiKey: 'sk-the-right-one-000' }, async (keyed) => {
      const { events, error } = await run(provider({ authHint: 'check OPENAI_API_KEY' }, keyed).stream(request(), new AbortController().signal));
      expect(events).toEqual([]);
      const err = providerError(error);
      expect(err).toMatchObject({ status: 401, retryable: false, kind: 'auth', message: 'vLLM API error 401: Incorrect API key provided.' });
      expect(err.hint).toBe('check OPENAI_API_KEY');
      expect(err.message).not.toContain(KEY);
      expect(keyed.completions()).toHaveLength(1);
    });
  });

  it('never retries a 400, and redacts the key when the server echoes it', async () => {
    fake.enqueue(httpError(400, `bad key ${KEY} for this model`));
    const err = providerError((await run(provider().stream(request(), new AbortController().signal))).error);
    expect(err).toMatchObject({ status: 400, retryable: false, message: 'vLLM API error 400: bad key [redacted] for this model' });
    expect(fake.completions()).toHaveLength(1);
  });

  it('reads error text wherever the server put it (FastAPI detail, a top-level message, HTML)', async () => {
    fake.enqueue({ kind: 'error', status: 422, message: '', body: { detail: [{ loc: ['body', 'model'], msg: 'field required' }] } });
    expect(providerError((await run(provider().stream(request(), new AbortController().signal))).error).message).toBe(
      'vLLM API error 422: [{"loc":["body","model"],"msg":"field required"}]',
    );
    fake.enqueue({ kind: 'error', status: 404, message: '', body: { object: 'error', message: 'The model `nope` does not exist.', code: 404 } });
    expect(providerError((await run(provider().stream(request(), new AbortController().signal))).error)).toMatchObject({
      kind: 'not_found',
      message: 'vLLM API error 404: The model `nope` does not exist.',
    });
    fake.enqueue({ kind: 'raw', status: 502, body: '<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>' }, completion({ text: 'ok' }));
    const { events } = await run(provider().stream(request(), new AbortController().signal));
    expect(events[0]).toMatchObject({ type: 'retry', status: 502 });
    expect(textOfEnd(events)).toBe('ok');
    fake.enqueue({ kind: 'raw', status: 502, body: '<html><head><title>502 Bad Gateway</title></head></html>' });
    expect(providerError((await run(provider({ maxRetries: 0 }).stream(request(), new AbortController().signal))).error).message).toBe(
      'vLLM API error 502: 502 Bad Gateway (the server sent an HTML page, not an API response)',
    );
  });

  it('asks again without stream_options when a server refuses the field, and remembers', async () => {
    await withServer({ rejectStreamOptions: true }, async (old) => {
      old.enqueue(completion({ text: 'without usage' }), completion({ text: 'again' }));
      const p = provider({}, old);
      const { events, error } = await run(p.stream(request(), new AbortController().signal));
      expect(error).toBeUndefined();
      expect(events.some((e) => e.type === 'retry')).toBe(false);
      expect(textOfEnd(events)).toBe('without usage');
      expect(textOfEnd((await run(p.stream(request(), new AbortController().signal))).events)).toBe('again');
      const sent = old.completions().map((r) => 'stream_options' in (r.body as object));
      expect(sent).toEqual([true, false, false]);
    });
  });

  it('names the model when the server says it cannot use tools, without retrying', async () => {
    await withServer({ refuseTools: 'registry.ollama.ai/library/gemma:2b does not support tools' }, async (server) => {
      const p = provider({ title: 'Ollama', model: 'gemma:2b' }, server);
      const err = providerError((await run(p.stream(request({ model: 'gemma:2b', tools: [readTool] }), new AbortController().signal))).error);
      expect(err.kind).toBe('tools_unsupported');
      expect(err.retryable).toBe(false);
      expect(err.message).toBe(
        'this model (gemma:2b) does not accept tools; pick another with /model or --model (Ollama said: registry.ollama.ai/library/gemma:2b does not support tools)',
      );
      expect(server.completions()).toHaveLength(1);
    });
  });

  it('says so when an endpoint answers 200 without an event stream, and does not retry', async () => {
    fake.enqueue({ kind: 'raw', status: 200, contentType: 'application/json', body: '{"choices":[]}' });
    const err = providerError((await run(provider().stream(request(), new AbortController().signal))).error);
    expect(err).toMatchObject({ kind: 'no_stream', retryable: false });
    expect(err.message).toBe(`the endpoint at ${fake.url} answered without a chat completions event stream (is the base URL right? it usually ends in /v1)`);
  });

  it('reports an unreachable server as a retryable connection error naming it', async () => {
    const gone = await startFakeOpenAI();
    await gone.close();
    const err = providerError((await run(provider({ maxRetries: 0 }, gone).stream(request(), new AbortController().signal))).error);
    expect(err).toMatchObject({ kind: 'connection', retryable: true });
    expect(err.message).toContain(`cannot reach vLLM at ${gone.url} (fetch failed: connect ECONNREFUSED`);
  });
});

describe('openai provider: broken streams', () => {
  it('turns a cut mid-answer into a retryable error after its partial text streamed, without repeating it', async () => {
    fake.enqueue(completion({ text: ['Partial ', 'answer'], end: 'cut' }), completion({ text: 'must not be requested' }));
    const { events, error } = await run(provider().stream(request(), new AbortController().signal));
    expect(events.map((e) => e.type)).toEqual(['text_delta', 'text_delta']);
    const err = providerError(error);
    expect(err.retryable).toBe(true);
    expect(err.message).toMatch(/^connection to vLLM lost mid-stream \(terminated/);
    expect(streamedBlocks(events)).toEqual([{ type: 'text', text: 'Partial answer' }]);
    expect(fake.completions()).toHaveLength(1);
  });

  it('keeps completed calls but not the one still streaming among what streamed', async () => {
    fake.enqueue(
      completion({
        toolCalls: [{ id: 'done', name: 'read_file', arguments: { path: 'a' } }, { id: 'half', name: 'read_file', argumentsChunks: ['{"pa'] }],
        end: 'cut',
      }),
    );
    const { events, error } = await run(provider().stream(request(), new AbortController().signal));
    const err = providerError(error);
    expect(streamedBlocks(events)).toEqual([{ type: 'tool_use', id: 'done', name: 'read_file', input: { path: 'a' } }]);
  });

  it('retries a cut that came before any content', async () => {
    fake.enqueue(completion({ end: 'cut' }), completion({ text: 'whole' }));
    const { events } = await run(provider().stream(request(), new AbortController().signal));
    expect(events[0]).toMatchObject({ type: 'retry', reason: 'connection lost' });
    expect(textOfEnd(events)).toBe('whole');
  });

  it('reports an error chunk mid-stream with its message', async () => {
    fake.enqueue(completion({ text: 'so far', end: { error: { message: 'Provider returned error', code: 502 } } }));
    const { events, error } = await run(provider().stream(request(), new AbortController().signal));
    const err = providerError(error);
    expect(err.message).toBe('vLLM error mid-stream: Provider returned error');
    expect(streamedBlocks(events)).toEqual([{ type: 'text', text: 'so far' }]);
  });

  it('reports a garbled chunk in words, as retryable (by the loop: text had started)', async () => {
    fake.enqueue(completion({ text: 'so far', end: 'garbled' }));
    const { events, error } = await run(provider().stream(request(), new AbortController().signal));
    const err = providerError(error);
    expect(err).toMatchObject({ retryable: true, reason: 'unreadable response', message: 'vLLM sent a response inkling could not read (a chunk that is not valid JSON)' });
    expect(streamedBlocks(events)).toEqual([{ type: 'text', text: 'so far' }]);
    expect(fake.completions()).toHaveLength(1);
  });

  it('aborts a stalled stream after idleTimeoutMs with a retryable error', async () => {
    fake.enqueue(completion({ text: 'I started', end: 'stall' }));
    const { events, error } = await run(provider({ idleTimeoutMs: 200 }).stream(request(), new AbortController().signal));
    expect(events.map((e) => e.type)).toEqual(['text_delta']);
    expect(providerError(error)).toMatchObject({ kind: 'stalled', retryable: true, message: 'stream stalled: no data for 200 ms' });
    await fake.connectionClosed(0);
  });

  it('retries a stall that came before any content', async () => {
    fake.enqueue(completion({ end: 'stall' }), completion({ text: 'after the stall' }));
    const { events } = await run(provider({ idleTimeoutMs: 150 }).stream(request(), new AbortController().signal));
    expect(events[0]).toMatchObject({ type: 'retry', attempt: 1, reason: 'stream stalled' });
    expect(textOfEnd(events)).toBe('after the stall');
  });
});

describe('openai provider: abort', () => {
  it('throws AbortError mid-stream and closes the connection', async () => {
    fake.enqueue(completion({ text: Array.from({ length: 200 }, (_, i) => `chunk ${i} `), chunkDelayMs: 20 }));
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
    expect(events).toHaveLength(2);
    await fake.connectionClosed(0);
  });

  it('throws AbortError while waiting to retry', async () => {
    fake.enqueue(httpError(429, 'later', { 'retry-after': '30' }));
    const ac = new AbortController();
    let error: unknown;
    try {
      for await (const ev of provider().stream(request(), ac.signal)) if (ev.type === 'retry') ac.abort();
    } catch (e) {
      error = e;
    }
    expect((error as Error).name).toBe('AbortError');
    expect(fake.completions()).toHaveLength(1);
  });
});
