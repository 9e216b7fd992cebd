// server-everything (the reference server, pinned) over stdio and streamable HTTP: its tools reach
// the model after the built-in ones, echo and get-sum answer through a scripted model turn, the
// long-running operation's progress shows live and an interrupt cancels it, the tiny image is
// summarised.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../src/core/events.js';
import { createAgent } from '../../../src/core/loop.js';
import { McpServers } from '../../../src/core/mcp/mcp-servers.js';
import type { McpServerEntry } from '../../../src/core/mcp/server-config.js';
import { fileTools } from '../../../src/core/tools/file-tools.js';
import { collect } from '../../helpers/collect.js';
import { everythingStdio, startEverythingHttp, type RunningHttpServer } from '../../helpers/mcp-servers.js';
import { respond, testProvider, text, toolUse, type Responder } from '../../helpers/test-provider.js';
import { makeTempWorkspace } from '../../helpers/tool-context.js';

// One workspace and one server set per transport: server-everything takes seconds to start on a
// busy machine, so its tests share it (each test still runs its own agent and turn).
let ws: Awaited<ReturnType<typeof makeTempWorkspace>>;

beforeAll(async () => {
  ws = await makeTempWorkspace();
});
afterAll(async () => ws.cleanup());

async function startServers(entries: McpServerEntry[]): Promise<McpServers> {
  const servers = new McpServers({
    entries,
    workspaceTrusted: true,
    workspaceRoot: ws.root,
    logDir: path.join(ws.root, '..', 'session'),
    env: process.env,
    secretEnvNames: ['ANTHROPIC_API_KEY'],
    clientVersion: '0.0.0-test',
  });
  servers.start();
  await servers.settled(15_000);
  return servers;
}

function agentWith(mcp: McpServers, responders: Responder[]) {
  const provider = testProvider(responders);
  const agent = createAgent({
    provider,
    model: 'test',
    workspaceRoot: ws.root,
    tools: fileTools(),
    maxTokens: 1000,
    sessionDir: path.join(ws.root, '..', 'session'),
    extraTools: () => mcp.tools(),
  });
  return { agent, provider };
}

function resultOf(events: AgentEvent[], id: string) {
  return events.find((e): e is Extract<AgentEvent, { type: 'tool_result' }> => e.type === 'tool_result' && e.id === id);
}

