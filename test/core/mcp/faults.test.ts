// Faults from a real MCP server (our fault server on the SDK, over stdio): a crash mid-call, a
// hang past the timeout, a 5 MB result, a schema the API would reject, a tool list that changes,
// a server that will not start; secrets from env never reach results or the stderr log.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/events.js';
import { createAgent } from '../../../src/core/loop.js';
import { McpServers, type McpEvent, type McpServersOptions } from '../../../src/core/mcp/mcp-servers.js';
import type { McpServerEntry } from '../../../src/core/mcp/server-config.js';
import { summaryText } from '../../../src/core/mcp/status.js';
import { MAX_RESULT_CHARS } from '../../../src/core/truncate.js';
import { collect } from '../../helpers/collect.js';
import { faultStdio } from '../../helpers/mcp-servers.js';
import { respond, testProvider, text, toolUse, type Responder } from '../../helpers/test-provider.js';
import { makeTempWorkspace } from '../../helpers/tool-context.js';

let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;
let mcp: McpServers | undefined;
let events: McpEvent[];

beforeEach(async () => {
  ws = await makeTempWorkspace();
  events = [];
});
afterEach(async () => {
  await mcp?.close();
  mcp = undefined;
  await ws.cleanup();
});

const logDir = () => path.join(ws.root, '..', 'session');

async function start(entries: McpServerEntry[], opts: Partial<McpServersOptions> = {}): Promise<McpServers> {
  mcp = new McpServers({
    entries,
    workspaceTrusted: true,
    workspaceRoot: ws.root,
    logDir: logDir(),
    env: { ...process.env, ...opts.env },
    secretEnvNames: ['ANTHROPIC_API_KEY'],
    clientVersion: '0.0.0-test',
    reconnect: { baseDelayMs: 20, maxDelayMs: 50, maxAttempts: 3 },
    ...opts,
  });
  mcp.subscribe((e) => events.push(e));
  mcp.start();
  await mcp.settled(15_000);
  return mcp;
}

async function runCalls(servers: McpServers, calls: { id: string; name: string; input?: unknown }[], more: Responder[] = []) {
  const agent = createAgent({
    provider: testProvider([respond(calls.map((c) => toolUse(c.id, c.name, c.input ?? {}))), ...more, respond([text('ok')])]),
    model: 'test',
    workspaceRoot: ws.root,
    tools: [],
    maxTokens: 1000,
    sessionDir: logDir(),
    extraTools: () => servers.tools(),
  });
  const out = await collect(agent.run('go'));
  return (id: string) => out.find((e): e is Extract<AgentEvent, { type: 'tool_result' }> => e.type === 'tool_result' && e.id === id)!;
}

function waitFor(pred: (servers: McpServers) => boolean, servers: McpServers): Promise<void> {
  if (pred(servers)) return Promise.resolve();
  return new Promise((resolve) => {
    const off = servers.subscribe(() => {
      if (pred(servers)) {
        off();
        resolve();
      }
    });
  });
}

const stateOf = (servers: McpServers) => servers.servers()[0]!.state;

