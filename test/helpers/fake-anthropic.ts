/*
 * A fake Anthropic Messages API on 127.0.0.1 that speaks real SSE, so the real SDK can be
 * tested against it. Tests call startFakeAnthropic() and enqueue responses; e2e tests can
 * run it as a process:
 *
 *   node --import tsx test/helpers/fake-anthropic.ts --script <file.json> [--record <file.jsonl>] [--api-key <key>] [--timing <file.jsonl>]
 *
 * It prints its base URL (use as ANTHROPIC_BASE_URL) as the first line on stdout, serves the
 * script's responses in order, and with --record appends each request as one JSON line.
 * With --api-key, requests carrying another key get a 401 authentication_error. With --timing,
 * each streamed message appends {firstByte, lastByte} (epoch ms) as one JSON line.
 * It stops on SIGTERM/SIGINT.
 *
 * Script JSON: an array of entries, or { "responses": [entries] }. An entry is one of:
 *   { "text": "Hello" }                                   shorthand; may combine:
 *   { "text": ["Hel", "lo"],                              text chunks, one delta each
 *     "thinking": { "thinking": "hmm", "signature": "s" },
 *     "toolUses": [{ "name": "read", "input": { "path": "a" } },
 *                  { "name": "read", "inputJson": ["{\"pa", "th\": "] }],   raw (here cut) JSON
 *     "stopReason": "max_tokens", "usage": { "input_tokens": 5, "output_tokens": 7,
 *       "cache_read_input_tokens": 3, "cache_creation_input_tokens": 2 },
 *     "chunkDelayMs": 20, "delayMs": 100,                 delay between SSE events / before headers
 *     "end": "complete" | "cut" | "stall" | "garbled" | { "error": { "type": "overloaded_error", "message": "..." } } }
 *   { "kind": "message", "content": [blocks], ...same options }   full form; blocks are
 *       { "type": "text", "text": ... }, { "type": "thinking", "thinking": ..., "signature"?: ... },
 *       { "type": "redacted_thinking", "data": ... }, { "type": "tool_use", "name", "input" | "inputJson", "id"? },
 *       each with "open": true to leave out its content_block_stop
 *   { "kind": "error", "status": 529, "type": "overloaded_error", "message": "Overloaded", "headers": { "retry-after": "0" } }
 *   { "kind": "raw", "status": 502, "body": "<html>…", "contentType": "text/html" }   any status and body as they are
 *   { "kind": "repeat" }        serve the previous entry again, for this and every later request
 * When the script runs out, requests get a 400 invalid_request_error saying so.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import {
  errorBody,
  messageEvents,
  parseScriptEntry,
  RAW_GARBAGE,
  type FakeHttpError,
  type FakeMessage,
  type FakeResponse,
} from './fake-anthropic-script.js';

export * from './fake-anthropic-script.js';

export interface RecordedRequest {
  method: string;
  path: string;
  /** Lower-cased header names; x-api-key and authorization are left out. */
  headers: Record<string, string>;
  auth: 'x-api-key' | 'bearer' | 'none';
  body: unknown;
}

export interface FakeAnthropic {
  /** Base URL to give the SDK (includes the path prefix, if any). */
  url: string;
  requests: RecordedRequest[];
  enqueue(...responses: FakeResponse[]): void;
  /** Resolves when the connection that carried request `index` (0-based) is closed. */
  connectionClosed(index: number): Promise<void>;
  close(): Promise<void>;
}

export interface FakeAnthropicOptions {
  /** Serve under a path prefix, e.g. "/anthropic", like compatible endpoints do. */
  pathPrefix?: string;
  /** When set, a request with another key (or none) gets a 401. */
  apiKey?: string;
  /** Called with every request as it is recorded. */
  onRequest?: (req: RecordedRequest) => void;
  /**
   * Picks the response for a request before the queue is asked (undefined: the queue's next), for
   * requests that arrive in no fixed order, like several child agents' at once.
   */
  route?: (req: RecordedRequest) => FakeResponse | undefined;
  /**
   * Called when a streamed message has been written whole: when its first and its last byte left
   * (epoch ms), so a bench can subtract the stream's own length from what the client took, and
   * when its last text delta left (NaN without text: what a client can draw last is there).
   */
  onStream?: (times: { firstByte: number; lastByte: number; lastText: number }) => void;
}

/** Epoch ms with sub-ms precision (comparable across processes on this machine). */
const epochMs = (): number => performance.timeOrigin + performance.now();

// Unref'd, so a delayed answer nobody waits for any more cannot hold a test run open.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

