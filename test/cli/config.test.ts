import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError, parseArgs } from '../../src/cli/args.js';
import { DEFAULT_MAX_TOKENS, DEFAULT_MODEL, parseDotEnv, resolveConfig } from '../../src/cli/config.js';
import { createRedactor } from '../../src/core/redact.js';
import { recordTrust } from '../../src/core/config/trust.js';

let dir: string;
let home: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inkling-config-'));
  home = await mkdtemp(join(tmpdir(), 'inkling-home-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

const resolve = (argv: string[], env: Record<string, string> = {}) => resolveConfig(parseArgs(argv), { INKLING_HOME: home, ...env }, dir);

describe('resolveConfig', () => {
  it('uses the Anthropic API when a key is set, with the defaults', async () => {
    const config = await resolve(['-p', 'hi'], { ANTHROPIC_API_KEY: 'sk-env-key-123' });
    expect(config).toMatchObject({
      mode: 'print',
      prompt: 'hi',
      outputFormat: 'text',
      workspaceRoot: dir,
      provider: { kind: 'anthropic', apiKey: 'sk-env-key-123' },
      model: DEFAULT_MODEL,
      maxTokens: DEFAULT_MAX_TOKENS,
      maxIterations: 50,
      yolo: false,
      secrets: ['sk-env-key-123'],
    });
    expect(config.thinkingBudget).toBeUndefined();
    expect(config.idleTimeoutMs).toBeUndefined();
  });

  it('lets flags beat the environment and the environment beat .env (in a trusted workspace)', async () => {
    await writeFile(
      join(dir, '.env'),
      'export ANTHROPIC_API_KEY=sk-dotenv-key-1\nANTHROPIC_MODEL="dotenv-model" # comment\nANTHROPIC_BASE_URL=http://dotenv.example/\n',
    );
    // Changed by workspace trust: an untrusted .env may no longer choose the endpoint (test below).
    await recordTrust(join(home, 'trust.json'), dir);
    const fromDotenv = await resolve([]);
    expect(fromDotenv.provider).toEqual({ kind: 'anthropic', apiKey: 'sk-dotenv-key-1', baseURL: 'http://dotenv.example' });
    expect(fromDotenv.model).toBe('dotenv-model');

    const fromEnv = await resolve([], { ANTHROPIC_MODEL: 'env-model', ANTHROPIC_API_KEY: 'sk-env-key-2' });
    expect(fromEnv.model).toBe('env-model');
    expect(fromEnv.provider).toMatchObject({ apiKey: 'sk-env-key-2', baseURL: 'http://dotenv.example' });

    const fromFlag = await resolve(['--model', 'flag-model'], { ANTHROPIC_MODEL: 'env-model' });
    expect(fromFlag.model).toBe('flag-model');
  });

  it("ignores an untrusted .env's endpoint and the key it brought for it, and says so", async () => {
    await writeFile(join(dir, '.env'), 'ANTHROPIC_API_KEY=sk-dotenv-key-1\nANTHROPIC_BASE_URL=http://evil.example/\nANTHROPIC_MODEL=dotenv-model\n');
    const config = await resolve([], { ANTHROPIC_API_KEY: 'sk-env-key-2' });
    expect(config.provider).toEqual({ kind: 'anthropic', apiKey: 'sk-env-key-2' });
    expect(config.model).toBe('dotenv-model');
    expect(config.report?.trust.ignored.map((i) => i.key)).toEqual(['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL']);
    // --trust-workspace applies it for the run.
    const trusted = await resolve(['--trust-workspace'], { ANTHROPIC_API_KEY: 'sk-env-key-2' });
    expect(trusted.provider).toEqual({ kind: 'anthropic', apiKey: 'sk-env-key-2', baseURL: 'http://evil.example' });
  });

  it('reads .env from the --cwd workspace', async () => {
    await mkdir(join(dir, 'ws'));
    await writeFile(join(dir, 'ws', '.env'), 'ANTHROPIC_API_KEY=sk-ws-key-0001\n');
    const config = await resolve(['--cwd', 'ws']);
    expect(config.workspaceRoot).toBe(join(dir, 'ws'));
    expect(config.provider).toMatchObject({ kind: 'anthropic', apiKey: 'sk-ws-key-0001' });
  });

  it('starts on the demo model without a key, and says why', async () => {
    expect((await resolve([])).provider).toEqual({ kind: 'demo', reason: 'no-key' });
    expect((await resolve(['--demo'], { ANTHROPIC_API_KEY: 'sk-env-key-123' })).provider).toEqual({ kind: 'demo', reason: 'flag' });
    expect((await resolve(['-p', 'x', '--demo'])).provider).toEqual({ kind: 'demo', reason: 'flag' });
    expect((await resolve(['--script', 's.json'])).provider).toEqual({ kind: 'script', path: join(dir, 's.json') });
  });

  it('refuses -p without a key unless --demo or --script', async () => {
    await expect(resolve(['-p', 'hi'])).rejects.toThrow(UsageError);
    await expect(resolve(['-p', 'hi'])).rejects.toThrow(/ANTHROPIC_API_KEY.*--demo/);
    await expect(resolve(['-p', 'hi'], { ANTHROPIC_API_KEY: '   ' })).rejects.toThrow(/no API key/);
  });

  it('makes room for the answer when thinking is on, and checks the budget', async () => {
    const env = { ANTHROPIC_API_KEY: 'sk-env-key-123' };
    const on = await resolve(['--thinking', '4000'], env);
    expect(on.thinkingBudget).toBe(4000);
    expect(on.maxTokens).toBe(4000 + DEFAULT_MAX_TOKENS);
    await expect(resolve(['--thinking', '500'], env)).rejects.toThrow(/at least 1024/);
    await expect(resolve(['--thinking', '4000', '--max-tokens', '4000'], env)).rejects.toThrow(/less than --max-tokens/);
  });

  it('reads the idle timeout from the environment and rejects nonsense', async () => {
    const env = { ANTHROPIC_API_KEY: 'sk-env-key-123' };
    expect((await resolve([], { ...env, INKLING_STREAM_IDLE_TIMEOUT_MS: '1500' })).idleTimeoutMs).toBe(1500);
    await expect(resolve([], { ...env, INKLING_STREAM_IDLE_TIMEOUT_MS: 'soon' })).rejects.toThrow(/INKLING_STREAM_IDLE_TIMEOUT_MS/);
  });

  it.each([
    [['--cwd', 'missing'], {}, /not a directory \(from --cwd\)/],
    [['--output-format', 'json'], {}, /only applies with -p/],
    [['--demo', '--script', 'a.json'], {}, /give one of them/],
    [[], { ANTHROPIC_API_KEY: 'sk-env-key-123', ANTHROPIC_BASE_URL: 'not a url' }, /ANTHROPIC_BASE_URL: expected an http\(s\) URL, got "not a url"/],
    [[], { ANTHROPIC_API_KEY: 'sk-env-key-123', ANTHROPIC_BASE_URL: 'ftp://x' }, /http\(s\)/],
  ])('rejects %j %j', async (argv, env, message) => {
    await expect(resolve(argv, env)).rejects.toThrow(message);
  });
});

describe('parseDotEnv', () => {
  it('reads the forms people write and skips the rest', () => {
    expect(
      parseDotEnv(
        [
          '# comment',
          '',
          'A=1',
          'export B = two words ',
          "C='single # kept'",
          'D="line\\nbreak"',
          'E=value # trailing comment',
          'not a line',
          'F=',
        ].join('\r\n'),
      ),
    ).toEqual({ A: '1', B: 'two words', C: 'single # kept', D: 'line\nbreak', E: 'value', F: '' });
  });
});

describe('createRedactor', () => {
  it('replaces every occurrence of each secret, longest first', () => {
    const scrub = createRedactor(['sk-abcdef123', 'sk-abcdef123-long', undefined, 'short']);
    expect(scrub('key sk-abcdef123-long and sk-abcdef123 twice sk-abcdef123')).toBe('key [redacted] and [redacted] twice [redacted]');
    // Values too short to be keys would redact ordinary words.
    expect(scrub('short')).toBe('short');
    expect(createRedactor([])('sk-abcdef123')).toBe('sk-abcdef123');
  });
});
