// Alt+T: thinking switched on or off for the next requests of a real agent against a fake
// Anthropic server (the request's thinking budget and max_tokens), and said on the status line.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { checkedConfig, prepareRun } from '../../src/cli/config.js';
import { modelPicking } from '../../src/cli/model-choice.js';
import { createProvider, createSessionAgent } from '../../src/cli/session.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import { createAppStore } from '../../src/store/app-store.js';
import { handleAppKey } from '../../src/keys/key-pipeline.js';
import { keyPressOf } from '../../src/keys/key-names.js';
import { statusLine } from '../../components/StatusBar.js';
import stripAnsi from 'strip-ansi';
import { collect } from '../helpers/collect.js';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';

let dir: string;
let claude: FakeAnthropic;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inkling-thinking-'));
  claude = await startFakeAnthropic();
});
afterEach(async () => {
  await claude.close();
  await rm(dir, { recursive: true, force: true });
});

const sent = (i: number) => claude.requests.filter((r) => r.path.endsWith('/messages'))[i]!.body as { max_tokens: number; thinking?: { type: string; budget_tokens: number } };

async function start(args: string[]) {
  const env = { INKLING_HOME: join(dir, 'home'), ANTHROPIC_API_KEY: 'sk-test-fake-thinking-01', ANTHROPIC_BASE_URL: claude.url };
  const request = await prepareRun(parseArgs(['-p', 'x', ...args]), env, dir);
  const config = await checkedConfig(request);
  const agent = await createSessionAgent(config, await createProvider(config));
  return { agent, picking: modelPicking(agent, request, config, (s) => s)! };
}

describe('Alt+T', () => {
  it('turns thinking on at 8,000 tokens when never set (max_tokens follows), and off again, from the next request', async () => {
    const { agent, picking } = await start([]);
    claude.enqueue(reply({ text: 'one' }), reply({ text: 'two' }), reply({ text: 'three' }));
    await collect(agent.run('one'));
    expect(sent(0).thinking).toBeUndefined();
    expect(picking.toggleThinking()).toEqual({ on: true, budget: 8000 });
    await collect(agent.run('two'));
    expect(sent(1)).toMatchObject({ max_tokens: 8000 + 8192, thinking: { type: 'enabled', budget_tokens: 8000 } });
    expect(picking.toggleThinking()).toEqual({ on: false });
    await collect(agent.run('three'));
    expect(sent(2).thinking).toBeUndefined();
    expect(sent(2).max_tokens).toBe(8192);
    await agent.dispose();
  });

  it('uses the thinking setting as the budget, and refuses when maxTokens leaves no room for an answer', async () => {
    const set = await start(['--thinking', '2048']);
    expect(set.picking.toggleThinking()).toEqual({ on: false });
    expect(set.picking.toggleThinking()).toEqual({ on: true, budget: 2048 });
    await set.agent.dispose();
    const tight = await start(['--max-tokens', '4000']);
    expect(tight.picking.toggleThinking()).toEqual({ refused: 'thinking (8000) must be less than maxTokens (4000); thinking stays off' });
    await tight.agent.dispose();
  });

  it('the key asks the core, and the status line says thinking while it is on', async () => {
    const { agent, picking } = await start([]);
    const door = createAgentDoor(agent, { models: Promise.resolve(picking) });
    const store = createAppStore({}, { door });
    await new Promise((r) => setTimeout(r, 0));
    const env = { files: () => [], now: Date.now, history: {} as never };
    // Without the flash, which names thinking too.
    const line = () => stripAnsi(statusLine({ ...store.getState(), flash: null }, 'claude-sonnet-4-6', 120, Date.now()));
    expect(line()).not.toContain('thinking');
    handleAppKey(store, keyPressOf('\x1bt'), env);
    expect(store.getState().thinkingBudget).toBe(8000);
    expect(line()).toMatch(/ thinking /);
    expect(store.getState().flash?.text).toBe('thinking on (8.0k tokens) from the next request');
    handleAppKey(store, keyPressOf('\x1bt'), env);
    expect(line()).not.toContain('thinking');
    await agent.dispose();
  });
});
