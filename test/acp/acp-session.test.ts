// `inkling --acp` driven by the SDK's own client: initialize, session/new (a cwd per session, a
// refused relative cwd, no key), a prompt's text and thinking chunks, and malformed JSON-RPC.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { client, ndJsonStream, type InitializeResponse } from '@agentclientprotocol/sdk';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, stall, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { HOSTILE, SPLIT_DELTAS } from '../helpers/hostile-text.js';
import { tinyPng } from '../helpers/tiny-images.js';
import { agentText, nonFrames, startAcp, type AcpChild } from '../helpers/acp-client.js';
import { cleanEnv, ensureBuilt, REPO } from '../cli/run-bin.js';

const KEY = 'sk-test-fake-acp-3Jd8Qw';
let fake: FakeAnthropic;
let base: string;
/** One child per environment, shared by the file's tests (a start costs about a second). */
const children = new Map<string, { child: AcpChild; initialized?: Promise<InitializeResponse> }>();

beforeAll(async () => {
  ensureBuilt();
  fake = await startFakeAnthropic();
  base = await realpath(await mkdtemp(join(tmpdir(), 'inkling-acp-')));
}, 120_000);
afterAll(async () => {
  await fake.close();
  await rm(base, { recursive: true, force: true });
});
afterAll(async () => {
  for (const { child } of children.values()) await child.close();
});

function acp(env: Record<string, string> = { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: '' }): AcpChild {
  const key = JSON.stringify(env);
  let entry = children.get(key);
  if (!entry) {
    const child = startAcp({ cwd: base, env: { ...env, ...(env.ANTHROPIC_BASE_URL === '' ? { ANTHROPIC_BASE_URL: fake.url } : {}) } });
    entry = { child };
    children.set(key, entry);
  }
  return entry.child;
}

/** initialize, once per child. */
async function initialized(c: AcpChild) {
  const entry = [...children.values()].find((e) => e.child === c)!;
  entry.initialized ??= c.connection.agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
  return entry.initialized;
}

