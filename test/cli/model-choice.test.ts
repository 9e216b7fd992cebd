// Switching model and provider mid-session from the CLI side: what /model will call.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args.js';
import { checkedConfig, prepareRun, resolveConfig } from '../../src/cli/config.js';
import { pickerModels, switchModel, withDiscoveredModel } from '../../src/cli/model-choice.js';
import { createProvider, createSessionAgent } from '../../src/cli/session.js';
import { collect } from '../helpers/collect.js';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { completion, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';

let dir: string;
let claude: FakeAnthropic;
let local: FakeOpenAI;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inkling-model-choice-'));
  [claude, local] = await Promise.all([startFakeAnthropic(), startFakeOpenAI({ models: ['local-a', 'local-b'] })]);
});
afterEach(async () => {
  await Promise.all([claude.close(), local.close()]);
  await rm(dir, { recursive: true, force: true });
});

describe('model choice', () => {
  it('starts a local preset on the first model its server lists', async () => {
    const env = { INKLING_HOME: process.env.INKLING_HOME! };
    const config = await withDiscoveredModel(await resolveConfig(parseArgs(['-p', 'x', '--provider', 'vllm', '--base-url', local.url]), env, dir));
    expect(config).toMatchObject({ model: 'local-a', discoverModel: false });
  });

  it('switches an Anthropic session to a local server and back, keeping the conversation', async () => {
    const env = { INKLING_HOME: process.env.INKLING_HOME!, ANTHROPIC_API_KEY: 'sk-test-fake-switch-01', ANTHROPIC_BASE_URL: claude.url };
    const request = await prepareRun(parseArgs(['-p', 'x']), env, dir);
    let config = await checkedConfig(request);
    const agent = await createSessionAgent(config, await createProvider(config));
    claude.enqueue(reply({ text: 'from claude' }));
    await collect(agent.run('one'));

    config = await switchModel(agent, request, config, { provider: 'ollama', model: 'local-b', baseUrl: local.url });
    expect(config.provider).toEqual({ kind: 'openai', preset: 'ollama', baseURL: local.url });
    expect((await pickerModels(config)).map((m) => m.id)).toEqual(['local-a', 'local-b']);
    local.enqueue(completion({ text: 'from ollama' }));
    await collect(agent.run('two'));
    const toLocal = local.completions()[0]!.body as { model: string; messages: { role: string; content: unknown }[] };
    expect(toLocal.model).toBe('local-b');
    expect(toLocal.messages.slice(1).map((m) => m.content)).toEqual(['one', 'from claude', 'two']);

    config = await switchModel(agent, request, config, { provider: 'anthropic', model: 'claude-haiku-4-5' });
    claude.enqueue(reply({ text: 'claude again' }));
    await collect(agent.run('three'));
    expect((claude.requests[1]!.body as { model: string; messages: unknown[] })).toMatchObject({ model: 'claude-haiku-4-5' });
    expect((claude.requests[1]!.body as { messages: unknown[] }).messages).toHaveLength(5);
    expect(agent.model).toBe('claude-haiku-4-5');
    await agent.dispose();
  });
});
