// A fetch over node's http and https for the Anthropic provider's requests. node's own fetch (undici)
// loads ~25-35 ms of modules on a session's first request (http2, tls, zlib, worker_threads, its
// WebAssembly HTTP parser) and costs ~15-20 ms more CPU a request; node:http parses in C and is ~5 ms
// to load. It gives what the SDK reads of a Response — status, headers, a body to iterate or read
// whole — and fails as node's fetch does: TypeError "fetch failed" (the cause: the socket's error, or
// undici's UND_ERR_CONNECT_TIMEOUT after 10 s) before a response, TypeError "terminated" for a body
// cut short, the signal's reason when aborted. Like fetch it drops credentials on a redirect to
// another origin and reads a compressed body cut before its trailer. Unlike it: string and byte
// request bodies only, one content-encoding (not a list), no cookies, proxies or HTTP/2.
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { LightHeaders } from './light-headers.js';

const require = createRequire(import.meta.url);
type HttpModule = typeof import('node:http');

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;
/** The headers fetch drops on a redirect to another origin. */
const CROSS_ORIGIN_DROPPED = ['authorization', 'proxy-authorization', 'cookie', 'host'];

/** node's module for a URL's protocol (the warm-up loads it ahead of the first request); null for others. */
export function httpModuleFor(protocol: string): HttpModule | null {
  if (protocol === 'http:') return require('node:http') as HttpModule;
  if (protocol === 'https:') return require('node:https') as unknown as HttpModule;
  return null;
}

/** undici's connect timeout: an address that drops packets fails in 10 s rather than after the OS's ~2 min of SYN retries. */
export const CONNECT_TIMEOUT_MS = 10_000;

export interface HttpFetchOptions {
  /** How long a new connection may take (name lookup, TCP, TLS) before the request fails as undici's connect timeout does. */
  connectTimeoutMs?: number;
  /** The name lookup (node's dns.lookup when not given). */
  lookup?: import('node:net').LookupFunction;
}

export async function httpFetch(input: string | URL | { url: string }, init: RequestInit = {}, options: HttpFetchOptions = {}): Promise<HttpResponse> {
  let url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  let method = (init.method ?? 'GET').toUpperCase();
  const headers = new LightHeaders(init.headers as ConstructorParameters<typeof LightHeaders>[0]);
  let body = requestBody(init.body);
  if (typeof init.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8');
  const signal = init.signal ?? undefined;
  for (let hop = 0; ; hop++) {
    if (body !== undefined) headers.set('content-length', String(body.byteLength));
    const res = await send(url, method, headers, body, signal, options);
    const location = res.headers.location;
    if (init.redirect !== 'manual' && location && REDIRECTS.has(res.statusCode ?? 0) && hop < MAX_REDIRECTS) {
      res.resume();
      const next = new URL(location, url);
      // As fetch does: credentials stay with the origin they were meant for.
      if (next.origin !== url.origin) for (const name of CROSS_ORIGIN_DROPPED) headers.delete(name);
      url = next;
      // As fetch does: a 303, and a 301 or 302 of a POST, go on as a GET without the body.
      if (res.statusCode === 303 || (method === 'POST' && (res.statusCode === 301 || res.statusCode === 302))) {
        method = 'GET';
        body = undefined;
        for (const name of ['content-type', 'content-length']) headers.delete(name);
      }
      continue;
    }
    return new HttpResponse(res, url.href, hop > 0, signal);
  }
}

function requestBody(body: RequestInit['body']): Buffer | undefined {
  if (body == null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('fetch failed', { cause: new Error('this fetch sends string and byte bodies only') });
}

const aborted = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('This operation was aborted', 'AbortError');

function send(url: URL, method: string, headers: LightHeaders, body: Buffer | undefined, signal: AbortSignal | undefined, options: HttpFetchOptions): Promise<IncomingMessage> {
  const http = httpModuleFor(url.protocol);
  if (!http) return Promise.reject(new TypeError('fetch failed', { cause: new Error(`unsupported protocol ${url.protocol}`) }));
  if (signal?.aborted) return Promise.reject(aborted(signal));
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: Object.fromEntries(headers), ...(options.lookup && { lookup: options.lookup }) });
    guardConnect(req, url.protocol === 'https:', options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS);
    // Kept while the body is read: an abort then ends the body with the signal's reason.
    const onAbort = () => req.destroy(aborted(signal!) as Error);
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('response', (res) => {
      // The body's errors reach its reader (the stream keeps them); never an unhandled 'error'.
      res.on('error', () => undefined);
      res.once('close', () => signal?.removeEventListener('abort', onAbort));
      resolve(res);
    });
    req.on('error', (err) => {
      signal?.removeEventListener('abort', onAbort);
      reject(signal?.aborted ? aborted(signal) : new TypeError('fetch failed', { cause: err }));
    });
    req.end(body);
  });
}