describe('a server that crashes mid-call', () => {
  it('fails that call with the reason, marks its tools not running, and comes back after a backoff', async () => {
    const servers = await start([faultStdio()]);
    const toolsBefore = servers.tools().map((t) => t.name);
    const result = await runCalls(servers, [{ id: 'c1', name: 'mcp__faulty__crash' }]);
    expect(result('c1')).toMatchObject({ isError: true });
    expect(result('c1').content).toMatch(/^server faulty stopped during the call: the server process exited \(last stderr line: fault server: crashing on purpose\)/);
    // Its tools stay in the list (the prompt prefix does not change) while it reconnects.
    expect(servers.tools().map((t) => t.name)).toEqual(toolsBefore);
    await waitFor((s) => stateOf(s).status === 'ready', servers);
    expect(events.some((e) => e.type === 'mcp_servers' && e.servers[0]!.state.status === 'reconnecting')).toBe(true);
    const after = await runCalls(servers, [{ id: 'c2', name: 'mcp__faulty__ok' }]);
    expect(after('c2')).toMatchObject({ isError: false, content: 'fine' });
  });

  it('answers "server X is not running: <reason>" while it is down, and gives up after the last attempt', async () => {
    const servers = await start([faultStdio()], { reconnect: { baseDelayMs: 60_000, maxDelayMs: 60_000, maxAttempts: 3 } });
    await runCalls(servers, [{ id: 'c1', name: 'mcp__faulty__crash' }]);
    expect(stateOf(servers)).toMatchObject({ status: 'reconnecting', attempt: 1 });
    const result = await runCalls(servers, [{ id: 'c2', name: 'mcp__faulty__ok' }]);
    expect(result('c2').content).toMatch(/^server faulty is not running: the server process exited .*\(reconnecting, attempt 1\)$/);
    expect(summaryText(servers.summary())).toBe('MCP 1 (1 reconnecting)');
  });
});

it('ends a call that hangs past mcpToolTimeoutMs with an error result, and the server stays usable', async () => {
  const servers = await start([faultStdio()], { toolTimeoutMs: 300 });
  const result = await runCalls(servers, [{ id: 'c1', name: 'mcp__faulty__hang' }, { id: 'c2', name: 'mcp__faulty__ok' }]);
  expect(result('c1')).toMatchObject({ isError: true, details: { kind: 'mcp', failure: 'timeout' } });
  expect(result('c1').content).toBe('No answer within 300 ms (mcpToolTimeoutMs): the call was cancelled and the server told to stop it.');
  expect(result('c2')).toMatchObject({ isError: false, content: 'fine' });
  expect(stateOf(servers)).toEqual({ status: 'ready' });
});

it('cuts a 5 MB result to its head and tail like any tool result', async () => {
  const servers = await start([faultStdio()]);
  const result = await runCalls(servers, [{ id: 'c1', name: 'mcp__faulty__flood' }]);
  expect(result('c1').isError).toBe(false);
  expect(result('c1').content.length).toBeLessThan(MAX_RESULT_CHARS + 500);
  expect(result('c1').content).toContain('[output truncated: 5000000 characters, 50000 lines in total;');
});

it('leaves out only the tool whose schema the API would reject, with a notice', async () => {
  const servers = await start([faultStdio()]);
  const names = servers.tools().map((t) => t.name);
  expect(names).toEqual(['mcp__faulty__crash', 'mcp__faulty__env', 'mcp__faulty__flood', 'mcp__faulty__grow', 'mcp__faulty__hang', 'mcp__faulty__ok']);
  expect(servers.servers()[0]!.skippedTools).toEqual([{ name: 'bad_schema', reason: expect.stringContaining('its input schema is not valid JSON Schema at /properties/x/type') }]);
  expect(events).toContainEqual({ type: 'mcp_notice', message: expect.stringMatching(/^MCP server faulty: tool "bad_schema" left out: its input schema is not valid JSON Schema/) });
  expect(servers.tools().find((t) => t.name === 'mcp__faulty__ok')!.readOnly).toBe(true);
  expect(servers.tools().find((t) => t.name === 'mcp__faulty__crash')!.readOnly).toBe(false);
});

it('takes notifications/tools/list_changed into the next request', async () => {
  const servers = await start([faultStdio()]);
  expect(servers.tools().map((t) => t.name)).not.toContain('mcp__faulty__late');
  const grown = waitFor((s) => s.tools().some((t) => t.name === 'mcp__faulty__late'), servers);
  await runCalls(servers, [{ id: 'c1', name: 'mcp__faulty__grow' }]);
  await grown;
  const provider = testProvider([respond([toolUse('c2', 'mcp__faulty__late', {})]), respond([text('ok')])]);
  const agent = createAgent({ provider, model: 'test', workspaceRoot: ws.root, tools: [], maxTokens: 100, sessionDir: logDir(), extraTools: () => servers.tools() });
  const out = await collect(agent.run('late'));
  expect(provider.requests[0]!.tools.map((t) => t.name)).toContain('mcp__faulty__late');
  expect(out).toContainEqual(expect.objectContaining({ type: 'tool_result', id: 'c2', content: 'fine', isError: false }));
});

