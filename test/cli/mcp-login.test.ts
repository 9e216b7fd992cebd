// `inkling mcp login / logout` through the real bin against an OAuth MCP server on 127.0.0.1 (the
// SDK's auth router): the login prints the URL and takes the redirect pasted on stdin; -p then
// calls the server's tool with the kept login; no token the server issued appears in the output,
// the session files or the logs (only in the 0600 login file); logout forgets it, and -p then
// says the server needs a login.
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { startOAuthMcpServer, type OAuthMcpServer } from '../helpers/mcp-oauth-server.js';
import { ensureBuilt, finished, runBin, startBin, type BinResult } from './run-bin.js';

const KEY = 'sk-test-fake-mcplogin-5Jd8QmR2xT';
let fake: FakeAnthropic;
let oauth: OAuthMcpServer;
let ws: string;
let home: string;
const outputs: BinResult[] = [];

beforeAll(async () => {
  ensureBuilt();
  fake = await startFakeAnthropic({ apiKey: KEY });
  oauth = await startOAuthMcpServer();
  ws = await mkdtemp(join(tmpdir(), 'inkling-mcp-login-'));
  home = await mkdtemp(join(tmpdir(), 'inkling-mcp-login-home-'));
  await writeFile(join(home, 'settings.json'), JSON.stringify({ mcpServers: { secure: { type: 'http', url: oauth.url } } }));
}, 120_000);
afterAll(async () => {
  await fake.close();
  await oauth.close();
  await rm(ws, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

const env = () => ({ INKLING_HOME: home, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url, INKLING_NO_BROWSER: '1' });

async function inkling(args: string[]): Promise<BinResult> {
  const r = await runBin(args, { cwd: ws, env: env() });
  outputs.push(r);
  return r;
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) out.push(join(e.parentPath, e.name));
  return out;
}

it('logs in by the pasted URL, calls the tool in -p, keeps tokens out of output, sessions and logs, and logs out', async () => {
  const child = startBin(['mcp', 'login', 'secure'], { cwd: ws, env: env() });
  const done = finished(child);
  // Wait for the URL, then do what a person on another machine does: open it, copy where it lands.
  let printed = '';
  const url = await new Promise<string>((resolve) => {
    child.stdout!.on('data', (d: Buffer) => {
      printed += d.toString();
      const m = /^\s+(http:\/\/127\.0\.0\.1:\d+\/authorize\S+)$/m.exec(printed);
      if (m) resolve(m[1]!);
    });
  });
  expect(printed).toContain('Open this address in a browser to log in to secure');
  const landed = (await fetch(url, { redirect: 'manual' })).headers.get('location')!;
  child.stdin!.write(`${landed}\n`);
  const login = await done;
  outputs.push(login);
  expect(login.stderr).toBe('');
  expect(login.code).toBe(0);
  expect(login.stdout).toMatch(/logged in to secure; the login is kept in .*mcp-auth\/secure-[0-9a-f]{12}\.json/);
  const authFile = /kept in (\S+)\n/.exec(login.stdout)![1]!;
  expect((await stat(authFile)).mode & 0o777).toBe(0o600);

  fake.enqueue(reply({ toolUses: [{ id: 'toolu_1', name: 'mcp__secure__whoami', input: {} }] }), reply({ text: 'you are in' }));
  const run = await inkling(['-p', 'who am i?']);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(run.stdout).toBe('you are in\n');
  expect(oauth.calls).toBe(1);

  // Every token the server issued: nowhere but the login file.
  const seen: string[] = outputs.map((o) => o.stdout + o.stderr);
  for (const file of await filesUnder(home)) if (file !== authFile) seen.push(await readFile(file, 'utf8'));
  seen.push(JSON.stringify(fake.requests.map((q) => q.body)));
  expect(seen.length).toBeGreaterThan(3);
  for (const token of oauth.issued) for (const text of seen) expect(text).not.toContain(token);

  const logout = await inkling(['mcp', 'logout', 'secure']);
  expect(logout).toMatchObject({ code: 0, stdout: 'logged out of secure\n' });
  await expect(stat(authFile)).rejects.toThrow();
  fake.enqueue(reply({ text: 'no tools' }));
  const after = await inkling(['-p', 'again']);
  expect(after.code).toBe(0);
  expect(after.stderr).toContain('MCP server secure');
  expect(after.stderr).toContain('inkling mcp login secure');
  const list = await inkling(['mcp', 'list']);
  expect(list.stdout).toContain('needs login: inkling mcp login secure');
}, 120_000);