describe('inkling --acp', () => {
  it('answers initialize with protocol 1, and a prompt streams thinking and text chunks, then end_turn', async () => {
    const c = acp();
    const init = await initialized(c);
    expect(init.protocolVersion).toBe(1);
    expect(init.agentCapabilities?.loadSession).toBe(true);
    expect(init.agentCapabilities?.promptCapabilities).toMatchObject({ image: true, embeddedContext: true });
    fake.enqueue(reply({ thinking: { thinking: 'pondering', signature: 'sig' }, text: ['Hel', 'lo there'] }));
    const { sessionId, modes } = await c.connection.agent.request('session/new', { cwd: base, mcpServers: [] });
    expect(modes?.currentModeId).toBe('default');
    const answer = await c.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'hi' }] });
    expect(answer.stopReason).toBe('end_turn');
    expect(agentText(c.updates, sessionId)).toBe('Hello there');
    const thought = c.updates.find((n) => n.update.sessionUpdate === 'agent_thought_chunk');
    expect(thought?.update).toMatchObject({ content: { type: 'text', text: 'pondering' } });
    // The prompt reached the model as the person's message.
    const body = fake.requests.at(-1)!.body as { messages: Array<{ role: string; content: unknown }> };
    expect(JSON.stringify(body.messages[0])).toContain('hi');
    expect(nonFrames(c.stdout())).toEqual([]);
  }, 60_000);

  it('passes a prompt’s image, embedded context and resource link to the model', async () => {
    const c = acp();
    await initialized(c);
    fake.enqueue(reply({ text: 'seen' }));
    const { sessionId } = await c.connection.agent.request('session/new', { cwd: base, mcpServers: [] });
    const png = tinyPng(3, 2).toString('base64');
    await c.connection.agent.request('session/prompt', {
      sessionId,
      prompt: [
        { type: 'text', text: 'look at these' },
        { type: 'image', data: png, mimeType: 'image/png' },
        { type: 'resource', resource: { uri: `file://${join(base, 'sel.ts')}`, text: 'const picked = 1;', mimeType: 'text/x-typescript' } },
        { type: 'resource_link', uri: `file://${join(base, 'other.ts')}`, name: 'other.ts' },
      ],
    });
    const sent = (fake.requests.at(-1)!.body as { messages: Array<{ content: Array<{ type: string; text?: string; source?: { data: string } }> }> }).messages.at(-1)!.content;
    const text = sent.filter((b) => b.type === 'text').map((b) => b.text).join('\n');
    expect(text).toContain('look at these');
    expect(text).toContain(`<context uri="${join(base, 'sel.ts')}">\nconst picked = 1;\n</context>`);
    expect(text).toContain(`@${join(base, 'other.ts')}`);
    expect(sent.find((b) => b.type === 'image')?.source?.data).toBe(png);
  }, 60_000);

  it('says once, as an agent message, what the settings of an untrusted workspace had ignored', async () => {
    const c = acp();
    await initialized(c);
    const ws = join(base, 'untrusted');
    await mkdir(join(ws, '.inkling'), { recursive: true });
    await writeFile(join(ws, '.inkling', 'settings.json'), JSON.stringify({ permissions: { allow: ['bash(rm:*)'] } }));
    fake.enqueue(reply({ text: 'first' }), reply({ text: 'second' }));
    const { sessionId } = await c.connection.agent.request('session/new', { cwd: ws, mcpServers: [] });
    await c.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'one' }] });
    await c.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'two' }] });
    const text = agentText(c.updates, sessionId);
    expect(text).toMatch(/^this workspace is not trusted, so its files may only tighten settings: ignored permissions\.allow/);
    expect(text.match(/not trusted/g)).toHaveLength(1);
    expect(text.endsWith('firstsecond')).toBe(true);
  }, 60_000);

  it('refuses a relative cwd with a JSON-RPC error, and a session without a key names the key variable', async () => {
    const c = acp({ ANTHROPIC_API_KEY: '', ANTHROPIC_BASE_URL: 'https://api.anthropic.com' });
    await initialized(c);
    await expect(c.connection.agent.request('session/new', { cwd: 'relative/dir', mcpServers: [] })).rejects.toMatchObject({ code: -32602 });
    await expect(c.connection.agent.request('session/new', { cwd: join(base, 'missing'), mcpServers: [] })).rejects.toMatchObject({ code: -32602 });
    const refused = c.connection.agent.request('session/new', { cwd: base, mcpServers: [] });
    await expect(refused).rejects.toMatchObject({ code: -32000 });
    await expect(refused).rejects.toThrow(/ANTHROPIC_API_KEY/);
    expect(nonFrames(c.stdout())).toEqual([]);
  }, 60_000);

  it('cancels a prompt: the turn stops and the prompt answers cancelled', async () => {
    const c = acp();
    await initialized(c);
    fake.enqueue(stall([{ type: 'text', text: 'thinking about it' }]));
    const { sessionId } = await c.connection.agent.request('session/new', { cwd: base, mcpServers: [] });
    const answer = c.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'go' }] });
    await c.waitForUpdate((n) => n.sessionId === sessionId && n.update.sessionUpdate === 'agent_message_chunk', 'the first chunk');
    await c.connection.agent.notify('session/cancel', { sessionId });
    await expect(answer).resolves.toEqual({ stopReason: 'cancelled' });
    expect(nonFrames(c.stdout())).toEqual([]);
  }, 60_000);

  it('never loads Ink or React', async () => {
    const trace = join(base, 'modules.trace');
    const main = pathToFileURL(join(REPO, 'dist/src/cli/main.js')).href;
    const child = spawn(process.execPath, ['--import', pathToFileURL(join(REPO, 'test/helpers/module-trace.mjs')).href, '--input-type=module', '-e', `import(${JSON.stringify(main)}).then((m) => m.main(['--acp']))`], {
      cwd: base,
      env: cleanEnv({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url, INKLING_MODULE_TRACE: trace }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
    const app = client({ name: 'trace' });
    const connection = app.connect(ndJsonStream(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>, Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>));
    await connection.agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
    fake.enqueue(reply({ text: 'fine' }));
    const { sessionId } = await connection.agent.request('session/new', { cwd: base, mcpServers: [] });
    await connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'hi' }] });
    child.stdin.end();
    await exited;
    const loaded = (await readFile(trace, 'utf8')).split('\n');
    // The trace is read: the ACP modules and the SDK are in it.
    expect(loaded.some((u) => u.endsWith('/src/acp/acp-main.js'))).toBe(true);
    expect(loaded.some((u) => u.includes('/node_modules/@agentclientprotocol/sdk/'))).toBe(true);
    const ui = /\/node_modules\/(ink|react|react-reconciler|ink-spinner)\/|\/dist\/(components|src\/app)\//;
    // The pattern sees the TUI's modules as the trace names them.
    for (const u of ['file:///r/node_modules/ink/build/index.js', 'file:///r/node_modules/react/index.js', 'file:///r/dist/src/app/run-tui.js']) expect(u).toMatch(ui);
    expect(loaded.filter((u) => ui.test(u))).toEqual([]);
  }, 60_000);

  it('keeps stdout to frames with the terminal-safety corpus in the prompt, the model text, its thinking and a file read', async () => {
    const c = acp();
    await initialized(c);
    const evil = Object.values(HOSTILE).join('\n');
    await writeFile(join(base, 'hostile.txt'), evil);
    fake.enqueue(
      reply({ thinking: { thinking: evil, signature: 'sig' }, text: [...SPLIT_DELTAS, evil], toolUses: [{ name: 'read_file', input: { path: 'hostile.txt' } }] }),
      reply({ text: 'done' }),
    );
    const { sessionId } = await c.connection.agent.request('session/new', { cwd: base, mcpServers: [] });
    await c.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: evil }] });
    // Every line is a frame, and the text arrived whole inside them.
    expect(nonFrames(c.stdout())).toEqual([]);
    expect(agentText(c.updates, sessionId)).toBe(`${SPLIT_DELTAS.join('')}${evil}done`);
  }, 60_000);

  it('answers malformed JSON-RPC with a JSON-RPC error and goes on', async () => {
    const c = acp({ ANTHROPIC_API_KEY: '', ANTHROPIC_BASE_URL: 'https://api.anthropic.com' });
    c.child.stdin!.write('{"jsonrpc": "2.0", "id": 1, not json\n');
    c.child.stdin!.write('[1, 2]\n');
    const init = await initialized(c);
    expect(init.protocolVersion).toBe(1);
    // Answered after the bad lines (one at a time, in order): their errors are on stdout by then.
    await expect(c.connection.agent.request('session/prompt', { sessionId: 'nope', prompt: [] })).rejects.toMatchObject({ code: -32002 });
    const lines = c.stdout().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id?: unknown; error?: { code: number } });
    expect(lines.filter((l) => l.error && l.id === null).map((l) => l.error!.code)).toEqual([-32700, -32600]);
    expect(nonFrames(c.stdout())).toEqual([]);
  }, 60_000);
});
