// One HTTP(S) GET for web_fetch, with the guard inside it: the fetcher resolves the host itself,
// checks every address it got, and opens the socket to the checked address (so a second DNS answer
// cannot differ). Loopback, private, link-local, unique-local and metadata addresses are refused
// unless a permission rule names the host; http:// becomes https:// except for such a named local
// host. Redirects are followed on the same host only, each hop resolved and checked again.
import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { lookup as dnsLookup } from 'node:dns/promises';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { refusedKind } from './address-guard.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a name resolves to (default: the system resolver, like getaddrinfo). */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export interface ConnectTarget {
  host: string;
  address: string;
  port: number;
  tls: boolean;
}

export interface WebAccess {
  lookup?: HostLookup;
  /** Called with the checked address just before its socket is opened; throwing stops the request. */
  beforeConnect?: (target: ConnectTarget) => void;
  /** Whether a permission rule names this host: it may then be a local address, and keep http://. */
  hostNamedByRule?: (host: string) => boolean;
  timeoutMs?: number;
  maxBytes?: number;
  userAgent?: string;
  /** Extra CA certificates (tests with a local https server). */
  ca?: string | Buffer;
}

export const FETCH_TIMEOUT_MS = 20_000;
export const FETCH_MAX_BYTES = 10 * 1024 * 1024;
export const MAX_REDIRECTS = 5;
export const USER_AGENT = 'inkling/0.1 (a coding agent in a terminal; fetches one page a person\'s model asked for)';
// Markdown first: sites that can serve it save the conversion.
const ACCEPT = 'text/markdown, text/plain;q=0.9, text/html;q=0.8, application/xhtml+xml;q=0.8, application/json;q=0.7, */*;q=0.5';

export type GetFailure =
  | 'bad-url'
  | 'refused'
  | 'redirected-elsewhere'
  | 'too-many-redirects'
  | 'too-large'
  | 'timeout'
  | 'aborted'
  | 'network';

export type GetOutcome =
  | { ok: true; url: string; status: number; contentType: string; body: Buffer; redirects: string[] }
  | { ok: false; failure: GetFailure; message: string; redirects: string[]; location?: string };

/** GET `address`, following up to 5 same-host redirects. Never throws: a failure is an outcome. */
export async function guardedGet(address: string, access: WebAccess, signal: AbortSignal): Promise<GetOutcome> {
  const timeoutMs = access.timeoutMs ?? FETCH_TIMEOUT_MS;
  const timer = AbortSignal.timeout(timeoutMs);
  const both = AbortSignal.any([signal, timer]);
  const redirects: string[] = [];
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { ok: false, failure: 'bad-url', message: `"${address}" is not a URL (write it whole: https://example.com/page).`, redirects };
  }
  const firstHost = url.hostname;
  try {
    for (;;) {
      const hop = await oneHop(url, access, both);
      if (hop.kind === 'failed') return { ...hop.outcome, redirects };
      if (hop.kind === 'response') return { ok: true, url: hop.url, status: hop.status, contentType: hop.contentType, body: hop.body, redirects };
      const next = new URL(hop.location, hop.url);
      redirects.push(next.href);
      if (next.hostname !== firstHost && next.hostname !== `www.${firstHost}` && `www.${next.hostname}` !== firstHost) {
        return {
          ok: false,
          failure: 'redirected-elsewhere',
          location: next.href,
          message: `${hop.url} redirects to another host: ${next.href}. It was not followed; to read it, call web_fetch with that URL (its domain is asked for on its own).`,
          redirects,
        };
      }
      if (redirects.length > MAX_REDIRECTS) {
        return { ok: false, failure: 'too-many-redirects', message: `More than ${MAX_REDIRECTS} redirects (last: ${next.href}); stopped.`, redirects };
      }
      url = next;
    }
  } catch (err) {
    if (timer.aborted) return { ok: false, failure: 'timeout', message: `No complete answer from ${url.host} within ${timeoutMs / 1000} s; stopped.`, redirects };
    if (signal.aborted) return { ok: false, failure: 'aborted', message: 'Interrupted.', redirects };
    return { ok: false, failure: 'network', message: `Could not fetch ${url.href}: ${describe(err)}`, redirects };
  }
}