describe('a server that cannot start', () => {
  it('is failed with its last stderr line, offers no tools, and the header counts it', async () => {
    const servers = await start([faultStdio('faulty', { FAULT_EXIT_AT_START: '1' })]);
    expect(stateOf(servers)).toEqual({ status: 'failed', reason: expect.stringContaining('(last stderr line: fault server: refusing to start (FAULT_EXIT_AT_START))') });
    expect(servers.tools()).toEqual([]);
    expect(summaryText(servers.summary())).toBe('MCP 1 (1 failed)');
  });

  it('is failed with the spawn error when the command does not exist', async () => {
    const servers = await start([{ name: 'missing', source: 'user', settings: { command: 'inkling-no-such-server-xyz' } }]);
    expect(stateOf(servers)).toEqual({ status: 'failed', reason: expect.stringContaining('ENOENT') });
  });

  it('does not start when a ${VAR} names one of inkling’s API keys', async () => {
    const servers = await start([{ name: 'greedy', source: 'user', settings: { command: process.execPath, env: { KEY: '${ANTHROPIC_API_KEY}' } } }], {
      env: { ANTHROPIC_API_KEY: 'sk-test-fake-inkling-key' },
    });
    expect(stateOf(servers)).toEqual({ status: 'failed', reason: "env.KEY: ${ANTHROPIC_API_KEY} is not expanded (inkling's own API keys never go to MCP servers)" });
  });
});

it('writes stderr to a log under the session dir; secret env values reach neither results nor the log', async () => {
  const secret = 'sk-test-fake-mcp-token-0123456789';
  const servers = await start([faultStdio('faulty', { GITHUB_TOKEN: '${MY_TOKEN}', FAULT_ECHO_STDERR: '${MY_TOKEN}' })], {
    env: { MY_TOKEN: secret, ANTHROPIC_API_KEY: 'sk-test-fake-inkling-key' },
  });
  const result = await runCalls(servers, [
    { id: 'c1', name: 'mcp__faulty__env', input: { name: 'GITHUB_TOKEN' } },
    { id: 'c2', name: 'mcp__faulty__env', input: { name: 'ANTHROPIC_API_KEY' } },
  ]);
  expect(result('c1').content).toBe('GITHUB_TOKEN=[redacted]');
  // inkling's own key is not inherited by the server at all.
  expect(result('c2').content).toBe('ANTHROPIC_API_KEY=(unset)');
  const logPath = servers.servers()[0]!.logPath!;
  expect(path.dirname(logPath)).toBe(logDir());
  await servers.close();
  expect(existsSync(logPath)).toBe(true);
  const log = readFileSync(logPath, 'utf8');
  expect(log).toContain('fault server: ready on stdio token=[redacted]');
  expect(log).not.toContain(secret);
  expect(JSON.stringify(events)).not.toContain(secret);
});

it('drops a server turned off from the tool list, and starts it again on reconnect', async () => {
  const servers = await start([faultStdio()]);
  expect(await servers.disable('faulty')).toBe(true);
  expect(stateOf(servers)).toEqual({ status: 'disabled' });
  expect(servers.tools()).toEqual([]);
  expect(summaryText(servers.summary())).toBe('MCP 1 (1 off)');
  expect(await servers.reconnect('faulty')).toBe(true);
  expect(stateOf(servers)).toEqual({ status: 'ready' });
  expect(servers.tools().length).toBe(6);
});