export async function startFakeAnthropic(opts: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const queue: FakeResponse[] = [];
  const requests: RecordedRequest[] = [];
  const closed: Promise<void>[] = [];
  let previous: FakeResponse | undefined;
  let repeating = false;
  let toolCounter = 0;
  let messageCounter = 0;
  const prefix = (opts.pathPrefix ?? '').replace(/\/$/, '');

  const next = (): FakeResponse | undefined => {
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
      if (!res.headersSent) sendError(res, { kind: 'error', status: 500, type: 'api_error', message: String(err) });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse, closedPromise: Promise<void>) {
    const raw = await readBody(req);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (k === 'x-api-key' || k === 'authorization' || v === undefined) continue;
      headers[k] = Array.isArray(v) ? v.join(', ') : v;
    }
    const auth = req.headers['x-api-key'] ? 'x-api-key' : req.headers.authorization ? 'bearer' : 'none';
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      // keep the raw text so a test can see what was sent
    }
    const record: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers, auth, body };
    requests.push(record);
    closed.push(closedPromise);
    opts.onRequest?.(record);

    if (req.method !== 'POST' || (req.url ?? '').split('?')[0] !== `${prefix}/v1/messages`) {
      return sendError(res, { kind: 'error', status: 404, type: 'not_found_error', message: `no route ${req.method} ${req.url}` });
    }
    if (opts.apiKey !== undefined) {
      const sent = req.headers['x-api-key'] ?? req.headers.authorization?.replace(/^Bearer /, '');
      if (sent !== opts.apiKey) {
        return sendError(res, { kind: 'error', status: 401, type: 'authentication_error', message: 'invalid x-api-key' });
      }
    }
    const response = opts.route?.(record) ?? next();
    if (!response) {
      return sendError(res, {
        kind: 'error', status: 400, type: 'invalid_request_error',
        message: 'fake-anthropic: no scripted response left for this request',
      });
    }
    if (response.kind === 'repeat') throw new Error('repeat with nothing before it');
    if (response.delayMs) await sleep(response.delayMs);
    if (res.destroyed) return;
    if (response.kind === 'error') return sendError(res, response);
    if (response.kind === 'raw') {
      res.writeHead(response.status, { 'content-type': response.contentType ?? 'text/html', ...response.headers });
      return void res.end(response.body);
    }
    const model = (body as { model?: unknown })?.model;
    await sendMessage(res, response, typeof model === 'string' ? model : 'claude-fake');
  }

  async function sendMessage(res: ServerResponse, msg: FakeMessage, model: string) {
    const events = messageEvents(msg, model, `msg_fake_${++messageCounter}`, () => `toolu_fake_${++toolCounter}`);
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'request-id': `req_fake_${messageCounter}`,
    });
    let firstByte = NaN;
    let lastText = NaN;
    for (const [i, e] of events.entries()) {
      if (i > 0 && msg.chunkDelayMs) await sleep(msg.chunkDelayMs);
      if (i === 0) firstByte = epochMs();
      if (res.destroyed) return;
      const data = e.data === RAW_GARBAGE ? '{"type": not json' : JSON.stringify(e.data);
      // Wait for each write to flush, so a 'cut' after it really cuts after it.
      await new Promise<void>((resolve) => res.write(`event: ${e.event}\ndata: ${data}\n\n`, () => resolve()));
      if ((e.data as { delta?: { type?: string } }).delta?.type === 'text_delta') lastText = epochMs();
    }
    opts.onStream?.({ firstByte, lastByte: epochMs(), lastText });
    const end = msg.end ?? 'complete';
    if (end === 'cut') res.destroy();
    else if (end !== 'stall') res.end();
    // 'stall': leave the response open; close() or the client ends it.
  }

  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    requests,
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

function sendError(res: ServerResponse, e: FakeHttpError) {
  res.writeHead(e.status, { 'content-type': 'application/json', 'request-id': 'req_fake_error', ...e.headers });
  res.end(JSON.stringify(errorBody(e.type, e.message)));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function loadScript(file: string): FakeResponse[] {
  const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const entries = Array.isArray(json) ? json : (json as { responses?: unknown[] }).responses;
  if (!Array.isArray(entries)) throw new Error(`${file}: expected an array or { "responses": [...] }`);
  return entries.map(parseScriptEntry);
}

async function main(argv: string[]) {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const script = arg('--script');
  if (!script) {
    process.stderr.write('usage: fake-anthropic.ts --script <file.json> [--record <file.jsonl>] [--timing <file.jsonl>] [--api-key <key>] [--prefix /path]\n');
    process.exit(2);
  }
  const record = arg('--record');
  const timing = arg('--timing');
  const apiKey = arg('--api-key');
  const pathPrefix = arg('--prefix');
  const fake = await startFakeAnthropic({
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(pathPrefix !== undefined ? { pathPrefix } : {}),
    ...(record ? { onRequest: (r: RecordedRequest) => appendFileSync(record, JSON.stringify(r) + '\n') } : {}),
    ...(timing ? { onStream: (t: { firstByte: number; lastByte: number; lastText: number }) => appendFileSync(timing, JSON.stringify(t) + '\n') } : {}),
  });
  fake.enqueue(...loadScript(script));
  process.stdout.write(fake.url + '\n');
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(`fake-anthropic: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
