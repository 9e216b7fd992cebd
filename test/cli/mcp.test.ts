// MCP through the real bin: a workspace .mcp.json (Claude Code's format) starts only when the
// workspace is trusted, -p waits for its servers and calls their tools, secrets given to a server
// never reach the API or the output, and `inkling mcp add/list/remove` edit the settings files.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { EVERYTHING_BIN } from '../helpers/mcp-servers.js';
import { ensureBuilt, runBin, type BinResult } from './run-bin.js';

const KEY = 'sk-test-fake-mcpcli-7Hq2ZkP9wL';
const TOKEN = 'sk-test-fake-server-token-31415926';
let fake: FakeAnthropic;
let ws: string;
let home: string;
const outputs: BinResult[] = [];

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(async () => {
  fake = await startFakeAnthropic({ apiKey: KEY });
  ws = await mkdtemp(join(tmpdir(), 'inkling-mcp-cli-'));
  home = await mkdtemp(join(tmpdir(), 'inkling-mcp-home-'));
});
afterEach(async () => {
  await fake.close();
  await rm(ws, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});
afterAll(() => {
  for (const r of outputs) {
    expect(r.stdout + r.stderr).not.toContain(KEY);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  }
});

async function inkling(args: string[], env: Record<string, string> = {}): Promise<BinResult> {
  const r = await runBin(args, { cwd: ws, env: { INKLING_HOME: home, ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url, ...env } });
  outputs.push(r);
  return r;
}

const everything = { command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] };
const toolNames = (i: number) => ((fake.requests[i]!.body as { tools: { name: string }[] }).tools ?? []).map((t) => t.name);
const lastToolResults = (i: number) => {
  const messages = (fake.requests[i]!.body as { messages: { content: { type: string; content?: unknown }[] }[] }).messages;
  return messages.at(-1)!.content.filter((b) => b.type === 'tool_result').map((b) => JSON.stringify(b.content));
};

