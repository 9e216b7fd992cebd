// The Anthropic provider's fetch over node's http (src/core/providers/http-fetch.ts), against a real
// server on 127.0.0.1: the request as sent, a body streamed as it is written, and the failures shaped
// as node's fetch shapes them (the retry policy reads those shapes).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { httpFetch } from '../../../src/core/providers/http-fetch.js';
import { LightHeaders } from '../../../src/core/providers/light-headers.js';
import { isConnectionLoss } from '../../../src/core/providers/retry-policy.js';

let servers: http.Server[] = [];
afterEach(async () => {
  const open = servers;
  servers = [];
  for (const server of open) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('httpFetch', () => {
  it('sends the method, headers and body, and gives the body as it is written', async () => {
    let seen: { method?: string; headers?: http.IncomingHttpHeaders; body?: string } = {};
    let more: () => void = () => {};
    const url = await serve((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen = { method: req.method, headers: req.headers, body };
        res.writeHead(200, { 'content-type': 'text/event-stream', 'request-id': 'req_1' });
        res.write('event: one\n\n');
        more = () => res.end('event: two\n\n');
      });
    });
    const res = await httpFetch(`${url}/v1/messages`, { method: 'POST', headers: new LightHeaders({ 'Content-Type': 'application/json', 'X-Api-Key': 'k' }), body: '{"a":1}' });
    expect(seen).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'content-length': '7' } });
    expect([res.status, res.ok, res.headers.get('Request-Id'), res.headers.get('content-type')]).toEqual([200, true, 'req_1', 'text/event-stream']);
    const parts: string[] = [];
    for await (const chunk of res.body) {
      parts.push(Buffer.from(chunk).toString());
      // The first part arrived before the server wrote the second.
      more();
    }
    expect(parts.join('')).toBe('event: one\n\nevent: two\n\n');
    expect(parts[0]).toBe('event: one\n\n');
  });

  it('reads an error body whole and follows a redirect', async () => {
    const url = await serve((req, res) => {
      if (req.url === '/old') return void res.writeHead(307, { location: '/new' }).end();
      res.writeHead(529, { 'content-type': 'application/json', 'retry-after': '2' }).end('{"error":{"type":"overloaded_error"}}');
    });
    const res = await httpFetch(`${url}/old`, { method: 'POST', body: 'x' });
    expect([res.status, res.ok, res.redirected, res.url, res.headers.get('retry-after')]).toEqual([529, false, true, `${url}/new`, '2']);
    expect(await res.json()).toEqual({ error: { type: 'overloaded_error' } });
  });

  it('keeps Authorization and Cookie on a redirect to the same origin and drops them for another origin', async () => {
    const seen: Record<string, http.IncomingHttpHeaders> = {};
    const other = await serve((req, res) => {
      seen.other = req.headers;
      res.writeHead(200).end('there');
    });
    const url = await serve((req, res) => {
      seen[req.url!] = req.headers;
      if (req.url === '/same') return void res.writeHead(307, { location: '/away' }).end();
      res.writeHead(307, { location: `${other}/landed` }).end();
    });
    const credentials = { authorization: 'Bearer SECRET', cookie: 'c=1', 'proxy-authorization': 'Basic p', 'x-api-key': 'k' };
    const res = await httpFetch(`${url}/same`, { method: 'POST', headers: credentials, body: 'x' });
    expect(await res.text()).toBe('there');
    expect(seen['/away']).toMatchObject(credentials);
    expect(seen.other).toMatchObject({ 'x-api-key': 'k', host: new URL(other).host });
    expect([seen.other!.authorization, seen.other!.cookie, seen.other!['proxy-authorization']]).toEqual([undefined, undefined, undefined]);
  });

  it('fails as node fetch does: no server, a body cut short, an abort', async () => {
    const refused = await httpFetch('http://127.0.0.1:1/').catch((e: Error) => e);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as Error).message).toBe('fetch failed');
    expect(((refused as Error).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');

    const url = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: one\n\n');
      if (req.url === '/cut') setTimeout(() => res.socket?.destroy(), 20);
    });
    const cut = await httpFetch(`${url}/cut`);
    const cutError = await (async () => {
      for await (const _ of cut.body);
    })().catch((e: Error) => e);
    expect((cutError as Error).message).toBe('terminated');
    expect(isConnectionLoss(cutError)).toBe(true);

    const stop = new AbortController();
    const open = await httpFetch(`${url}/open`, { signal: stop.signal });
    setTimeout(() => stop.abort(), 20);
    const abortError = await (async () => {
      for await (const _ of open.body);
    })().catch((e: Error) => e);
    expect((abortError as Error).name).toBe('AbortError');
    await expect(httpFetch(`${url}/open`, { signal: stop.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('fails as undici does when a connection is not made within the connect timeout', async () => {
    // A name lookup that never answers: the socket stays connecting, as with an address that drops packets.
    const never = () => undefined;
    const started = httpFetch('http://api.invalid/v1/messages', { method: 'POST', body: 'x' }, { connectTimeoutMs: 30, lookup: never });
    const err = (await started.catch((e: Error) => e)) as Error;
    expect(err).toBeInstanceOf(TypeError);
    expect(err.message).toBe('fetch failed');
    expect((err.cause as NodeJS.ErrnoException).code).toBe('UND_ERR_CONNECT_TIMEOUT');
    expect(isConnectionLoss(err)).toBe(true);
    // A connection made in time is not cut later by the timer.
    const url = await serve((_req, res) => void setTimeout(() => res.writeHead(200).end('late'), 1200));
    const res = await httpFetch(url, {}, { connectTimeoutMs: 1000 });
    expect(await res.text()).toBe('late');
  });

  it('reads a gzip body whose trailer is missing whole, as undici does', async () => {
    const whole = gzipSync('hello world');
    // The last 8 bytes are the trailer (CRC and length).
    const url = await serve((_req, res) => void res.writeHead(200, { 'content-encoding': 'gzip' }).end(whole.subarray(0, whole.length - 8)));
    expect(await (await httpFetch(url)).text()).toBe('hello world');
  });

  it('headers: names in any case, repeated values joined, sorted iteration', () => {
    const h = new LightHeaders([['B', '2'], ['a', ' 1 '], ['b', '3']]);
    expect([h.get('b'), h.get('A'), h.has('B'), [...h]]).toEqual(['2, 3', '1', true, [['a', '1'], ['b', '2, 3']]]);
    h.set('b', 'x');
    h.delete('A');
    expect([...h.entries()]).toEqual([['b', 'x']]);
  });
});
