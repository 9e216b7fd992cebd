// /mcp's login and a server's form in the real App, over real servers: an OAuth server on
// 127.0.0.1 (the SDK's auth router) shows "needs login", l shows the URL and takes the pasted
// address the browser was sent to; server-everything's elicitation request shows a form card with
// the schema's defaults filled in, and Enter sends them with what was typed.
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpServers } from '../../src/core/mcp/mcp-servers.js';
import type { AppStore } from '../../src/store/app-store.js';
import { renderWithServers, type McpApp } from './mcp-app.js';
import { everythingStdio } from '../helpers/mcp-servers.js';
import { startOAuthMcpServer, type OAuthMcpServer } from '../helpers/mcp-oauth-server.js';
import { makeToolContext } from '../helpers/tool-context.js';
import { frame, KEYS, press, settle, type Rendered } from './act-helpers.js';

let home: string;
let oauth: OAuthMcpServer;
let servers: McpServers;
let store: AppStore;
let r: Rendered;
let app: McpApp;
const copied: string[] = [];

async function until(test: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1500 && !test(); i++) await settle(10);
  if (!test()) throw new Error(`never happened: ${what}\n${frame(r)}`);
}

beforeAll(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'inkling-mcp-ui-'));
  oauth = await startOAuthMcpServer();
  servers = new McpServers({
    entries: [everythingStdio('everything'), { name: 'secure', source: 'user', settings: { type: 'http', url: oauth.url } }],
    workspaceTrusted: true,
    workspaceRoot: home,
    logDir: path.join(home, 'session'),
    env: { ...process.env, INKLING_NO_BROWSER: '1' },
    secretEnvNames: [],
    clientVersion: '0.0.0-test',
    home,
    reconnect: { maxAttempts: 0 },
  });
  servers.answerByEvents();
  app = await renderWithServers(servers, { copy: async (text: string) => (copied.push(text), { ok: true, bytes: text.length, lines: 1, osc52: true, program: null, problems: [], summary: 'copied' }) });
  ({ store, r } = app);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await oauth.close();
  await rm(home, { recursive: true, force: true });
});

describe('MCP login and forms in the TUI', () => {
  it('/mcp shows needs login; l shows the URL and the pasted redirect logs in', async () => {
    await until(() => /MCP 2 \(1 needs login\)/.test(frame(r)), 'the header summary');
    await press(r, '/mcp', KEYS.enter);
    await until(() => /secure +needs login \(l logs in\)/.test(frame(r)), 'needs login in /mcp');
    if (store.getState().mcp!.servers[store.getState().mcp!.selected]!.name !== 'secure') await press(r, KEYS.down);
    await press(r, 'l');
    await until(() => frame(r).includes('Open this address in a browser'), 'the login URL');
    const url = store.getState().mcp!.login!.url!;
    expect(frame(r).replace(/\s+/g, '')).toContain(url.slice(0, 60).replace(/\s+/g, ''));
    // Ctrl+Y puts the whole URL on the clipboard (on screen it is wrapped).
    await press(r, '\x19');
    await until(() => copied.length > 0, 'the copy');
    expect(copied).toEqual([url]);
    // The browser is elsewhere: its address bar is copied back by hand.
    const landed = (await fetch(url, { redirect: 'manual' })).headers.get('location')!;
    await press(r, KEYS.pasteStart + landed + KEYS.pasteEnd);
    expect(frame(r)).toContain(`> ${landed.slice(0, 40)}`);
    await press(r, KEYS.enter);
    await until(() => /secure +ready/.test(frame(r)), 'the server ready after the login');
    expect(store.getState().mcp!.login).toBeNull();
    expect(frame(r)).not.toContain('needs login');
    for (const t of oauth.issued) expect(frame(r)).not.toContain(t);
    await press(r, KEYS.esc);
  }, 60_000);

  it("a server's form shows with its defaults, and Enter sends them with what was typed", async () => {
    await until(() => servers.tools().some((t) => t.name === 'mcp__everything__trigger-elicitation-request'), 'the elicitation tool');
    const tool = servers.tools().find((t) => t.name === 'mcp__everything__trigger-elicitation-request')!;
    const result = tool.execute({}, makeToolContext({ workspaceRoot: home }));
    await until(() => store.getState().mode === 'elicit', 'the form card');
    const f = frame(r);
    expect(f).toContain('everything asks');
    expect(f).toContain('Please provide inputs for the following fields:');
    // The focused first field (String, no default) is empty; defaults show on the others.
    await press(r, 'Ada Lovelace');
    await press(r, KEYS.down, KEYS.down);
    expect(frame(r)).toContain('It was a dark and stormy night.');
    expect(frame(r)).toMatch(/Integer: 42/);
    await press(r, KEYS.enter);
    const answered = await result;
    expect(answered.content).toContain('"action": "accept"');
    expect(answered.content).toContain('"name": "Ada Lovelace"');
    expect(answered.content).toContain('"integer": 42');
    expect(store.getState().mode).toBe('input');
  }, 60_000);
});
