import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import { createAgent } from '../../src/core/loop.js';
import { ProviderError, type ProviderEvent } from '../../src/core/providers/provider.js';
import type { Tool } from '../../src/core/tools/tool.js';
import { gateLog, gateTool } from '../helpers/gate-tools.js';
import { deferred, respond, testProvider, text, toolUse, type Responder } from '../helpers/test-provider.js';
import { collect } from '../helpers/collect.js';

const echo: Tool<{ text: string }> = {
  name: 'echo',
  description: 'echoes',
  readOnly: true,
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  async execute(input) {
    return { content: `echo: ${input.text}`, isError: false };
  },
};

function agentWith(responders: Responder[], extra: Partial<Parameters<typeof createAgent>[0]> = {}) {
  const log = gateLog();
  const provider = testProvider(responders);
  const agent = createAgent({
    provider,
    model: 'test',
    workspaceRoot: '/tmp',
    maxTokens: 1000,
    tools: [echo, gateTool('slow', false, log)],
    streamRetry: { baseDelayMs: 1 },
    ...extra,
  });
  return { agent, provider, log };
}

const types = (events: AgentEvent[]) => events.map((e) => e.type);

describe('agent loop', () => {
  it('runs prompt → tools → results → answer and emits the public event sequence', async () => {
    const { agent, provider } = agentWith([respond([text('Let me look.'), toolUse('t1', 'echo', { text: 'hi' })]), respond([text('All done.')])]);
    const events = await collect(agent.run('say hi'));
    // The read-only call may finish before the message ends, so tool events are checked on their own.
    const isTool = (t: string) => t.startsWith('tool_');
    expect(types(events).filter((t) => !isTool(t))).toEqual([
      'turn_start', 'request_start', 'text_delta', 'message_end', 'usage',
      'request_start', 'text_delta', 'message_end', 'usage', 'turn_end',
    ]);
    expect(types(events).filter(isTool)).toEqual(['tool_call', 'tool_status', 'tool_status', 'tool_status', 'tool_result']);
    expect(events.filter((e) => e.type === 'tool_status').map((e) => e.type === 'tool_status' && e.status)).toEqual(['queued', 'running', 'done']);
    // Results are in before the next request starts.
    expect(types(events).indexOf('tool_result')).toBeLessThan(types(events).lastIndexOf('request_start'));
    expect(events.find((e) => e.type === 'tool_result')).toMatchObject({ id: 't1', content: 'echo: hi', isError: false });
    expect(provider.requests[0]!.system).toContain('Workspace root: /tmp');
    expect(provider.requests[0]!.tools.map((t) => t.name)).toEqual(['echo', 'slow']);
    expect(agent.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    const usage = events.filter((e) => e.type === 'usage').at(-1);
    expect(usage).toMatchObject({ turn: { inputTokens: 20, outputTokens: 10 }, session: { inputTokens: 20 } });
  });

  it('turns invalid input and malformed JSON into error results naming the problem', async () => {
    const { agent, provider } = agentWith([
      respond([toolUse('a', 'echo', { txt: 'x' }), toolUse('b', 'echo', {})], undefined, { b: 'malformed JSON: Unexpected end' }),
      respond([text('ok')]),
    ]);
    await collect(agent.run('go'));
    const results = provider.requests[1]!.messages.at(-1)!.content;
    expect(results[0]).toMatchObject({ tool_use_id: 'a', is_error: true });
    expect(results[0]!.type === 'tool_result' && results[0]!.content).toContain('missing required parameter "text"');
    expect(results[1]!.type === 'tool_result' && results[1]!.content).toContain('malformed JSON');
  });

  it('ends the turn at the iteration cap with a notice', async () => {
    const loopForever = Array.from({ length: 3 }, (_, i) => respond([toolUse(`t${i}`, 'echo', { text: 'again' })]));
    const { agent } = agentWith(loopForever, { maxIterations: 3 });
    const events = await collect(agent.run('go'));
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'max_iterations' });
    expect(events.find((e) => e.type === 'notice')).toMatchObject({ message: expect.stringContaining('3 model requests') });
    // The history stays valid: the last tool call has its result.
    expect(agent.messages.at(-1)!.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 't2' });
  });

  it('interrupt mid-stream keeps what was said, ends at once, and the next prompt works', async () => {
    const streaming = deferred();
    const { agent, provider } = agentWith([
      async function* (_req, signal) {
        yield { type: 'text_delta', index: 0, text: 'Half a sen' } satisfies ProviderEvent;
        streaming.resolve();
        await new Promise((_, reject) => signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }))));
      },
      respond([text('Fresh answer.')]),
    ]);
    const controller = new AbortController();
    const run = collect(agent.run('first', { signal: controller.signal }));
    await streaming.promise;
    controller.abort();
    const events = await run;
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'aborted' });
    expect(agent.messages.at(-1)).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Half a sen' }] });
    const second = await collect(agent.run('second'));
    expect(second.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    expect(provider.requests[1]!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('interrupt mid-tool cancels the running call and leaves a valid history', async () => {
    const { agent, log, provider } = agentWith([respond([toolUse('t1', 'slow', { key: 'w' })]), respond([text('after')])]);
    const controller = new AbortController();
    const run = collect(agent.run('go', { signal: controller.signal }));
    await log.started('w');
    controller.abort();
    const events = await run;
    expect(events.filter((e) => e.type === 'tool_status').at(-1)).toEqual({ type: 'tool_status', id: 't1', status: 'cancelled' });
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'aborted' });
    expect(agent.messages.at(-1)!.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 't1', is_error: true });
    await collect(agent.run('again'));
    expect(provider.requests[1]!.messages.at(-1)!.content.map((b) => b.type)).toEqual(['tool_result', 'text']);
  });

  it('interrupting twice in a row, then prompting again, still works', async () => {
    const hang: Responder = async function* (_r, signal) {
      await new Promise((_, reject) => signal.addEventListener('abort', () => reject(Object.assign(new Error('x'), { name: 'AbortError' }))));
    };
    const { agent } = agentWith([hang, hang, respond([text('ok')])]);
    for (let i = 0; i < 2; i++) {
      const c = new AbortController();
      const run = collect(agent.run(`p${i}`, { signal: c.signal }));
      setImmediate(() => c.abort());
      expect((await run).at(-1)).toEqual({ type: 'turn_end', reason: 'aborted' });
    }
    expect((await collect(agent.run('p2'))).at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
  });

  it('an API error that a retry cannot fix ends the turn with a readable message and a valid history', async () => {
    const { agent } = agentWith([
      async function* () {
        yield { type: 'text_delta', index: 0, text: 'partial' } satisfies ProviderEvent;
        throw new ProviderError('Anthropic API error 400: bad request', false, 400);
      },
      respond([text('next prompt worked')]),
    ]);
    const events = await collect(agent.run('go'));
    expect(events.find((e) => e.type === 'error')).toEqual({ type: 'error', message: 'Anthropic API error 400: bad request', retryable: false });
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'error' });
    expect((await collect(agent.run('try again'))).at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
  });

  it("an error's hint (what the person can do) follows its message", async () => {
    const { agent } = agentWith([
      async function* (): AsyncGenerator<ProviderEvent> {
        throw new ProviderError('Anthropic API error 401: invalid x-api-key', false, 401, { hint: 'check ANTHROPIC_API_KEY' });
      },
    ]);
    const events = await collect(agent.run('go'));
    expect(events.find((e) => e.type === 'error')).toEqual({
      type: 'error',
      message: 'Anthropic API error 401: invalid x-api-key\n(check ANTHROPIC_API_KEY)',
      retryable: false,
    });
  });

  it('a response cut at max_tokens inside a tool_use answers that call with an error and ends the turn', async () => {
    const { agent } = agentWith([respond([text('Writing'), toolUse('t1', 'echo', {})], 'max_tokens', { t1: 'input JSON was cut off' })]);
    const events = await collect(agent.run('go'));
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'max_tokens' });
    expect(agent.messages.at(-1)!.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 't1', is_error: true });
  });

  it('a consumer that stops iterating ends the turn', async () => {
    const { agent, log } = agentWith([respond([toolUse('t1', 'slow', { key: 'k' })])]);
    for await (const e of agent.run('go')) {
      if (e.type === 'tool_status' && e.status === 'running') break;
    }
    expect(log.events).toEqual(['start k', 'end k']);
    expect(agent.messages.at(-1)!.content[0]).toMatchObject({ type: 'tool_result', is_error: true });
  });

  it('routes keystrokes and resizes to the running tool that attached input', async () => {
    const got: string[] = [];
    const gate = deferred();
    const attached = deferred();
    const interactive: Tool<Record<string, never>> = {
      name: 'interactive',
      description: 'reads input',
      readOnly: false,
      inputSchema: { type: 'object', properties: {}, required: [] },
      async execute(_input, ctx) {
        const detach = ctx.attachInput({ write: (d) => got.push(d), resize: (c, r) => got.push(`${c}x${r}`) });
        attached.resolve();
        await gate.promise;
        detach();
        return { content: got.join(','), isError: false };
      },
    };
    const agent = createAgent({
      provider: testProvider([respond([toolUse('t1', 'interactive', {})]), respond([text('ok')])]),
      model: 'm', workspaceRoot: '/tmp', maxTokens: 10, tools: [interactive],
    });
    const run = collect(agent.run('go'));
    await attached.promise;
    expect(agent.writeToTool('t1', 'y\r')).toBe(true);
    expect(agent.resizeTool('t1', 80, 20)).toBe(true);
    expect(agent.writeToTool('nope', 'x')).toBe(false);
    gate.resolve();
    await run;
    expect(got).toEqual(['y\r', '80x20']);
    expect(agent.writeToTool('t1', 'late')).toBe(false);
  });

  it('truncates long results head+tail, except for tools that page their own output', async () => {
    const big = Array.from({ length: 2000 }, (_, i) => `line ${i} ${'x'.repeat(40)}`).join('\n');
    const makeBig = (name: string, pagesOwnOutput: boolean): Tool<Record<string, never>> => ({
      name, description: name, readOnly: true, pagesOwnOutput,
      inputSchema: { type: 'object', properties: {}, required: [] },
      execute: async () => ({ content: big, isError: false }),
    });
    const agent = createAgent({
      provider: testProvider([respond([toolUse('a', 'paged', {}), toolUse('b', 'plain', {})]), respond([text('ok')])]),
      model: 'm', workspaceRoot: '/tmp', maxTokens: 10, tools: [makeBig('paged', true), makeBig('plain', false)],
    });
    await collect(agent.run('go'));
    const [paged, plain] = agent.messages[2]!.content;
    expect(paged!.type === 'tool_result' && paged!.content).toBe(big);
    expect(plain!.type === 'tool_result' && plain!.content.length).toBeLessThan(51_000);
    expect(plain!.type === 'tool_result' && plain!.content).toMatch(/output truncated: \d+ characters, 2000 lines in total/);
  });

  it('redacts secret values from tool results and live output before the model or the UI sees them', async () => {
    const secret = 'sk-test-not-a-real-key-123456';
    const leaky: Tool<Record<string, never>> = {
      name: 'leaky', description: 'prints env', readOnly: true,
      inputSchema: { type: 'object', properties: {}, required: [] },
      async execute(_i, ctx) {
        ctx.reportOutput({ kind: 'mcp', server: 's', tool: 't', progress: { progress: 1, message: `KEY=${secret}` } });
        return { content: `ANTHROPIC_API_KEY=${secret}`, isError: false, details: { kind: 'mcp', server: 's', tool: 't', summaries: [secret] } };
      },
    };
    const provider = testProvider([respond([toolUse('a', 'leaky', {})]), respond([text('ok')])]);
    const agent = createAgent({ provider, model: 'm', workspaceRoot: '/tmp', maxTokens: 10, tools: [leaky], secretValues: [secret] });
    const events = await collect(agent.run('go'));
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(JSON.stringify(provider.requests)).not.toContain(secret);
    expect(events.find((e) => e.type === 'tool_result')).toMatchObject({ content: 'ANTHROPIC_API_KEY=[redacted]' });
  });
});