/** Fails the request with undici's ConnectTimeoutError shape (the retry policy reads its code) when a new socket is not connected in time. */
function guardConnect(req: import('node:http').ClientRequest, tls: boolean, ms: number): void {
  req.once('socket', (socket) => {
    // A kept-alive socket is connected already.
    if (!socket.connecting) return;
    const timer = setTimeout(() => {
      const err = Object.assign(new Error(`Connect Timeout Error (timeout: ${ms}ms)`), { name: 'ConnectTimeoutError', code: 'UND_ERR_CONNECT_TIMEOUT' });
      req.destroy(err);
    }, ms);
    const done = () => clearTimeout(timer);
    socket.once(tls ? 'secureConnect' : 'connect', done);
    socket.once('close', done);
  });
}

/** What the SDK reads of a Response. The body is an async iterable of bytes (the SDK takes those as it takes a ReadableStream). */
export class HttpResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: LightHeaders;
  readonly type = 'basic';
  readonly body: AsyncGenerator<Uint8Array, void>;
  #used = false;

  constructor(
    private readonly res: IncomingMessage,
    readonly url: string,
    readonly redirected: boolean,
    private readonly signal: AbortSignal | undefined,
    onChunk?: () => void,
  ) {
    this.status = res.statusCode ?? 0;
    this.statusText = res.statusMessage ?? '';
    this.ok = this.status >= 200 && this.status < 300;
    this.headers = new LightHeaders();
    for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) this.headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
    this.body = this.chunks(onChunk);
  }

  get bodyUsed(): boolean {
    return this.#used;
  }

  /** The same response whose body calls `onChunk` for each piece as it arrives (the idle watchdog's touch). */
  tapped(onChunk: () => void): HttpResponse {
    return new HttpResponse(this.res, this.url, this.redirected, this.signal, onChunk);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const parts: Uint8Array[] = [];
    for await (const part of this.body) parts.push(part);
    const whole = Buffer.concat(parts);
    return whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.byteLength) as ArrayBuffer;
  }

  async text(): Promise<string> {
    return Buffer.from(await this.arrayBuffer()).toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  private async *chunks(onChunk?: () => void): AsyncGenerator<Uint8Array, void> {
    this.#used = true;
    const stream = decoded(this.res);
    try {
      for await (const chunk of stream) {
        onChunk?.();
        yield chunk as Uint8Array;
      }
    } catch (err) {
      throw this.signal?.aborted ? aborted(this.signal) : new TypeError('terminated', { cause: err });
    } finally {
      // Leaving early (the consumer stopped, an error) closes the connection rather than leaving it half read.
      this.res.destroy();
    }
  }
}

/** A compressed body (a server that compresses unasked: this fetch asks for none), decompressed. */
function decoded(res: IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (!['gzip', 'x-gzip', 'deflate', 'br'].includes(encoding)) return res;
  const zlib = require('node:zlib') as typeof import('node:zlib');
  const { pipeline } = require('node:stream') as typeof import('node:stream');
  // As undici does: flushed as it goes, so a body cut before its trailer still reads whole.
  const flush = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const brotliFlush = { flush: zlib.constants.BROTLI_OPERATION_FLUSH, finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH };
  const inflate = encoding === 'br' ? zlib.createBrotliDecompress(brotliFlush) : encoding === 'deflate' ? zlib.createInflate(flush) : zlib.createGunzip(flush);
  return pipeline(res, inflate, () => undefined);
}
