// OAuth against a real MCP server on 127.0.0.1 built from the SDK's server auth pieces: a server
// that answers 401 shows as needing a login; a login through the paste-the-URL path (the browser's
// redirect never reaches the loopback) registers a client, exchanges the code with PKCE, keeps the
// tokens 0600 under $INKLING_HOME and starts the server; a stale access token is refreshed; a
// logout forgets the login.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpServers } from '../../../src/core/mcp/mcp-servers.js';
import { TokenStore } from '../../../src/core/mcp/oauth/token-store.js';
import { makeToolContext } from '../../helpers/tool-context.js';
import { startOAuthMcpServer, type OAuthMcpServer } from '../../helpers/mcp-oauth-server.js';

let server: OAuthMcpServer;
let home: string;
let logDir: string;

beforeAll(async () => {
  server = await startOAuthMcpServer();
  home = await mkdtemp(path.join(tmpdir(), 'inkling-oauth-home-'));
  logDir = await mkdtemp(path.join(tmpdir(), 'inkling-oauth-logs-'));
});
afterAll(async () => {
  await server.close();
  await rm(home, { recursive: true, force: true });
  await rm(logDir, { recursive: true, force: true });
});

function servers(): McpServers {
  return new McpServers({
    entries: [{ name: 'secure', source: 'user', settings: { type: 'http', url: server.url } }],
    workspaceTrusted: true,
    workspaceRoot: home,
    logDir,
    env: {},
    secretEnvNames: [],
    clientVersion: '0.0.0-test',
    home,
    reconnect: { maxAttempts: 0 },
  });
}

/** What a person does on another machine: open the URL, copy the address the browser lands on. */
async function pasteFrom(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (!location) throw new Error(`the authorization page did not redirect (${res.status})`);
  return location;
}

describe('a server that asks for OAuth', () => {
  it('needs a login until one is made, then logs in by the pasted URL, refreshes, and logs out', async () => {
    const mcp = servers();
    mcp.start();
    await mcp.settled(15_000);
    expect(mcp.servers()[0]!.state).toMatchObject({ status: 'needs-login', reason: expect.stringContaining('inkling mcp login secure') });
    expect(mcp.summary().needsLogin).toBe(1);
    // No client is registered for a session that is not logging in.
    expect(server.registrations).toBe(0);

    let shown = '';
    let pasted: (url: string) => void = () => undefined;
    const result = await mcp.login('secure', {
      onUrl: (url, opened) => {
        shown = url;
        expect(opened).toBe(false);
        void pasteFrom(url).then(pasted);
      },
      openBrowser: async () => false,
      pasted: new Promise((resolve) => (pasted = resolve)),
    });
    expect(result).toMatchObject({ ok: true });
    const authorize = new URL(shown);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(server.registrations).toBe(1);
    expect(mcp.servers()[0]!.state).toEqual({ status: 'ready' });

    const store = new TokenStore(home, 'secure', server.url);
    const file = store.file;
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    const saved = JSON.parse(await readFile(file, 'utf8')) as { tokens: { access_token: string } };
    expect(server.issued).toContain(saved.tokens.access_token);

    const whoami = mcp.tools().find((t) => t.name === 'mcp__secure__whoami')!;
    expect(await whoami.execute({}, makeToolContext({ workspaceRoot: home }))).toMatchObject({ isError: false, content: 'you are logged in' });

    // The access token goes stale: the next call refreshes it and goes through.
    server.expireAccessTokens();
    expect(await whoami.execute({}, makeToolContext({ workspaceRoot: home }))).toMatchObject({ isError: false, content: 'you are logged in' });
    expect(server.refreshes).toBe(1);
    const refreshed = JSON.parse(await readFile(file, 'utf8')) as { tokens: { access_token: string } };
    expect(refreshed.tokens.access_token).not.toBe(saved.tokens.access_token);

    // A server that repeats the token: the result the model would read has it redacted.
    const echo = mcp.tools().find((t) => t.name === 'mcp__secure__echo_token')!;
    const echoed = await echo.execute({}, makeToolContext({ workspaceRoot: home }));
    expect(echoed.content).toBe('your token is [redacted]');
    // Nothing the server issued shows in what the servers tell the UI.
    const told = JSON.stringify([mcp.servers(), mcp.notices()]);
    for (const t of server.issued) expect(told).not.toContain(t);
    await mcp.close();

    // A new session starts with the kept login; after a logout it needs a login again.
    const again = servers();
    again.start();
    await again.settled(15_000);
    expect(again.servers()[0]!.state).toEqual({ status: 'ready' });
    await again.close();
    expect(await new TokenStore(home, 'secure', server.url).remove()).toBe(true);
    const loggedOut = servers();
    loggedOut.start();
    await loggedOut.settled(15_000);
    expect(loggedOut.servers()[0]!.state.status).toBe('needs-login');
    await loggedOut.close();
  }, 60_000);

  it('says a server needs a login again when the server has forgotten the tokens (the refresh is refused)', async () => {
    const mcp = servers();
    mcp.start();
    await mcp.settled(15_000);
    let pasted: (url: string) => void = () => undefined;
    const result = await mcp.login('secure', {
      onUrl: (url) => void pasteFrom(url).then(pasted),
      openBrowser: async () => false,
      pasted: new Promise((resolve) => (pasted = resolve)),
    });
    expect(result).toMatchObject({ ok: true });
    server.forgetTokens();
    const refused = await mcp.tools().find((t) => t.name === 'mcp__secure__whoami')!.execute({}, makeToolContext({ workspaceRoot: home }));
    expect(refused).toMatchObject({ isError: true, content: 'server secure needs a login again: it asks for a login (inkling mcp login secure, or l in /mcp)' });
    expect(mcp.servers()[0]!.state.status).toBe('needs-login');
    await mcp.close();
  }, 30_000);

  it('refuses a pasted redirect that is not for this login', async () => {
    const mcp = servers();
    const result = await mcp.login('secure', {
      onUrl: () => undefined,
      openBrowser: async () => false,
      pasted: Promise.resolve('http://127.0.0.1:1/callback?code=stolen&state=someone-else'),
    });
    expect(result).toEqual({ ok: false, reason: 'the redirect is not for this login (its state does not match)' });
    await mcp.close();
  }, 30_000);
});