type Hop =
  | { kind: 'failed'; outcome: Omit<Extract<GetOutcome, { ok: false }>, 'redirects'> }
  | { kind: 'redirect'; url: string; location: string }
  | { kind: 'response'; url: string; status: number; contentType: string; body: Buffer };

async function oneHop(url: URL, access: WebAccess, signal: AbortSignal): Promise<Hop> {
  const failed = (failure: GetFailure, message: string): Hop => ({ kind: 'failed', outcome: { ok: false, failure, message } });
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return failed('bad-url', `Only http:// and https:// URLs are fetched, not ${url.protocol}`);
  if (url.username || url.password) return failed('bad-url', 'A URL with a user name or password in it is not fetched.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const named = access.hostNamedByRule?.(host) ?? false;
  const addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await (access.lookup ?? systemLookup)(host);
  if (addresses.length === 0) return failed('network', `${host} has no address.`);
  const local = addresses.map((a) => ({ ...a, kind: refusedKind(a.address) })).filter((a) => a.kind);
  if (local.length > 0 && !named) {
    const a = local[0]!;
    return failed(
      'refused',
      `Refused: ${host} ${a.address === host ? 'is' : `resolves to ${a.address}, which is`} a ${a.kind} address; web_fetch reaches only the public web unless a permission rule names the host (web_fetch(domain:${host})).`,
    );
  }
  // Plain http only where a rule lets a local host be reached; elsewhere the same URL over TLS.
  if (url.protocol === 'http:' && !(named && local.length > 0)) {
    url = new URL(url.href);
    url.protocol = 'https:';
  }
  const target = addresses[0]!;
  const secure = url.protocol === 'https:';
  const port = Number(url.port) || (secure ? 443 : 80);
  const res = await request(url, { host, address: target.address, port, tls: secure }, access, signal);
  const status = res.statusCode ?? 0;
  const location = res.headers.location;
  if ([301, 302, 303, 307, 308].includes(status) && location) {
    res.resume();
    return { kind: 'redirect', url: url.href, location };
  }
  const contentType = String(res.headers['content-type'] ?? '');
  const maxBytes = access.maxBytes ?? FETCH_MAX_BYTES;
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    return failed('too-large', `${url.href} is ${mb(declared)} (${contentType || 'no content type'}), over the ${mb(maxBytes)} limit; not fetched.`);
  }
  const body = await readCapped(decoded(res), maxBytes);
  if (!body) return failed('too-large', `${url.href} is larger than the ${mb(maxBytes)} limit (${contentType || 'no content type'}); inkling stopped reading it.`);
  return { kind: 'response', url: url.href, status, contentType, body };
}

const systemLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function request(url: URL, target: ConnectTarget, access: WebAccess, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      protocol: 'http:', // the socket below is TLS for https; http.request only speaks HTTP over it
      hostname: target.host,
      port: target.port,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      signal,
      headers: {
        'user-agent': access.userAgent ?? USER_AGENT,
        accept: ACCEPT,
        'accept-encoding': 'gzip, deflate, br',
        host: url.host,
      },
      createConnection: () => {
        access.beforeConnect?.(target);
        return target.tls
          ? tls.connect({ host: target.address, port: target.port, servername: net.isIP(target.host) ? undefined : target.host, ALPNProtocols: ['http/1.1'], ...(access.ca ? { ca: access.ca } : {}) })
          : net.connect({ host: target.address, port: target.port });
      },
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

/** The body as sent, or unpacked; pipeline carries an abort or a broken stream through to the reader. */
function decoded(res: http.IncomingMessage): Readable {
  const unpack = (() => {
    switch (String(res.headers['content-encoding'] ?? '').toLowerCase()) {
      case 'gzip':
      case 'x-gzip':
        return zlib.createGunzip();
      case 'deflate':
        return zlib.createInflate();
      case 'br':
        return zlib.createBrotliDecompress();
      default:
        return undefined;
    }
  })();
  return unpack ? pipeline(res, unpack, () => undefined) : res;
}

/** The whole body, or null once it passes `max` bytes (counted after decompression). */
async function readCapped(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function mb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'ENOTFOUND' || e?.code === 'EAI_AGAIN') return `the name could not be resolved (${e.code})`;
  if (e?.code === 'ECONNREFUSED') return 'the connection was refused';
  return e?.message ?? String(err);
}
