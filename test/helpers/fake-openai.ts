/*
 * A fake OpenAI-compatible chat completions API on 127.0.0.1 speaking real SSE (`data:` lines,
 * `[DONE]`), so the real openai SDK can be tested against it. Tests call startFakeOpenAI() and
 * enqueue responses; e2e tests run it as a process:
 *
 *   node --import tsx test/helpers/fake-openai.ts --script <file.json> [--record <file.jsonl>]
 *        [--api-key <key>] [--models a,b] [--reject-stream-options] [--prefix /v1]
 *
 * It prints its base URL (with the /v1 prefix) as the first line on stdout and serves the
 * script's responses in order; GET <prefix>/models lists the models. It stops on SIGTERM/SIGINT.
 *
 * Script JSON: an array of entries, or { "responses": [entries] }. An entry is one of:
 *   { "text": "Hello" | ["Hel", "lo"],                    text, one delta per chunk
 *     "reasoning": "hmm" | [...], "reasoningField": "reasoning_content" | "reasoning",
 *     "toolCalls": [{ "name": "read_file", "arguments": { "path": "a" } },          an object, or
 *                   { "name": "bash", "argumentsChunks": ["{\"comm", "and\": "] }], raw JSON pieces
 *     "interleave": true,            argument chunks of several calls alternate (by index)
 *     "omitIds": true,               calls come without ids (some local servers)
 *     "finishReason": "length",      default tool_calls / stop; null sends none
 *     "usage": { "prompt_tokens": 10, "completion_tokens": 5, "cached_tokens": 3 },
 *                                    sent (as its own last chunk) when the request asked for it
 *     "chunkDelayMs": 20, "delayMs": 100,
 *     "end": "complete" | "cut" | "stall" | "no-done" | "garbled" | { "error": { "message": "..." } } }
 *   { "kind": "error", "status": 429, "message": "Slow down", "headers": { "retry-after": "0" } }
 *   { "kind": "raw", "status": 502, "body": "<html>…", "contentType": "text/html" }
 *   { "kind": "repeat" }        serve the previous entry again, for this and every later request
 * When the script runs out, requests get a 400 saying so.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface FakeToolCall {
  id?: string;
  name: string;
  arguments?: unknown;
  argumentsChunks?: string[];
}

export interface FakeCompletion {
  kind?: 'completion';
  text?: string | string[];
  reasoning?: string | string[];
  reasoningField?: 'reasoning_content' | 'reasoning';
  toolCalls?: FakeToolCall[];
  interleave?: boolean;
  omitIds?: boolean;
  finishReason?: string | null;
  usage?: { prompt_tokens: number; completion_tokens: number; cached_tokens?: number };
  chunkDelayMs?: number;
  delayMs?: number;
  end?: 'complete' | 'cut' | 'stall' | 'no-done' | 'garbled' | { error: { message: string; code?: number | string } };
}

export interface FakeHttpError {
  kind: 'error';
  status: number;
  message: string;
  headers?: Record<string, string>;
  /** Replaces the usual { error: { message, type, code } } body. */
  body?: unknown;
  delayMs?: number;
}