describe('a workspace .mcp.json', () => {
  beforeEach(async () => {
    await writeFile(join(ws, '.mcp.json'), JSON.stringify({ mcpServers: { everything } }));
  });

  it('does not start in -p without --trust-workspace, and says why', async () => {
    fake.enqueue(reply({ text: 'no tools here' }));
    const r = await inkling(['-p', 'hi']);
    expect(r.code).toBe(0);
    expect(toolNames(0).some((n) => n.startsWith('mcp__'))).toBe(false);
    expect(r.stderr).toContain('mcpServers.everything');
  });

  it('starts with --trust-workspace: -p waits for it and a scripted turn calls its echo tool', async () => {
    fake.enqueue(reply({ toolUses: [{ id: 'toolu_1', name: 'mcp__everything__echo', input: { message: 'hello from -p' } }] }), reply({ text: 'echoed' }));
    const r = await inkling(['-p', 'echo something', '--trust-workspace']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('echoed\n');
    const names = toolNames(0);
    const firstMcp = names.findIndex((n) => n.startsWith('mcp__'));
    expect(names).toContain('mcp__everything__echo');
    // Built-in tools first, MCP tools after them, then mcp_read_resource (server-everything has resources).
    expect(names.slice(0, firstMcp).every((n) => !n.startsWith('mcp__'))).toBe(true);
    expect(names.slice(firstMcp)).toEqual([...names.slice(firstMcp, -1).filter((n) => n.startsWith('mcp__')), 'mcp_read_resource']);
    expect(lastToolResults(1)[0]).toContain('hello from -p');
  });
});

it('keeps a server’s ${VAR} secrets out of the API requests and the output, and never hands it inkling’s key', async () => {
  await writeFile(join(home, 'settings.json'), JSON.stringify({ mcpServers: { everything: { ...everything, env: { SERVICE_TOKEN: '${MY_TOKEN}' } } } }));
  fake.enqueue(reply({ toolUses: [{ id: 'toolu_1', name: 'mcp__everything__get-env', input: {} }] }), reply({ text: 'seen' }));
  const r = await inkling(['-p', 'env?', '--output-format', 'stream-json'], { MY_TOKEN: TOKEN });
  expect(r.code).toBe(0);
  const sent = lastToolResults(1)[0]!;
  expect(sent).toContain('SERVICE_TOKEN');
  expect(sent).toContain('[redacted]');
  expect(sent).not.toContain(TOKEN);
  expect(sent).not.toContain('ANTHROPIC_API_KEY');
  expect(JSON.stringify(fake.requests.map((q) => q.body))).not.toContain(TOKEN);
  // Nor the session: its records (which hold the redacted get-env result) and the files beside it
  // (the server's stderr log among them).
  const files = await filesUnder(join(home, 'sessions'));
  const records = files.filter((f) => f.endsWith('.jsonl') && !f.endsWith('history.jsonl'));
  expect(records).toHaveLength(1);
  expect(await readFile(records[0]!, 'utf8')).toContain('SERVICE_TOKEN');
  for (const f of files) expect(await readFile(f, 'utf8'), f).not.toContain(TOKEN);
});

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

it('says in -p that a server failed, and the turn goes on without it', async () => {
  await writeFile(join(home, 'settings.json'), JSON.stringify({ mcpServers: { broken: { command: join(ws, 'no-such-server') } } }));
  fake.enqueue(reply({ text: 'fine anyway' }));
  const r = await inkling(['-p', 'hi']);
  expect(r.code).toBe(0);
  expect(r.stdout).toBe('fine anyway\n');
  expect(r.stderr).toMatch(/^inkling: MCP server broken failed: spawn .*no-such-server ENOENT\n$/);
});

describe('inkling mcp', () => {
  it('adds a stdio server to the user settings, lists it as ready with its tools, and removes it', async () => {
    const add = await inkling(['mcp', 'add', 'everything', '-e', 'SERVICE_TOKEN=${MY_TOKEN}', '--', process.execPath, EVERYTHING_BIN, 'stdio']);
    expect(add.code).toBe(0);
    expect(add.stdout).toMatch(/^added MCP server everything \(.* stdio\) to .*settings\.json \(new file\)\n$/);
    expect(JSON.parse(await readFile(join(home, 'settings.json'), 'utf8'))).toEqual({
      mcpServers: { everything: { ...everything, env: { SERVICE_TOKEN: '${MY_TOKEN}' } } },
    });
    const list = await inkling(['mcp', 'list'], { MY_TOKEN: TOKEN });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^everything {2}.* stdio {2}\(.*settings\.json\)\n {4}ready over stdio: \d+ tools\n$/);
    const again = await inkling(['mcp', 'add', 'everything', '--', 'other']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('a server named "everything" is already in');
    const removed = await inkling(['mcp', 'remove', 'everything']);
    expect(removed.stdout).toMatch(/^removed MCP server everything from .*settings\.json\n$/);
    expect(JSON.parse(await readFile(join(home, 'settings.json'), 'utf8'))).toEqual({ mcpServers: {} });
  });

  it('adds an HTTP server with headers to the project settings with --project', async () => {
    const r = await inkling(['mcp', 'add', '--http', 'remote', 'https://mcp.example.test/mcp', '-H', 'Authorization: Bearer ${MY_TOKEN}', '--project']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('added MCP server remote (http https://mcp.example.test/mcp) to .inkling/settings.json');
    expect(r.stdout).toContain('this workspace is not trusted');
    expect(JSON.parse(await readFile(join(ws, '.inkling', 'settings.json'), 'utf8'))).toEqual({
      mcpServers: { remote: { type: 'http', url: 'https://mcp.example.test/mcp', headers: { Authorization: 'Bearer ${MY_TOKEN}' } } },
    });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    await mkdir(join(ws, '.inkling'));
    const cases: [string[], RegExp][] = [
      [['mcp', 'add', 'a__b', '--', 'x'], /may not contain "__"/],
      [['mcp', 'add', 'srv'], /nothing after --/],
      [['mcp', 'add', '--http', 'srv', 'ftp://x'], /must start with http:\/\/ or https:\/\//],
      [['mcp', 'remove', 'ghost'], /no MCP server named "ghost"/],
      [['mcp', 'frobnicate'], /unknown mcp action "frobnicate"/],
    ];
    for (const [args, message] of cases) {
      const r = await inkling(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    await expect(readFile(join(home, 'settings.json'), 'utf8')).rejects.toThrow();
  });
});

it("-p runs an MCP prompt command and attaches an @server:uri mention, and declines a server's form", async () => {
  await writeFile(join(home, 'settings.json'), JSON.stringify({ mcpServers: { everything } }));
  const firstUserText = (i: number) => {
    const content = (fake.requests[i]!.body as { messages: { content: string | { type: string; text?: string }[] }[] }).messages[0]!.content;
    return typeof content === 'string' ? content : content.map((b) => b.text ?? '').join('');
  };
  fake.enqueue(reply({ text: 'sunny' }));
  const prompt = await inkling(['-p', '/mcp__everything__args-prompt Paris']);
  expect(prompt.code).toBe(0);
  expect(firstUserText(0)).toContain("What's weather in Paris?");
  expect(firstUserText(0)).not.toContain('/mcp__everything__args-prompt');

  fake.enqueue(reply({ text: 'read it' }));
  const mention = await inkling(['-p', 'what does @everything:demo://resource/dynamic/text/4 say?']);
  expect(mention.code).toBe(0);
  expect(firstUserText(1)).toContain('<mcp-resource server="everything" uri="demo://resource/dynamic/text/4">');
  expect(firstUserText(1)).toContain('Resource 4: This is a plaintext resource');

  // -p never waits for a person: the server's form is declined at once.
  fake.enqueue(reply({ toolUses: [{ id: 'toolu_1', name: 'mcp__everything__trigger-elicitation-request', input: {} }] }), reply({ text: 'declined' }));
  const form = await inkling(['-p', 'ask me', '--permission-mode', 'yolo']);
  expect(form.code).toBe(0);
  expect(lastToolResults(3)[0]).toContain('\\"action\\": \\"decline\\"');
});
