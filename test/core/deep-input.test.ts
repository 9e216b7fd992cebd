// Tool input nested thousands of levels deep is refused as invalid input before it enters the
// history: the turn goes on, and the next prompt still works.
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/core/loop.js';
import { createAnthropicProvider } from '../../src/core/providers/anthropic.js';
import { createScriptedProvider } from '../../src/core/providers/scripted.js';
import { fileTools } from '../../src/core/tools/file-tools.js';
import { MAX_INPUT_DEPTH } from '../../src/core/validate-input.js';
import { collect } from '../helpers/collect.js';
import { reply, startFakeAnthropic } from '../helpers/fake-anthropic.js';
import { makeTempWorkspace } from '../helpers/tool-context.js';

const nested = (depth: number) => `{"path": ${'['.repeat(depth)}${']'.repeat(depth)}}`;

describe('deeply nested tool input', () => {
  it('is rejected with a clear error before it enters the history, and the session goes on', async () => {
    const ws = await makeTempWorkspace();
    try {
      const provider = createScriptedProvider([
        { content: [{ type: 'text', text: 'Reading.' }, { type: 'tool_use', id: 'deep', name: 'read_file', raw_input: nested(4200) }] },
        { content: [{ type: 'text', text: 'That input was bad; sorry.' }] },
        { content: [{ type: 'text', text: 'Second prompt answered.' }] },
      ]);
      const agent = createAgent({ provider, model: 'scripted', workspaceRoot: ws.root, tools: fileTools(), maxTokens: 1000 });
      const first = await collect(agent.run('read something'));
      const result = first.find((e) => e.type === 'tool_result');
      expect(result).toMatchObject({
        id: 'deep',
        isError: true,
        content: `Invalid input for read_file: the input is nested deeper than ${MAX_INPUT_DEPTH} levels. The call was not run.`,
      });
      expect(first.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
      expect(first.some((e) => e.type === 'error')).toBe(false);
      // The history keeps the call with an empty input, never the deep one.
      const call = agent.messages[1]!.content.find((b) => b.type === 'tool_use');
      expect(call).toEqual({ type: 'tool_use', id: 'deep', name: 'read_file', input: {} });
      expect(JSON.stringify(agent.messages).length).toBeLessThan(2000);

      const second = await collect(agent.run('and now?'));
      expect(second.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
      expect(second.find((e) => e.type === 'message_end')).toMatchObject({ message: { content: [{ type: 'text', text: 'Second prompt answered.' }] } });
    } finally {
      await ws.cleanup();
    }
  });

  it(`accepts input nested exactly ${MAX_INPUT_DEPTH} levels deep (the schema check then decides)`, async () => {
    const ws = await makeTempWorkspace();
    try {
      // {"path": [[...]]}: the object is level 1, so 63 arrays make 64 levels.
      const provider = createScriptedProvider([
        { content: [{ type: 'tool_use', id: 'ok', name: 'read_file', raw_input: nested(MAX_INPUT_DEPTH - 1) }] },
        { content: [{ type: 'text', text: 'done' }] },
      ]);
      const agent = createAgent({ provider, model: 'scripted', workspaceRoot: ws.root, tools: fileTools(), maxTokens: 1000 });
      const events = await collect(agent.run('go'));
      expect(events.find((e) => e.type === 'tool_result')).toMatchObject({
        isError: true,
        content: 'Invalid input for read_file: parameter "path" must be a string, got an array. The call was not run.',
      });
    } finally {
      await ws.cleanup();
    }
  });

  it('is rejected over the real SDK too: the next request carries an empty input and succeeds', async () => {
    const ws = await makeTempWorkspace();
    const server = await startFakeAnthropic();
    try {
      server.enqueue(
        reply({ text: 'Reading.', toolUses: [{ id: 'toolu_deep', name: 'read_file', inputJson: [nested(4200)] }] }),
        reply({ text: 'Noted.' }),
        reply({ text: 'Still here.' }),
      );
      const provider = createAnthropicProvider({ apiKey: 'sk-test-fake', baseURL: server.url, model: 'claude-test', retryBaseDelayMs: 1 });
      const agent = createAgent({ provider, model: 'claude-test', workspaceRoot: ws.root, tools: fileTools(), maxTokens: 1000 });
      const first = await collect(agent.run('read something'));
      expect(first.filter((e) => e.type === 'error')).toEqual([]);
      expect(first.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
      const sent = (server.requests[1]!.body as { messages: { content: unknown[] }[] }).messages;
      expect(sent[1]!.content).toContainEqual({ type: 'tool_use', id: 'toolu_deep', name: 'read_file', input: {} });
      expect((await collect(agent.run('again'))).at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
      await ws.cleanup();
    }
  });
});
