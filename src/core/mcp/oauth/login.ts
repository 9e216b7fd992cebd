// One OAuth login to a remote MCP server: asks the server (its 401 names the authorization
// metadata), runs the SDK's flow with a loopback redirect on 127.0.0.1, hands the person the
// authorization URL (the browser opens it when one can open), and takes the code from whichever
// comes first: the browser's redirect to the loopback, or the redirect URL pasted by the person.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { auth, extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import { InklingOAuthProvider } from './client-provider.js';
import { TokenStore } from './token-store.js';

export interface LoginOptions {
  home: string;
  server: string;
  url: string;
  /** The server's configured headers (sent on the first request that asks what it needs). */
  headers?: Record<string, string>;
  /** The authorization URL is ready: show it; `opened` says whether a browser was started on it. */
  onUrl(url: string, opened: boolean): void;
  /** Opens a browser on the URL; false when none can open here. */
  openBrowser?(url: string): Promise<boolean>;
  /** The redirect URL as the person pasted it (the loopback cannot be reached from their browser). */
  pasted?: Promise<string>;
  signal?: AbortSignal;
  /** How long the login waits for the redirect; default 5 minutes. */
  timeoutMs?: number;
  onSecrets?(values: string[]): void;
  /** The store the session's connection reads, so it sees the new login at once. */
  store?: TokenStore;
}

export type LoginResult = { ok: true; file: string } | { ok: false; reason: string };

const DEFAULT_WAIT_MS = 5 * 60_000;

export async function login(opts: LoginOptions): Promise<LoginResult> {
  const challenge = await askServer(opts.url, opts.headers ?? {});
  if (!challenge.ok) return challenge;
  const loopback = await startLoopback();
  try {
    const store = opts.store ?? new TokenStore(opts.home, opts.server, opts.url);
    let authorizationUrl: URL | undefined;
    const provider = new InklingOAuthProvider(
      store,
      { kind: 'login', redirectUrl: loopback.redirectUrl, onAuthorizationUrl: (url) => (authorizationUrl = url) },
      opts.onSecrets,
    );
    // A login is a new login: an old (perhaps revoked) token must not answer for it.
    await provider.invalidateCredentials('tokens');
    const authOptions = { serverUrl: opts.url, ...(challenge.resourceMetadataUrl ? { resourceMetadataUrl: challenge.resourceMetadataUrl } : {}), ...(challenge.scope ? { scope: challenge.scope } : {}) };
    const first = await auth(provider, authOptions);
    if (first === 'AUTHORIZED') return { ok: true, file: store.file };
    if (!authorizationUrl) return { ok: false, reason: 'the authorization server gave no URL to log in at' };
    const opened = (await opts.openBrowser?.(authorizationUrl.href).catch(() => false)) ?? false;
    opts.onUrl(authorizationUrl.href, opened);
    const redirect = await firstOf(loopback.redirect, opts.pasted, opts.signal, opts.timeoutMs ?? DEFAULT_WAIT_MS);
    if (!redirect.ok) return redirect;
    const code = codeFrom(redirect.url, provider.state());
    if (!code.ok) return code;
    const second = await auth(provider, { ...authOptions, authorizationCode: code.code });
    return second === 'AUTHORIZED' ? { ok: true, file: store.file } : { ok: false, reason: 'the server did not accept the authorization code' };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  } finally {
    loopback.close();
  }
}

/** The first request, unauthenticated: a 401's WWW-Authenticate names the metadata and the scope. */
async function askServer(url: string, headers: Record<string, string>): Promise<{ ok: true; resourceMetadataUrl?: URL; scope?: string } | { ok: false; reason: string }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'ping' }),
    });
    await res.body?.cancel();
  } catch (err) {
    return { ok: false, reason: `cannot reach ${url}: ${err instanceof Error ? err.message : String(err)}` };
  }
  // A server may let this request through and want a login for its tools: discovery (the
  // well-known metadata) decides then, and says so when there is none.
  if (res.status !== 401) return { ok: true };
  const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(res);
  return { ok: true, ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}), ...(scope ? { scope } : {}) };
}

interface Loopback {
  redirectUrl: string;
  /** The first request to /callback, as a full URL. */
  redirect: Promise<string>;
  close(): void;
}

async function startLoopback(): Promise<Loopback> {
  let deliver: (url: string) => void = () => undefined;
  const redirect = new Promise<string>((resolve) => (deliver = resolve));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    const failed = url.searchParams.has('error');
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(failed ? 'The login was refused; see inkling for the reason.\n' : 'Logged in. You can close this tab and go back to inkling.\n');
    deliver(`http://127.0.0.1:${(server.address() as AddressInfo).port}${req.url}`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return { redirectUrl: `http://127.0.0.1:${port}/callback`, redirect, close: () => server.close() };
}

async function firstOf(loopback: Promise<string>, pasted: Promise<string> | undefined, signal: AbortSignal | undefined, timeoutMs: number): Promise<{ ok: true; url: string } | { ok: false; reason: string }> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stops = new Promise<{ ok: false; reason: string }>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: `no redirect within ${Math.round(timeoutMs / 1000)} s` }), timeoutMs);
    timer.unref();
    onAbort = () => resolve({ ok: false, reason: 'the login was cancelled' });
    if (signal?.aborted) onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  const url = (u: string) => ({ ok: true as const, url: u.trim() });
  try {
    return await Promise.race([loopback.then(url), ...(pasted ? [pasted.then(url)] : []), stops]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

/** The code in a redirect URL, once its state is this login's. */
export function codeFrom(redirectUrl: string, state: string): { ok: true; code: string } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(redirectUrl);
  } catch {
    return { ok: false, reason: 'that is not a URL: paste the whole address the browser was sent to (it has ?code=…)' };
  }
  const error = url.searchParams.get('error');
  if (error) return { ok: false, reason: `the authorization server refused: ${url.searchParams.get('error_description') ?? error}` };
  if (url.searchParams.get('state') !== state) return { ok: false, reason: 'the redirect is not for this login (its state does not match)' };
  const code = url.searchParams.get('code');
  return code ? { ok: true, code } : { ok: false, reason: 'the redirect URL has no code' };
}

/** Opens a browser where one can open (a desktop session, macOS); false otherwise. */
export async function openBrowser(url: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'linux' && (env.DISPLAY || env.WAYLAND_DISPLAY) ? 'xdg-open' : undefined;
  if (!command || env.INKLING_NO_BROWSER) return false;
  const { spawn } = await import('node:child_process');
  return new Promise((resolve) => {
    const child = spawn(command, [url], { stdio: 'ignore', detached: true });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
