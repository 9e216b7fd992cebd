// `inkling --provider … -p` end to end: the real bin, the real openai SDK and loop, against the
// fake OpenAI-compatible server (and the fake Anthropic one for --provider anthropic).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reply, startFakeAnthropic } from '../helpers/fake-anthropic.js';
import { call, completion, httpError, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { ensureBuilt, runBin, type BinResult } from './run-bin.js';

const KEY = 'sk-test-fake-openai-9Zq2LmP4wXcV';
let fake: FakeOpenAI;
let workspace: string;
const outputs: BinResult[] = [];

async function inkling(args: string[], env: Record<string, string> = {}): Promise<BinResult> {
  const result = await runBin(args, { cwd: workspace, env });
  outputs.push(result);
  return result;
}

beforeAll(() => ensureBuilt(), 120_000);

beforeEach(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY, models: ['served-model', 'other-model'] });
  workspace = await mkdtemp(join(tmpdir(), 'inkling-cli-openai-'));
  await writeFile(join(workspace, 'notes.txt'), 'alpha\nbeta\n');
});

afterEach(async () => {
  await fake.close();
  await rm(workspace, { recursive: true, force: true });
});

afterAll(() => {
  for (const r of outputs) {
    expect(r.stdout).not.toContain(KEY);
    expect(r.stderr).not.toContain(KEY);
  }
});

type Sent = { model: string; messages: { role: string; content: unknown; tool_call_id?: string; tool_calls?: { id: string }[] }[]; [k: string]: unknown };
const sent = (i: number) => fake.completions()[i]!.body as Sent;

