// --provider and --base-url: which preset, address, key and model a run resolves to.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError, parseArgs } from '../../src/cli/args.js';
import { SECRET_ENV_NAMES, resolveConfig } from '../../src/cli/config.js';
import { PROVIDER_KEY_ENV } from '../../src/core/config/env-settings.js';
import { isLoopbackUrl, PRESETS, PROVIDER_NAMES } from '../../src/core/providers/presets.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inkling-provider-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

// INKLING_HOME from test/setup.ts: never the person's own settings.
const resolve = (argv: string[], env: Record<string, string> = {}) => resolveConfig(parseArgs(argv), { INKLING_HOME: process.env.INKLING_HOME!, ...env }, dir);

describe('--provider', () => {
  it('sets base URL, key variable and default model per preset', async () => {
    const cases = [
      [['--provider', 'deepseek'], { DEEPSEEK_API_KEY: 'sk-test-fake-ds-0001' }, 'https://api.deepseek.com', 'deepseek-chat'],
      [['--provider', 'qwen'], { DASHSCOPE_API_KEY: 'sk-test-fake-qw-0001' }, 'https://dashscope-intl.aliyuncs.com/compatible-mode/v1', 'qwen3-coder-plus'],
      [['--provider', 'openrouter'], { OPENROUTER_API_KEY: 'sk-test-fake-or-0001' }, 'https://openrouter.ai/api/v1', 'qwen/qwen3-coder'],
      [['--provider', 'openai'], { OPENAI_API_KEY: 'sk-test-fake-oa-0001' }, 'https://api.openai.com/v1', 'gpt-5'],
    ] as const;
    for (const [argv, env, baseURL, model] of cases) {
      const config = await resolve(['-p', 'hi', ...argv], env);
      expect(config.provider).toEqual({ kind: 'openai', preset: argv[1], baseURL, apiKey: Object.values(env)[0] });
      expect(config.model).toBe(model);
      expect(config.discoverModel).toBe(false);
      expect(config.secrets).toEqual(Object.values(env));
    }
  });

  it('needs no key for the local presets, and takes their model from the server unless named', async () => {
    for (const name of ['ollama', 'vllm', 'llamacpp'] as const) {
      const config = await resolve(['-p', 'hi', '--provider', name]);
      expect(config.provider).toEqual({ kind: 'openai', preset: name, baseURL: PRESETS[name].baseURL });
      expect(config).toMatchObject({ model: '', discoverModel: true });
    }
    const named = await resolve(['--provider', 'ollama', '--model', 'qwen3:8b']);
    expect(named).toMatchObject({ model: 'qwen3:8b', discoverModel: false });
    expect((await resolve(['--provider', 'vllm'], { OPENAI_MODEL: 'served' })).model).toBe('served');
  });

  it('lets --base-url apply to whichever provider is chosen, and OPENAI_BASE_URL to openai only', async () => {
    const env = { OPENAI_BASE_URL: 'http://10.0.0.5:9000/v1/', DEEPSEEK_API_KEY: 'sk-test-fake-ds-0002', OPENAI_API_KEY: 'sk-test-fake-oa-0002' };
    const openai = await resolve(['--provider', 'openai'], env);
    expect(openai.provider).toMatchObject({ baseURL: 'http://10.0.0.5:9000/v1' });
    // Not OpenAI's own API, so the first model the server lists.
    expect(openai.discoverModel).toBe(true);
    expect((await resolve(['--provider', 'deepseek'], env)).provider).toMatchObject({ baseURL: 'https://api.deepseek.com' });
    expect((await resolve(['--provider', 'deepseek', '--base-url', 'https://proxy.example/ds'], env)).provider).toMatchObject({ baseURL: 'https://proxy.example/ds' });
    const claude = await resolve(['--base-url', 'https://gateway.example/anthropic'], { ANTHROPIC_API_KEY: 'sk-test-fake-an-0001' });
    expect(claude.provider).toEqual({ kind: 'anthropic', apiKey: 'sk-test-fake-an-0001', baseURL: 'https://gateway.example/anthropic' });
    await expect(resolve(['--provider', 'vllm', '--base-url', 'ftp://x'])).rejects.toThrow('--base-url must be an http(s) URL: "ftp://x"');
  });

  it('needs no key when the base URL is on this machine, whatever the preset', async () => {
    const config = await resolve(['-p', 'hi', '--provider', 'openai', '--base-url', 'http://127.0.0.1:4010/v1']);
    expect(config.provider).toEqual({ kind: 'openai', preset: 'openai', baseURL: 'http://127.0.0.1:4010/v1' });
    for (const url of ['http://localhost:1/v1', 'http://[::1]:8080', 'http://127.8.9.10/']) expect(isLoopbackUrl(url)).toBe(true);
    for (const url of ['http://10.0.0.1/', 'https://localhost.example.com/', 'not a url']) expect(isLoopbackUrl(url)).toBe(false);
  });

  it('says which key is missing for a preset that needs one, in both modes', async () => {
    await expect(resolve(['-p', 'hi', '--provider', 'deepseek'])).rejects.toThrow(
      'no API key for DeepSeek: set DEEPSEEK_API_KEY (in the environment or a .env file in the workspace)',
    );
    await expect(resolve(['--provider', 'openrouter'], { ANTHROPIC_API_KEY: 'sk-test-fake-an-0002' })).rejects.toThrow(/OPENROUTER_API_KEY/);
  });

  it('never guesses the provider from which key is set', async () => {
    await expect(resolve(['-p', 'hi'], { OPENAI_API_KEY: 'sk-test-fake-oa-0003', DEEPSEEK_API_KEY: 'sk-test-fake-ds-0003' })).rejects.toThrow(
      /no API key: set ANTHROPIC_API_KEY/,
    );
    expect((await resolve([], { OPENAI_API_KEY: 'sk-test-fake-oa-0003' })).provider).toEqual({ kind: 'demo', reason: 'no-key' });
  });

  it('applies ANTHROPIC_MODEL to anthropic only, and reads keys from the workspace .env', async () => {
    await writeFile(join(dir, '.env'), 'DASHSCOPE_API_KEY=sk-test-fake-qw-dotenv\nANTHROPIC_MODEL=claude-opus-4-7\n');
    const qwen = await resolve(['--provider', 'qwen']);
    expect(qwen.model).toBe('qwen3-coder-plus');
    expect(qwen.provider).toMatchObject({ apiKey: 'sk-test-fake-qw-dotenv' });
    expect((await resolve([], { ANTHROPIC_API_KEY: 'sk-test-fake-an-0003' })).model).toBe('claude-opus-4-7');
  });

  it('refuses an unknown provider, and --provider beside --demo or --script', async () => {
    await expect(resolve(['--provider', 'gemini'])).rejects.toThrow(UsageError);
    await expect(resolve(['--provider', 'gemini'])).rejects.toThrow(`--provider must be one of ${PROVIDER_NAMES.join(', ')} (got "gemini")`);
    await expect(resolve(['--demo', '--provider', 'ollama'])).rejects.toThrow(/--demo replaces the model/);
    await expect(resolve(['--script', 's.json', '--base-url', 'http://127.0.0.1:1'])).rejects.toThrow(/--script replaces the model/);
  });

  it('turns --thinking into the preset’s own switch, or refuses it where there is none', async () => {
    expect((await resolve(['--provider', 'qwen', '--thinking', '2048'], { DASHSCOPE_API_KEY: 'sk-test-fake-qw-0004' })).thinkingBudget).toBe(2048);
    await expect(resolve(['--provider', 'deepseek', '--thinking', '2048'], { DEEPSEEK_API_KEY: 'sk-test-fake-ds-0004' })).rejects.toThrow(
      '--thinking is not available with provider deepseek: DeepSeek thinks with --model deepseek-reasoner',
    );
  });
});

describe('the secret variable names', () => {
  it("include every preset's key variable, the same the settings read", () => {
    for (const name of PROVIDER_NAMES) {
      const key = PRESETS[name].keyEnv;
      expect(key ?? null).toBe(PROVIDER_KEY_ENV[name]);
      if (key) expect(SECRET_ENV_NAMES).toContain(key);
    }
  });
});