export interface FakeRaw {
  kind: 'raw';
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

export type FakeOpenAIResponse = FakeCompletion | FakeHttpError | FakeRaw | { kind: 'repeat' };

export interface RecordedOpenAIRequest {
  method: string;
  path: string;
  /** Lower-cased header names; authorization is left out. */
  headers: Record<string, string>;
  auth: 'bearer' | 'none';
  body: unknown;
}

export interface FakeOpenAI {
  /** Base URL for the SDK, with the version prefix: http://127.0.0.1:<port>/v1 */
  url: string;
  requests: RecordedOpenAIRequest[];
  /** The chat completion requests only (GET /models left out). */
  completions(): RecordedOpenAIRequest[];
  enqueue(...responses: FakeOpenAIResponse[]): void;
  /** Resolves when the connection that carried request `index` (0-based) is closed. */
  connectionClosed(index: number): Promise<void>;
  close(): Promise<void>;
}

export interface FakeOpenAIOptions {
  /** Default "/v1". */
  pathPrefix?: string;
  /** When set, a request with another key (or none) gets a 401. */
  apiKey?: string;
  /** What GET /models lists. Default ["fake-model-a", "fake-model-b"]. */
  models?: string[];
  /** Answer a request that carries stream_options with a 400, as older servers do. */
  rejectStreamOptions?: boolean;
  /** Answer a request that carries tools with this 400 message (a model without tool support). */
  refuseTools?: string;
  onRequest?: (req: RecordedOpenAIRequest) => void;
}

export const completion = (c: Omit<FakeCompletion, 'kind'>): FakeCompletion => ({ kind: 'completion', ...c });
export const httpError = (status: number, message: string, headers?: Record<string, string>): FakeHttpError => ({
  kind: 'error',
  status,
  message,
  ...(headers ? { headers } : {}),
});
export const call = (name: string, args: unknown, id?: string): FakeToolCall => ({ name, arguments: args, ...(id ? { id } : {}) });

// Unref'd, so a delayed answer nobody waits for any more cannot hold a test run open.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

export async function startFakeOpenAI(opts: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const queue: FakeOpenAIResponse[] = [];
  const requests: RecordedOpenAIRequest[] = [];
  const closed: Promise<void>[] = [];
  let previous: FakeOpenAIResponse | undefined;
  let repeating = false;
  let counter = 0;
  const prefix = (opts.pathPrefix ?? '/v1').replace(/\/$/, '');
  const models = opts.models ?? ['fake-model-a', 'fake-model-b'];

  const next = (): FakeOpenAIResponse | undefined => {
    if (repeating) return previous;
    let r = queue.shift();
    if (r?.kind === 'repeat') {
      repeating = true;
      r = previous;
    }
    previous = r;
    return r;
  };

  const server = createServer((req, res) => {
    const closedPromise = new Promise<void>((resolve) => res.on('close', () => resolve()));
    void handle(req, res, closedPromise).catch((err: unknown) => {
      if (!res.headersSent) sendError(res, httpError(500, String(err)));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse, closedPromise: Promise<void>) {
    const raw = await readBody(req);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (k === 'authorization' || v === undefined) continue;
      headers[k] = Array.isArray(v) ? v.join(', ') : v;
    }
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      // keep the raw text so a test can see what was sent
    }
    const record: RecordedOpenAIRequest = { method: req.method ?? '', path: req.url ?? '', headers, auth: req.headers.authorization ? 'bearer' : 'none', body };
    requests.push(record);
    closed.push(closedPromise);
    opts.onRequest?.(record);

    if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      return sendError(res, { kind: 'error', status: 401, message: 'Incorrect API key provided.', body: { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' } } });
    }
    const route = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && route === `${prefix}/models`) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) }));
    }
    if (req.method !== 'POST' || route !== `${prefix}/chat/completions`) {
      return sendError(res, httpError(404, `no route ${req.method} ${req.url}`));
    }
    const request = (body ?? {}) as { stream_options?: unknown; tools?: unknown[]; model?: unknown };
    if (opts.rejectStreamOptions && request.stream_options !== undefined) {
      // The shape vLLM and friends use for unknown fields: top-level message, no `error` wrapper.
      return sendError(res, { kind: 'error', status: 400, message: '', body: { object: 'error', message: 'Unrecognized request argument supplied: stream_options', type: 'BadRequestError', code: 400 } });
    }
    if (opts.refuseTools && Array.isArray(request.tools) && request.tools.length > 0) {
      return sendError(res, { kind: 'error', status: 400, message: '', body: { error: opts.refuseTools } });
    }
    const response = next();
    if (!response) return sendError(res, httpError(400, 'fake-openai: no scripted response left for this request'));
    if (response.kind === 'repeat') throw new Error('repeat with nothing before it');
    if (response.delayMs) await sleep(response.delayMs);
    if (res.destroyed) return;
    if (response.kind === 'error') return sendError(res, response);
    if (response.kind === 'raw') {
      res.writeHead(response.status, { 'content-type': response.contentType ?? 'text/html', ...response.headers });
      return void res.end(response.body);
    }
    const includeUsage = (request.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
    await sendCompletion(res, response, typeof request.model === 'string' ? request.model : 'fake-model', includeUsage);
  }

  async function sendCompletion(res: ServerResponse, c: FakeCompletion, model: string, includeUsage: boolean) {
    const id = `chatcmpl-fake-${++counter}`;
    const chunk = (delta: unknown, finish: string | null = null) => ({
      id,
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
      ...(includeUsage ? { usage: null } : {}),
    });
    const payloads: string[] = [JSON.stringify(chunk({ role: 'assistant', content: '' }))];
    const field = c.reasoningField ?? 'reasoning_content';
    for (const r of pieces(c.reasoning)) payloads.push(JSON.stringify(chunk({ [field]: r })));
    for (const t of pieces(c.text)) payloads.push(JSON.stringify(chunk({ content: t })));
    payloads.push(...toolCallChunks(c, counter).map((d) => JSON.stringify(chunk(d))));
    const finish = c.finishReason === undefined ? (c.toolCalls?.length ? 'tool_calls' : 'stop') : c.finishReason;
    const end = c.end ?? 'complete';
    if (typeof end === 'object') payloads.push(JSON.stringify({ error: end.error }));
    else if (end === 'garbled') payloads.push('{"choices": not json');
    else if (end !== 'cut' && end !== 'stall') {
      if (finish !== null) payloads.push(JSON.stringify(chunk({}, finish)));
      if (includeUsage && c.usage) {
        const { cached_tokens, ...counts } = c.usage;
        const usage = { ...counts, total_tokens: counts.prompt_tokens + counts.completion_tokens, ...(cached_tokens !== undefined ? { prompt_tokens_details: { cached_tokens } } : {}) };
        payloads.push(JSON.stringify({ id, object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [], usage }));
      }
      if (end !== 'no-done') payloads.push('[DONE]');
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-request-id': `req_fake_${counter}` });
    for (const [i, data] of payloads.entries()) {
      if (i > 0 && c.chunkDelayMs) await sleep(c.chunkDelayMs);
      if (res.destroyed) return;
      // Wait for each write to flush, so a 'cut' after it really cuts after it.
      await new Promise<void>((resolve) => res.write(`data: ${data}\n\n`, () => resolve()));
    }
    if (end === 'cut') res.destroy();
    else if (end !== 'stall') res.end();
  }

  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    requests,
    completions: () => requests.filter((r) => r.method === 'POST'),
    enqueue: (...responses) => void queue.push(...responses),
    connectionClosed: async (index) => {
      while (!closed[index]) await sleep(5);
      return closed[index];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function pieces(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The deltas that stream the calls: a header (id, name) per call, then its argument pieces. */
function toolCallChunks(c: FakeCompletion, response: number): unknown[] {
  const calls = c.toolCalls ?? [];
  const perCall = calls.map((tc, index) => {
    const args = tc.argumentsChunks ?? splitInTwo(JSON.stringify(tc.arguments ?? {}));
    const header = { index, ...(c.omitIds ? {} : { id: tc.id ?? `call_fake_${response}_${index}` }), type: 'function', function: { name: tc.name, arguments: '' } };
    return [{ tool_calls: [header] }, ...args.map((a) => ({ tool_calls: [{ index, function: { arguments: a } }] }))];
  });
  if (!c.interleave) return perCall.flat();
  // Headers first, then one argument piece of each call in turn.
  const out: unknown[] = perCall.map((deltas) => deltas[0]);
  for (let i = 1; perCall.some((d) => i < d.length); i++) for (const d of perCall) if (i < d.length) out.push(d[i]);
  return out;
}

function splitInTwo(json: string): string[] {
  const mid = Math.floor(json.length / 2);
  return [json.slice(0, mid), json.slice(mid)].filter((s) => s !== '');
}

function sendError(res: ServerResponse, e: FakeHttpError) {
  res.writeHead(e.status, { 'content-type': 'application/json', ...e.headers });
  res.end(JSON.stringify(e.body ?? { error: { message: e.message, type: e.status === 429 ? 'rate_limit_error' : 'invalid_request_error', code: null } }));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function loadOpenAIScript(file: string): FakeOpenAIResponse[] {
  const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const entries = Array.isArray(json) ? json : (json as { responses?: unknown[] }).responses;
  if (!Array.isArray(entries)) throw new Error(`${file}: expected an array or { "responses": [...] }`);
  return entries.map((e) => {
    const entry = e as FakeOpenAIResponse;
    return entry.kind ? entry : { kind: 'completion', ...(entry as FakeCompletion) };
  });
}

async function main(argv: string[]) {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const script = arg('--script');
  if (!script) {
    process.stderr.write('usage: fake-openai.ts --script <file.json> [--record <file.jsonl>] [--api-key <key>] [--models a,b] [--reject-stream-options] [--prefix /v1]\n');
    process.exit(2);
  }
  const record = arg('--record');
  const apiKey = arg('--api-key');
  const models = arg('--models');
  const pathPrefix = arg('--prefix');
  const fake = await startFakeOpenAI({
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(models !== undefined ? { models: models.split(',') } : {}),
    ...(pathPrefix !== undefined ? { pathPrefix } : {}),
    rejectStreamOptions: argv.includes('--reject-stream-options'),
    ...(record ? { onRequest: (r: RecordedOpenAIRequest) => appendFileSync(record, JSON.stringify(r) + '\n') } : {}),
  });
  fake.enqueue(...loadOpenAIScript(script));
  process.stdout.write(fake.url + '\n');
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`fake-openai: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