describe('inkling --provider openai -p', () => {
  it('completes a multi-tool turn: three parallel calls, results back in order with matching ids', async () => {
    fake.enqueue(
      completion({
        text: 'Let me look.',
        toolCalls: [call('read_file', { path: 'notes.txt' }, 'call_a'), call('list_files', { path: '.' }, 'call_b'), call('bash', { command: 'wc -l notes.txt' }, 'call_c')],
        usage: { prompt_tokens: 100, completion_tokens: 20, cached_tokens: 60 },
      }),
      completion({ text: ['The notes say ', 'alpha and beta.'], usage: { prompt_tokens: 150, completion_tokens: 10 } }),
    );
    const r = await inkling(['--provider', 'openai', '--base-url', fake.url, '-p', 'what do the notes say?', '--output-format', 'json'], { OPENAI_API_KEY: KEY });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      result: 'The notes say alpha and beta.',
      stop_reason: 'end_turn',
      turns: 2,
      usage: { inputTokens: 190, outputTokens: 30, cacheReadTokens: 60 },
    });
    // No --model and not OpenAI's own address: the first model the server lists, asked with the key.
    expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models', auth: 'bearer' });
    expect(sent(0).model).toBe('served-model');
    const second = sent(1).messages;
    expect(second.filter((m) => m.role === 'assistant')[0]!.tool_calls!.map((c) => c.id)).toEqual(['call_a', 'call_b', 'call_c']);
    const results = second.filter((m) => m.role === 'tool');
    expect(results.map((m) => m.tool_call_id)).toEqual(['call_a', 'call_b', 'call_c']);
    expect(results[0]!.content).toContain('beta');
    expect(results[1]!.content).toContain('notes.txt');
    expect(results[2]!.content).toMatch(/2 notes\.txt[\s\S]*Exit code: 0/);
  });

  it('fails fast on a 401: one request, no retry, the key variable named, exit 1', async () => {
    const r = await inkling(['--provider', 'openai', '--base-url', fake.url, '--model', 'm', '-p', 'hi'], { OPENAI_API_KEY: 'sk-test-wrong-openai-0000' });
    expect(r.code).toBe(1);
    expect(fake.completions()).toHaveLength(1);
    expect(r.stderr).toContain('OpenAI API error 401: Incorrect API key provided.');
    expect(r.stderr).toContain('(check OPENAI_API_KEY, and the base URL');
    expect(r.stderr).not.toContain('sk-test-wrong-openai-0000');
  });

  it('retries a 429 visibly on stderr, then answers', async () => {
    fake.enqueue(httpError(429, 'Rate limit reached', { 'retry-after': '0' }), completion({ text: 'made it' }));
    const r = await inkling(['--provider', 'openai', '--base-url', fake.url, '--model', 'm', '-p', 'hi'], { OPENAI_API_KEY: KEY });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('made it\n');
    expect(r.stderr).toMatch(/^inkling: retrying in 0\.0 s \(429 rate limit\), attempt 1\n$/);
  });

  it('names the model when the server cannot use tools (exit 1)', async () => {
    const noTools = await startFakeOpenAI({ refuseTools: 'registry.ollama.ai/library/gemma:2b does not support tools' });
    try {
      const r = await inkling(['--provider', 'ollama', '--base-url', noTools.url, '--model', 'gemma:2b', '-p', 'hi']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('inkling: this model (gemma:2b) does not accept tools; pick another with /model or --model');
    } finally {
      await noTools.close();
    }
  });

  it('says the server is not there when the model must be asked of it (exit 1)', async () => {
    const gone = await startFakeOpenAI();
    await gone.close();
    const r = await inkling(['--provider', 'vllm', '--base-url', gone.url, '-p', 'hi']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^inkling: cannot list the models of vLLM at ${gone.url}/models \\(fetch failed.*ECONNREFUSED.*\\); is the server running\\? Or name a model with --model\\n$`));
  });
});

describe('every preset against the fake server', () => {
  // What each preset sends differently; the rest of every request is the same.
  const presets = [
    { name: 'openai', env: { OPENAI_API_KEY: KEY }, model: 'served-model', tokens: 'max_completion_tokens', auth: 'bearer' },
    { name: 'deepseek', env: { DEEPSEEK_API_KEY: KEY }, model: 'deepseek-chat', tokens: 'max_tokens', auth: 'bearer' },
    { name: 'qwen', env: { DASHSCOPE_API_KEY: KEY }, model: 'qwen3-coder-plus', tokens: 'max_tokens', auth: 'bearer' },
    { name: 'openrouter', env: { OPENROUTER_API_KEY: KEY }, model: 'qwen/qwen3-coder', tokens: 'max_tokens', auth: 'bearer', header: ['x-title', 'inkling'] },
    { name: 'ollama', env: {}, model: 'served-model', tokens: 'max_tokens', auth: 'none' },
    { name: 'vllm', env: {}, model: 'served-model', tokens: 'max_tokens', auth: 'none' },
    { name: 'llamacpp', env: {}, model: 'served-model', tokens: 'max_tokens', auth: 'none' },
  ] as const;

  it.each(presets)('--provider $name --base-url <fake> -p answers', async (p) => {
    const open = await startFakeOpenAI({ models: ['served-model'] });
    try {
      open.enqueue(completion({ reasoning: 'thinking first', toolCalls: [call('read_file', { path: 'notes.txt' })] }), completion({ text: `hello from ${p.name}` }));
      const r = await inkling(['--provider', p.name, '--base-url', open.url, '-p', 'hi'], p.env);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`hello from ${p.name}\n`);
      const [first, second] = open.completions();
      expect(first!.auth).toBe(p.auth);
      const body = second!.body as Sent;
      expect(body.model).toBe(p.model);
      expect(body[p.tokens]).toBe(8192);
      expect(body.stream_options).toEqual({ include_usage: true });
      if ('header' in p) expect(first!.headers[p.header[0]]).toBe(p.header[1]);
      // Only DeepSeek gets its reasoning back within the tool loop.
      const assistant = body.messages.find((m) => m.role === 'assistant') as Record<string, unknown>;
      expect(assistant.reasoning_content).toBe(p.name === 'deepseek' ? 'thinking first' : undefined);
    } finally {
      await open.close();
    }
  });

  it('--provider anthropic --base-url <fake> -p answers', async () => {
    const claude = await startFakeAnthropic({ apiKey: KEY });
    try {
      claude.enqueue(reply({ text: 'hello from anthropic' }));
      const r = await inkling(['--provider', 'anthropic', '--base-url', claude.url, '-p', 'hi'], { ANTHROPIC_API_KEY: KEY });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('hello from anthropic\n');
      expect((claude.requests[0]!.body as { model: string }).model).toBe('claude-sonnet-4-6');
    } finally {
      await claude.close();
    }
  });
});