describe.each(['stdio', 'http'] as const)('server-everything over %s', (transport) => {
  let http: RunningHttpServer | undefined;
  let mcp: McpServers;
  beforeAll(async () => {
    if (transport === 'http') http = await startEverythingHttp();
    const entry: McpServerEntry =
      transport === 'stdio' ? everythingStdio() : { name: 'everything', source: 'user', settings: { type: 'http', url: http!.url } };
    mcp = await startServers([entry]);
  });
  afterAll(async () => {
    await mcp.close();
    await http?.stop();
  });

  it('lists its tools as mcp__everything__*, after the built-in tools, with readOnly from readOnlyHint', async () => {
    expect(mcp.servers()[0]!.state).toEqual({ status: 'ready' });
    expect(mcp.servers()[0]!.transport).toBe(transport);
    const names = mcp.tools().map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['mcp__everything__echo', 'mcp__everything__get-sum', 'mcp__everything__trigger-long-running-operation', 'mcp__everything__get-tiny-image']));
    expect(names).toEqual([...names].sort());
    expect(mcp.tools().find((t) => t.name === 'mcp__everything__get-sum')!.readOnly).toBe(true);
    expect(mcp.summary()).toMatchObject({ total: 1, ready: 1, failed: 0 });

    const { agent, provider } = agentWith(mcp, [respond([text('done')])]);
    await collect(agent.run('hi'));
    const sent = provider.requests[0]!.tools.map((t) => t.name);
    expect(sent.slice(0, fileTools().length)).toEqual(fileTools().map((t) => t.name));
    expect(sent.slice(fileTools().length)).toEqual(names);
  });

  it('answers echo and get-sum in a scripted model turn, and the model receives the results', async () => {
    const { agent, provider } = agentWith(mcp, [
      respond([toolUse('c1', 'mcp__everything__echo', { message: 'hello mcp' }), toolUse('c2', 'mcp__everything__get-sum', { a: 2, b: 40 })]),
      respond([text('all done')]),
    ]);
    const events = await collect(agent.run('use the tools'));
    expect(resultOf(events, 'c1')).toMatchObject({ isError: false, details: { kind: 'mcp', server: 'everything', tool: 'echo' } });
    expect(resultOf(events, 'c1')!.content).toContain('hello mcp');
    expect(resultOf(events, 'c2')!.content).toContain('42');
    const sentBack = provider.requests[1]!.messages.at(-1)!.content as { type: string; content?: string }[];
    expect(sentBack.map((b) => b.content)).toEqual([expect.stringContaining('hello mcp'), expect.stringContaining('42')]);
  });

  it('summarises the tiny image as [image 20×20] and sends the image itself in the next request', async () => {
    const { agent, provider } = agentWith(mcp, [respond([toolUse('c1', 'mcp__everything__get-tiny-image', {})]), respond([text('ok')])]);
    const events = await collect(agent.run('image'));
    const result = resultOf(events, 'c1')!;
    expect(result.content).toContain('[image 20×20, image/png]');
    expect(result.content).not.toContain('iVBOR');
    expect(result.details).toMatchObject({ summaries: ['[image 20×20, image/png]'] });
    const sent = provider.requests[1]!.messages.at(-1)!.content.find((b) => b.type === 'tool_result');
    expect(sent).toMatchObject({ tool_use_id: 'c1', images: [{ type: 'image', mediaType: 'image/png', width: 20, height: 20, name: 'image #1' }] });
    expect(sent?.type === 'tool_result' && sent.images?.[0]?.data.startsWith('iVBOR')).toBe(true);
  });

  it('shows the long-running operation’s progress live, and an interrupt cancels it', async () => {
    const { agent } = agentWith(mcp, [respond([toolUse('c1', 'mcp__everything__trigger-long-running-operation', { duration: 30, steps: 300 })])]);
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    for await (const e of agent.run('long', { signal: controller.signal })) {
      events.push(e);
      if (e.type === 'tool_output' && e.details.kind === 'mcp' && (e.details.progress?.progress ?? 0) >= 2) controller.abort();
    }
    const progress = events.filter((e) => e.type === 'tool_output').map((e) => (e.type === 'tool_output' && e.details.kind === 'mcp' ? e.details.progress : undefined));
    expect(progress[0]).toEqual({ progress: 1, total: 300 });
    expect(events.find((e) => e.type === 'tool_status' && e.id === 'c1' && e.status === 'cancelled')).toBeDefined();
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'aborted' });
    // The server is still usable: the cancelled call did not take it down.
    const again = agentWith(mcp, [respond([toolUse('c2', 'mcp__everything__echo', { message: 'still here' })]), respond([text('ok')])]);
    expect(resultOf(await collect(again.agent.run('again')), 'c2')!.content).toContain('still here');
  });
});

it('falls back to the legacy SSE transport when the server does not speak streamable HTTP', async () => {
  const sse = await startEverythingHttp('sse');
  const mcp = await startServers([{ name: 'legacy', source: 'user', settings: { url: sse.url } }]);
  try {
    expect(mcp.servers()[0]).toMatchObject({ state: { status: 'ready' }, transport: 'sse' });
    const { agent } = agentWith(mcp, [respond([toolUse('c1', 'mcp__legacy__echo', { message: 'over sse' })]), respond([text('ok')])]);
    expect(resultOf(await collect(agent.run('sse')), 'c1')!.content).toContain('over sse');
  } finally {
    await mcp.close();
    await sse.stop();
  }
});
