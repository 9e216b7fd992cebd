// MCP's login and resources in the built program, in tmux: server-everything (stdio) and an
// OAuth MCP server on 127.0.0.1 (the SDK's auth router) in the person's settings. `@` completes
// server-everything's resources as server:uri; /mcp shows the OAuth server as needing a login,
// `l` shows the URL, and the address the browser was sent to, pasted into the view, logs in.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING_BIN } from '../helpers/mcp-servers.js';
import { startOAuthMcpServer, type OAuthMcpServer } from '../helpers/mcp-oauth-server.js';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

let model: { url: string; proc: ChildProcess };
let oauth: OAuthMcpServer;
let app: TmuxApp;

beforeAll(async () => {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-mcp-login-'));
  const home = path.join(cwd, '..', `${path.basename(cwd)}-home`);
  mkdirSync(home, { recursive: true });
  oauth = await startOAuthMcpServer();
  writeFileSync(
    path.join(home, 'settings.json'),
    JSON.stringify({
      mcpServers: { everything: { command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] }, secure: { type: 'http', url: oauth.url } },
      notifications: { bell: false },
    }),
  );
  model = await startFakeServer([{ text: 'unused' }]);
  app = startTmuxApp({
    cwd,
    env: { INKLING_HOME: home, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: model.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6', INKLING_NO_BROWSER: '1' },
    cols: 110,
    rows: 34,
  });
  await app.waitFor((s) => s.includes('Ask anything') && /MCP 2 \(1 needs login\)/.test(s.split('\n')[0]!), 'the prompt and the servers settled', 40_000);
}, 60_000);

afterAll(async () => {
  app?.kill();
  model?.proc.kill('SIGTERM');
  await oauth?.close();
});

describe('MCP login and resources, in tmux', () => {
  it('@ completes a resource as server:uri and Tab takes it', async () => {
    app.type('summarise @everything:features');
    const menu = await app.waitFor((s) => s.includes('everything:demo://resource/static/document/features.md'), 'the resource in the @ menu', 20_000);
    expect(menu).toContain('everything:demo://resource/static/document/features.md');
    app.keys('Tab');
    await app.waitFor((s) => s.includes('summarise @everything:demo://resource/static/document/features.md'), 'the mention in the prompt');
    app.keys('C-u');
    await app.waitFor((s) => s.includes('Ask anything'), 'the prompt empty again');
  }, 40_000);

  it('/mcp shows needs login; l shows the URL; the pasted address logs in', async () => {
    app.type('/mcp');
    app.keys('Enter');
    await app.waitFor((s) => /secure\s+needs login \(l logs in\)/.test(s), 'needs login in /mcp', 20_000);
    // Servers are listed by name: everything, then secure.
    app.keys('Down');
    app.type('l');
    const screen = await app.waitFor((s) => s.includes('Open this address in a browser') && s.includes('paste the address'), 'the login URL', 20_000);
    // The URL is hard-wrapped at the width: its rows run from the heading to the paste hint.
    const rows = screen.split('\n');
    const from = rows.findIndex((l) => l.includes('Open this address in a browser'));
    const to = rows.findIndex((l) => l.includes('paste the address'));
    const url = rows.slice(from + 1, to).map((l) => l.trim()).join('');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
    const landed = (await fetch(url, { redirect: 'manual' })).headers.get('location')!;
    expect(landed).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?code=/);
    app.type(landed);
    await app.waitFor((s) => s.includes('> http://127.0.0.1:'), 'the pasted address in the field');
    app.keys('Enter');
    await app.waitFor((s) => /secure\s+ready · 2 tools/.test(s), 'secure ready after the login', 20_000);
    expect(app.screen().split('\n')[0]).not.toContain('needs login');
    for (const t of oauth.issued) expect(app.screen()).not.toContain(t);
  }, 60_000);
});
