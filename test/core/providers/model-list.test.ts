// The models /model offers: GET /models of an OpenAI-compatible server (asked once per session),
// the catalog for Anthropic; catalog facts for known models, "unknown" (null) for the rest.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listModels, ModelListError } from '../../../src/core/providers/model-list.js';
import { contextWindow, estimateCost, modelInfo } from '../../../src/core/providers/models.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai.js';

let fake: FakeOpenAI;
beforeEach(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-test-fake-list-0001', models: ['deepseek-chat', 'my-finetune'] });
});
afterEach(async () => {
  await fake.close();
});

describe('listModels', () => {
  it("lists a server's models in its order, with the catalog's window or null, and asks only once", async () => {
    const source = { api: 'openai' as const, baseURL: fake.url, apiKey: 'sk-test-fake-list-0001', title: 'DeepSeek' };
    const first = await listModels(source);
    expect(first).toEqual([
      { id: 'deepseek-chat', contextWindow: 128_000 },
      { id: 'my-finetune', contextWindow: null },
    ]);
    expect(await listModels(source)).toEqual(first);
    expect(fake.requests.map((r) => [r.method, r.path, r.auth])).toEqual([['GET', '/v1/models', 'bearer']]);
    await listModels(source, { refresh: true });
    expect(fake.requests).toHaveLength(2);
  });

  it('says where and why when the server refuses, and asks again next time', async () => {
    const source = { api: 'openai' as const, baseURL: fake.url, apiKey: 'sk-test-fake-wrong-0001', title: 'OpenAI' };
    const err = await listModels(source).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelListError);
    expect((err as ModelListError).status).toBe(401);
    expect((err as Error).message).toMatch(new RegExp(`^OpenAI answered 401 to GET ${fake.url}/models: .*Incorrect API key`));
    await listModels(source).catch(() => undefined);
    expect(fake.requests).toHaveLength(2);
  });

  it('lists the catalog for Anthropic without a request', async () => {
    const models = await listModels({ api: 'anthropic' });
    expect(models.map((m) => m.id)).toContain('claude-sonnet-4-6');
    expect(models.every((m) => m.contextWindow === 200_000)).toBe(true);
  });
});

describe('the model catalog', () => {
  it('knows the presets’ default models, matches other providers’ slugs, and guesses nothing', () => {
    for (const id of ['claude-sonnet-4-6', 'gpt-5', 'deepseek-chat', 'qwen3-coder-plus', 'qwen/qwen3-coder']) expect(modelInfo(id)?.id).toBe(id);
    expect(contextWindow('anthropic/claude-sonnet-4.6')).toBe(200_000);
    expect(contextWindow('qwen3:8b')).toBeNull();
    expect(contextWindow('gpt-5-nano-unknown-variant')).toBeNull();
    const usage = { inputTokens: 1_000_000, outputTokens: 1_000_000, cacheReadTokens: 1_000_000, cacheWriteTokens: 0 };
    expect(estimateCost('deepseek-chat', usage)).toBeCloseTo(0.28 + 0.42 + 0.028);
    expect(estimateCost('qwen3-coder-plus', usage)).toBeNull();
    expect(estimateCost('my-finetune', usage)).toBeNull();
  });

  it('keeps the older Claude families for prices and windows, without offering them in /model', async () => {
    const usage = { inputTokens: 1_000_000, outputTokens: 1_000_000, cacheReadTokens: 0, cacheWriteTokens: 0 };
    expect(estimateCost('claude-3-opus-20240229', usage)).toBeCloseTo(15 + 75);
    expect(estimateCost('claude-3-haiku-20240307', usage)).toBeCloseTo(0.25 + 1.25);
    expect(estimateCost('claude-opus-4-6', usage)).toBeCloseTo(5 + 25);
    expect(contextWindow('claude-2.1')).toBe(200_000);
    const offered = (await listModels({ api: 'anthropic' })).map((m) => m.id);
    expect(offered).not.toContain('claude-opus-4-0');
    expect(offered).not.toContain('claude');
  });
});
