// -p reading its prompt from a piped stdin, the json output's added fields, --max-turns: the real
// bin and SDK against the fake Messages API.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseArgs, STDIN_PROMPT } from '../../src/cli/args.js';
import { readStdinPrompt } from '../../src/cli/stdin-prompt.js';
import { Readable } from 'node:stream';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { ensureBuilt, finished, startBin, type BinResult } from './run-bin.js';

const KEY = 'sk-test-fake-stdin-0000000001';
let fake: FakeAnthropic;
let workspace: string;

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(async () => {
  fake = await startFakeAnthropic({ apiKey: KEY });
  workspace = await mkdtemp(join(tmpdir(), 'inkling-stdin-'));
});
afterEach(async () => {
  await fake.close();
  await rm(workspace, { recursive: true, force: true });
});

function inkling(args: string[], stdin: string | null, env: Record<string, string> = {}): Promise<BinResult> {
  const child = startBin(args, { cwd: workspace, env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url, ...env } });
  const done = finished(child);
  if (stdin !== null) child.stdin!.end(stdin);
  return done;
}
const firstPrompt = () => (fake.requests[0]!.body as { messages: { content: { text: string }[] }[] }).messages[0]!.content.at(-1)!.text;

describe('-p with the prompt on stdin', () => {
  it.each([[['-p', '-']], [['-p']], [['-p', '--output-format', 'text']], [['--print']]])('%j reads the piped prompt', async (args) => {
    fake.enqueue(reply({ text: 'Piped answer.' }));
    const r = await inkling(args, 'explain the piped prompt\n');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Piped answer.\n');
    expect(firstPrompt()).toBe('explain the piped prompt');
  });

  it('an empty stdin is a usage error (exit 2) and no request is sent', async () => {
    const r = await inkling(['-p'], '  \n');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/-p read an empty prompt from stdin/);
    expect(fake.requests).toHaveLength(0);
  });

  it('a prompt given as the value is used and stdin is not read (left open, it would hang otherwise)', async () => {
    fake.enqueue(reply({ text: 'Given.' }));
    const r = await inkling(['-p', 'given prompt'], null);
    expect(r.code).toBe(0);
    expect(firstPrompt()).toBe('given prompt');
  });

  it('parses -p before a flag or at the end as the stdin prompt, and --max-turns as --max-iterations', () => {
    expect(parseArgs(['-p']).print).toBe(STDIN_PROMPT);
    expect(parseArgs(['-p', '--model', 'x']).print).toBe(STDIN_PROMPT);
    expect(parseArgs(['-p', '-']).print).toBe(STDIN_PROMPT);
    expect(parseArgs(['-p', 'hello']).print).toBe('hello');
    expect(parseArgs(['--max-turns', '3']).maxIterations).toBe(3);
    expect(() => parseArgs(['--max-turns', '3', '--max-iterations', '4'])).toThrow(/more than once/);
  });

  it('a terminal on stdin is refused with a message saying how to give the prompt', async () => {
    const tty = Object.assign(Readable.from([]), { isTTY: true });
    await expect(readStdinPrompt(tty)).rejects.toThrow(/stdin is a terminal: give it one .* or pipe it in/);
  });
});

describe('-p --output-format json', () => {
  it('keeps the fields and adds session_id, cost_usd, num_turns and the cache counts in usage', async () => {
    fake.enqueue(reply({ text: 'Priced.', usage: { input_tokens: 1000, output_tokens: 100, cache_read_input_tokens: 2000, cache_creation_input_tokens: 400 } }));
    const r = await inkling(['-p', 'hi', '--output-format', 'json', '--model', 'claude-sonnet-4-6'], null);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['result', 'stop_reason', 'usage', 'duration_ms', 'turns', 'is_error', 'errors', 'session_id', 'cost_usd', 'num_turns']);
    expect(out).toMatchObject({ result: 'Priced.', turns: 1, num_turns: 1, usage: { inputTokens: 1000, outputTokens: 100, cacheReadTokens: 2000, cacheWriteTokens: 400 } });
    // Sonnet list prices: 3 in, 15 out, 0.3 cache read, 3.75 cache write per million.
    expect(out.cost_usd).toBeCloseTo((1000 * 3 + 100 * 15 + 2000 * 0.3 + 400 * 3.75) / 1e6, 10);
    expect(typeof out.session_id).toBe('string');
  });

  it('cost_usd is null for a model without a known price', async () => {
    fake.enqueue(reply({ text: 'Unpriced.' }));
    const r = await inkling(['-p', 'hi', '--output-format', 'json', '--model', 'some-local-model'], null);
    expect(JSON.parse(r.stdout).cost_usd).toBeNull();
  });

  it('--max-turns stops the turn like --max-iterations (exit 3)', async () => {
    fake.enqueue(reply({ toolUses: [{ name: 'list_files', input: {} }] }), reply({ toolUses: [{ name: 'list_files', input: {} }] }));
    const r = await inkling(['-p', 'loop', '--max-turns', '1'], null);
    expect(r.code).toBe(3);
    expect(fake.requests).toHaveLength(1);
  });
});
