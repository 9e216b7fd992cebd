// The whole core against the real SDK: loop + Anthropic provider + real tools, over real SSE
// from the fake Messages API fx.server.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import { createAgent } from '../../src/core/loop.js';
import { createAnthropicProvider } from '../../src/core/providers/anthropic.js';
import { bashTool } from '../../src/core/tools/bash.js';
import { fileTools } from '../../src/core/tools/file-tools.js';
import { overloaded, reply } from '../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../helpers/fake-anthropic-workspace.js';
import { collect } from '../helpers/collect.js';

const fx = fakeAnthropicAndWorkspace();

function makeAgent() {
  const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: fx.server.url, model: 'claude-test', retryBaseDelayMs: 5 });
  return createAgent({
    provider,
    model: 'claude-test',
    workspaceRoot: fx.ws.root,
    maxTokens: 2000,
    tools: [...fileTools(), bashTool],
    sessionDir: path.join(fx.ws.root, '..', 'session'),
  });
}

type SentMessage = { role: string; content: { type: string; tool_use_id?: string; content?: string; signature?: string }[] };
const lastSentMessage = (i: number) => (fx.server.requests[i]!.body as { messages: SentMessage[] }).messages.at(-1)!;

describe('agent over the real SDK', () => {
  it('three read_file calls in one response come back in order', async () => {
    for (const n of [1, 2, 3]) await writeFile(path.join(fx.ws.root, `f${n}.txt`), `content of file ${n}\n`);
    fx.server.enqueue(
      reply({ text: 'Reading.', toolUses: [1, 2, 3].map((n) => ({ name: 'read_file', input: { path: `f${n}.txt` }, id: `toolu_${n}` })) }),
      reply({ text: 'Read them all.' }),
    );
    const events = await collect(makeAgent().run('read the three files'));
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    expect(events.filter((e) => e.type === 'tool_call').every((e) => e.type === 'tool_call' && e.readOnly)).toBe(true);
    const results = lastSentMessage(1).content;
    expect(results.map((b) => b.tool_use_id)).toEqual(['toolu_1', 'toolu_2', 'toolu_3']);
    results.forEach((b, i) => expect(b.content).toContain(`content of file ${i + 1}`));
  });

  it('sends signed thinking back unchanged in the next request', async () => {
    fx.server.enqueue(
      reply({ thinking: { thinking: ['Let me ', 'think.'], signature: 'sig-abc' }, toolUses: [{ name: 'list_files', input: {}, id: 'toolu_l' }] }),
      reply({ text: 'Done.' }),
    );
    const events = await collect(makeAgent().run('list'));
    expect(events.filter((e) => e.type === 'thinking_delta').map((e) => e.type === 'thinking_delta' && e.thinking).join('')).toBe('Let me think.');
    const assistant = (fx.server.requests[1]!.body as { messages: SentMessage[] }).messages[1]!;
    expect(assistant.role).toBe('assistant');
    expect(assistant.content[0]).toEqual({ type: 'thinking', thinking: 'Let me think.', signature: 'sig-abc' });
  });

  it('shows a retry after a 529 and then completes', async () => {
    fx.server.enqueue(overloaded({ 'retry-after': '0' }), reply({ text: 'Back again.' }));
    const events = await collect(makeAgent().run('hello'));
    expect(events.find((e) => e.type === 'retry')).toMatchObject({ type: 'retry', attempt: 1, status: 529 });
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
  });

  it('runs bash in a pty and returns its output and exit code to the model', async () => {
    fx.server.enqueue(
      reply({ toolUses: [{ name: 'bash', input: { command: 'echo hi-from-pty; exit 3' }, id: 'toolu_b' }] }),
      reply({ text: 'It exited 3.' }),
    );
    const events = await collect(makeAgent().run('run it'));
    const result = events.find((e) => e.type === 'tool_result');
    expect(result).toMatchObject({ isError: true, content: expect.stringContaining('hi-from-pty') });
    expect(lastSentMessage(1).content[0]!.content).toContain('Exit code: 3');
  });

  it('interrupt mid-stream ends at once and the next prompt goes through with a valid history', async () => {
    fx.server.enqueue(reply({ text: ['one ', 'two ', 'three ', 'four'], chunkDelayMs: 300 }), reply({ text: 'fresh' }));
    const agent = makeAgent();
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    for await (const e of agent.run('slow', { signal: controller.signal })) {
      events.push(e);
      if (e.type === 'text_delta') controller.abort();
    }
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'aborted' });
    await fx.server.connectionClosed(0);
    const second = await collect(agent.run('again'));
    expect(second.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    const roles = (fx.server.requests[1]!.body as { messages: SentMessage[] }).messages.map((m) => m.role);
    expect(roles).toEqual(['user', 'assistant', 'user']);
  });

  it('an interrupt later in a response keeps its signed thinking first, so the next request is valid', async () => {
    fx.server.enqueue(
      reply({
        thinking: { thinking: 'plan', signature: 'sig-keep' },
        text: 'Looking.',
        toolUses: [{ name: 'list_files', input: {}, id: 'toolu_a' }, { name: 'bash', input: { command: 'sleep 5' }, id: 'toolu_b' }],
        chunkDelayMs: 50,
      }),
      reply({ text: 'next' }),
    );
    const agent = makeAgent();
    const controller = new AbortController();
    for await (const e of agent.run('go', { signal: controller.signal })) {
      if (e.type === 'tool_status' && e.status === 'running') controller.abort();
    }
    const assistant = agent.messages[1]!;
    expect(assistant.role).toBe('assistant');
    expect(assistant.content[0]).toEqual({ type: 'thinking', thinking: 'plan', signature: 'sig-keep' });
    expect(agent.messages[2]!.content.every((b) => b.type === 'tool_result')).toBe(true);
    expect((await collect(agent.run('again'))).at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
  });
});
