// /model in the real App over the real CLI pieces: a vLLM preset against the fake OpenAI server
// (GET /models), the picker filtered by typing, Enter switching the agent for the next request
// (the header follows), Esc keeping the model.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { parseArgs } from '../../src/cli/args.js';
import { checkedConfig, prepareRun } from '../../src/cli/config.js';
import { modelPicking, withDiscoveredModel } from '../../src/cli/model-choice.js';
import { createProvider, createSessionAgent } from '../../src/cli/session.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import { screenLayout } from '../../components/screen-layout.js';
import { collect } from '../helpers/collect.js';
import { completion, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { frame, KEYS, press, renderAct, settle, unmountAct, type Rendered } from './act-helpers.js';

let dir: string | undefined;
let local: FakeOpenAI | undefined;
let r: Rendered | undefined;
let dispose: (() => Promise<void>) | undefined;
afterEach(async () => {
  if (r) await unmountAct(r);
  r = undefined;
  await dispose?.();
  await local?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function until(test: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300 && !test(); i++) await settle(10);
  if (!test()) throw new Error(`never happened: ${what}\n${frame(r!)}`);
}

async function setUp() {
  dir = await mkdtemp(join(tmpdir(), 'inkling-model-picker-'));
  local = await startFakeOpenAI({ models: ['qwen3-coder-30b', 'llama-3.3-70b', 'qwen3-8b'] });
  const env = { INKLING_HOME: process.env.INKLING_HOME!, OPENAI_API_KEY: 'sk-test-fake-picker-01' };
  const request = await prepareRun(parseArgs(['--provider', 'vllm', '--base-url', local.url]), env, dir);
  const config = await withDiscoveredModel(await checkedConfig(request));
  const agent = await createSessionAgent(config, await createProvider(config));
  dispose = () => agent.dispose();
  const door = createAgentDoor(agent, { models: Promise.resolve(modelPicking(agent, request, config, (t) => t)) });
  const store = createAppStore({}, { layout: screenLayout, door });
  await Promise.resolve();
  r = await renderAct(<App store={store} header={{ modelLabel: `${config.model} at ${local.url}`, isDemo: false, workspaceRoot: dir }} />);
  return { store, agent };
}

const header = () => frame(r!).split('\n')[0]!;

describe('/model', () => {
  it("lists the server's models, the current one marked, and narrows them as you type", async () => {
    const { store } = await setUp();
    expect(header()).toContain('qwen3-coder-30b');
    await press(r!, '/model', KEYS.enter);
    await until(() => store.getState().modelPicker?.phase === 'ready', 'the list');
    let f = frame(r!);
    expect(f).toContain('qwen3-coder-30b (current)');
    expect(f).toContain('llama-3.3-70b');
    expect(f).toContain('unknown window');
    for (const ch of 'llama') await press(r!, ch);
    f = frame(r!);
    expect(f).toContain('filter: llama');
    expect(f).toContain('llama-3.3-70b');
    expect(f).not.toContain('qwen3-8b');
  });

  it('Enter switches the next request to the chosen model and the header follows; the conversation stays', async () => {
    const { store, agent } = await setUp();
    local!.enqueue(completion({ text: 'first answer' }));
    await collect(agent.run('one'));
    await press(r!, '/model', KEYS.enter);
    await until(() => store.getState().modelPicker?.phase === 'ready', 'the list');
    await press(r!, KEYS.down);
    await press(r!, KEYS.enter);
    await until(() => store.getState().mode === 'input', 'the switch');
    expect(header()).toContain('llama-3.3-70b');
    expect(agent.model).toBe('llama-3.3-70b');
    local!.enqueue(completion({ text: 'second answer' }));
    await collect(agent.run('two'));
    const sent = local!.completions().at(-1)!.body as { model: string; messages: { content: unknown }[] };
    expect(sent.model).toBe('llama-3.3-70b');
    expect(sent.messages.slice(1).map((m) => m.content)).toEqual(['one', 'first answer', 'two']);
  });

  it('Esc keeps the model; a filter matching nothing says so', async () => {
    const { store, agent } = await setUp();
    await press(r!, '/model', KEYS.enter);
    await until(() => store.getState().modelPicker?.phase === 'ready', 'the list');
    for (const ch of 'gpt') await press(r!, ch);
    expect(frame(r!)).toContain('no model matches “gpt”');
    await press(r!, KEYS.enter);
    expect(agent.model).toBe('qwen3-coder-30b');
    await press(r!, KEYS.esc);
    expect(store.getState().mode).toBe('input');
    expect(agent.model).toBe('qwen3-coder-30b');
  });
});
