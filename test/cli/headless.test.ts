// `inkling -p` end to end: the real bin, the real SDK and loop, against the fake Messages API.
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiError, overloaded, reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { ensureBuilt, finished, runBin, startBin, type BinResult } from './run-bin.js';

const KEY = 'sk-test-fake-7Hq2ZkP9wLmN4xR8';
let fake: FakeAnthropic;
let workspace: string;
const outputs: BinResult[] = [];

async function inkling(args: string[], env: Record<string, string> = {}): Promise<BinResult> {
  const result = await runBin(args, { cwd: workspace, env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url, ...env } });
  outputs.push(result);
  return result;
}

/** Text the model got back for each tool call of the previous response, from the recorded request. */
function toolResultsSent(requestIndex: number): { tool_use_id: string; is_error?: boolean }[] {
  const body = fake.requests[requestIndex].body as { messages: { role: string; content: unknown }[] };
  const last = body.messages.at(-1);
  return (last?.content as { type: string; tool_use_id: string; is_error?: boolean }[]).filter((b) => b.type === 'tool_result');
}

/** Pids whose command line contains `text` (read from /proc). */
async function processesRunning(text: string): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const cmdline = await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.split('\0').join(' ').includes(text)) pids.push(Number(name));
  }
  return pids;
}

beforeAll(() => ensureBuilt(), 120_000);

beforeEach(async () => {
  fake = await startFakeAnthropic({ apiKey: KEY });
  workspace = await mkdtemp(join(tmpdir(), 'inkling-cli-'));
  await writeFile(join(workspace, 'notes.txt'), 'alpha\nbeta\n');
});

afterEach(async () => {
  await fake.close();
  await rm(workspace, { recursive: true, force: true });
});

afterAll(() => {
  // Whatever happened in any run, the key never reached the terminal.
  for (const r of outputs) {
    expect(r.stdout).not.toContain(KEY);
    expect(r.stderr).not.toContain(KEY);
  }
});

const multiToolTurn = () => [
  reply({
    text: 'Let me look at two things.',
    toolUses: [
      { id: 'toolu_a', name: 'read_file', input: { path: 'notes.txt' } },
      { id: 'toolu_b', name: 'list_files', input: { path: '.' } },
      { id: 'toolu_c', name: 'bash', input: { command: 'wc -l notes.txt' } },
    ],
    usage: { input_tokens: 100, output_tokens: 20 },
  }),
  reply({ text: ['The notes say ', 'alpha and beta.'], usage: { input_tokens: 150, output_tokens: 10 } }),
];

describe('inkling -p', () => {
  it('runs a multi-tool turn and prints only the last answer (text)', async () => {
    fake.enqueue(...multiToolTurn());
    const r = await inkling(['-p', 'what do the notes say?']);
    expect(r.stderr).not.toMatch(/inkling:/);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('The notes say alpha and beta.\n');
    expect(fake.requests).toHaveLength(2);
    // Every tool call got a result, in the order the model asked, before the second request.
    expect(toolResultsSent(1).map((b) => b.tool_use_id)).toEqual(['toolu_a', 'toolu_b', 'toolu_c']);
    const first = fake.requests[0].body as { messages: { content: { text?: string }[] }[]; model: string };
    expect(first.messages[0].content[0].text).toBe('what do the notes say?');
  });

  it('prints one JSON object with result, stop_reason, usage, duration_ms and turns', async () => {
    fake.enqueue(...multiToolTurn());
    const r = await inkling(['-p', 'notes?', '--output-format', 'json']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]);
    expect(out).toMatchObject({
      result: 'The notes say alpha and beta.',
      stop_reason: 'end_turn',
      turns: 2,
      is_error: false,
      usage: { inputTokens: 250, outputTokens: 30 },
    });
    expect(typeof out.duration_ms).toBe('number');
  });

  it('prints the core events one JSON line each (stream-json)', async () => {
    fake.enqueue(...multiToolTurn());
    const r = await inkling(['-p', 'notes?', '--output-format=stream-json']);
    expect(r.code).toBe(0);
    const events = r.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; [k: string]: unknown });
    // The session comes first, so a script can resume it; the core's events follow as they are.
    expect(events[0]).toEqual({ type: 'session_start', session_id: expect.stringMatching(/^[0-9a-f-]{36}$/), model: expect.any(String) });
    expect(events[1]).toEqual({ type: 'turn_start', prompt: 'notes?' });
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'end_turn' });
    // All three are read-only (the bash command is proven so), so they may run side by side.
    const calls = events.filter((e) => e.type === 'tool_call');
    expect(calls.map((e) => [e.id, e.readOnly])).toEqual([['toolu_a', true], ['toolu_b', true], ['toolu_c', true]]);
    expect(events.filter((e) => e.type === 'tool_result').map((e) => e.id).sort()).toEqual(['toolu_a', 'toolu_b', 'toolu_c']);
    expect(events.filter((e) => e.type === 'message_end')).toHaveLength(2);
    // The registered file tools really ran: the read saw the file, the listing named it.
    const results = new Map(events.filter((e) => e.type === 'tool_result').map((e) => [e.id, e]));
    expect(results.get('toolu_a')).toMatchObject({ isError: false, content: expect.stringContaining('beta') });
    expect(results.get('toolu_b')).toMatchObject({ isError: false, content: expect.stringContaining('notes.txt') });
    expect(results.get('toolu_c')).toMatchObject({ isError: false, content: expect.stringMatching(/2 notes\.txt[\s\S]*Exit code: 0/) });
    const text = events.filter((e) => e.type === 'text_delta').map((e) => e.text).join('');
    expect(text).toBe('Let me look at two things.The notes say alpha and beta.');
  });

  it('fails fast on an auth error: one request, no retry, a clear message, exit 1', async () => {
    const r = await inkling(['-p', 'hi'], { ANTHROPIC_API_KEY: 'sk-test-wrong-key-000000' });
    expect(r.code).toBe(1);
    expect(fake.requests).toHaveLength(1);
    expect(r.stderr).toMatch(/401/);
    expect(r.stderr).toMatch(/ANTHROPIC_API_KEY/);
    expect(r.stderr).not.toContain('sk-test-wrong-key-000000');
    expect(r.stdout).toBe('');
  });

  it('says on stderr that it retries an overloaded API, then answers (exit 0)', async () => {
    fake.enqueue(overloaded({ 'retry-after': '0' }), reply({ text: 'made it' }));
    const r = await inkling(['-p', 'hi']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('made it\n');
    expect(r.stderr).toMatch(/inkling: retrying in [\d.]+ s \([^)]*529[^)]*\), attempt 1/);
    expect(r.stderr).not.toMatch(/529 529/);
    expect(fake.requests).toHaveLength(2);
  });

  it('retries a response cut mid-stream by itself: exit 0, and the cut part is never sent back', async () => {
    fake.enqueue(reply({ text: ['The first ', 'half'], end: 'cut' }), reply({ text: 'The whole answer.' }));
    const r = await inkling(['-p', 'hi']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('The whole answer.\n');
    expect(r.stderr).toMatch(/inkling: retrying in [\d.]+ s \(connection lost; the partial answer is discarded\), attempt 1\n/);
    expect(fake.requests).toHaveLength(2);
    expect((fake.requests[1].body as { messages: unknown[] }).messages).toEqual((fake.requests[0].body as { messages: unknown[] }).messages);
  });

  it("says the SDK's deprecation warning for an old model once on stderr, however many requests", async () => {
    fake.enqueue(reply({ toolUses: [{ name: 'list_files', input: {} }] }), reply({ text: 'done' }));
    const r = await inkling(['-p', 'hi', '--model', 'claude-sonnet-4-5']);
    expect(r.code).toBe(0);
    expect(fake.requests).toHaveLength(2);
    expect(r.stderr.match(/is deprecated/g)).toHaveLength(1);
    expect(r.stderr).toMatch(/^inkling: The model 'claude-sonnet-4-5' is deprecated and will reach end-of-life on .+\. Please migrate/m);
    expect(r.stdout).toBe('done\n');
  });

  it('scrubs the key even when an API error message repeats it', async () => {
    fake.enqueue(apiError(400, 'invalid_request_error', `bad request from key ${KEY}`));
    const r = await inkling(['-p', 'hi', '--output-format', 'json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/bad request from key/);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ stop_reason: 'error', is_error: true });
    expect(JSON.stringify(out.errors)).toMatch(/bad request/);
    // afterAll checks that KEY itself is in no output.
  });

  it('exits 3 with a message when the iteration cap ends the turn', async () => {
    fake.enqueue(reply({ toolUses: [{ name: 'list_files', input: { path: '.' } }] }), { kind: 'repeat' });
    const r = await inkling(['-p', 'loop', '--max-iterations', '2']);
    expect(r.code).toBe(3);
    expect(fake.requests).toHaveLength(2);
    expect(r.stderr).toMatch(/inkling: .*2/);
  });

  it('exits 4 when the answer was cut at max tokens, still printing what came', async () => {
    fake.enqueue(reply({ text: 'A long answer that', stopReason: 'max_tokens' }));
    const r = await inkling(['-p', 'essay', '--max-tokens', '50']);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('A long answer that\n');
    expect(r.stderr).toMatch(/--max-tokens/);
    const body = fake.requests[0].body as { max_tokens: number };
    expect(body.max_tokens).toBe(50);
  });

  it('sends --model and the thinking budget from flags, the key from the workspace .env, to a prefixed endpoint', async () => {
    // Compatible endpoints (DeepSeek's, for one) live under a path prefix.
    const prefixed = await startFakeAnthropic({ apiKey: KEY, pathPrefix: '/anthropic' });
    await writeFile(join(workspace, '.env'), `# local settings\nANTHROPIC_API_KEY="${KEY}"\nANTHROPIC_MODEL=from-dotenv\n`);
    prefixed.enqueue(reply({ text: 'ok' }));
    const r = await runBin(['-p', 'hi', '--model', 'from-flag', '--thinking', '2048'], {
      cwd: workspace,
      env: { ANTHROPIC_BASE_URL: `${prefixed.url}/` },
    }).finally(() => prefixed.close());
    outputs.push(r);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(prefixed.requests[0].path).toBe('/anthropic/v1/messages');
    const body = prefixed.requests[0].body as { model: string; thinking?: { budget_tokens?: number }; max_tokens: number };
    expect(body.model).toBe('from-flag');
    expect(body.thinking?.budget_tokens).toBe(2048);
    expect(body.max_tokens).toBeGreaterThan(2048);
  });

  it('scrubs the key from tool output too, when the model reads the .env that holds it', async () => {
    await writeFile(join(workspace, '.env'), `ANTHROPIC_API_KEY=${KEY}\n`);
    fake.enqueue(reply({ toolUses: [{ id: 'toolu_env', name: 'read_file', input: { path: '.env' } }] }), reply({ text: 'read it' }));
    const r = await runBin(['-p', 'show .env', '--output-format', 'stream-json'], { cwd: workspace, env: { ANTHROPIC_BASE_URL: fake.url } });
    outputs.push(r);
    expect(r.code).toBe(0);
    const result = r.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l)).find((e) => e.type === 'tool_result');
    expect(result).toMatchObject({ id: 'toolu_env', isError: false });
    expect(result.content).toContain('ANTHROPIC_API_KEY=[redacted]');
    // Nor does the model get it: the next request carries the redacted result.
    expect(JSON.stringify(fake.requests.at(-1)!.body)).not.toContain(KEY);
    expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain('ANTHROPIC_API_KEY=[redacted]');
  });
});

describe('inkling -p without a model', () => {
  it('refuses without an API key, saying how to set one or use --demo (exit 2)', async () => {
    const r = await runBin(['-p', 'hi'], { cwd: workspace });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/ANTHROPIC_API_KEY/);
    expect(r.stderr).toMatch(/--demo/);
    expect(r.stdout).toBe('');
  });

  it('runs the demo model with --demo: says it is the demo, how to connect, and writes nothing', async () => {
    const before = await readdir(workspace);
    const r = await runBin(['-p', 'hello', '--demo', '--output-format', 'json'], { cwd: workspace });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.result).toMatch(/demo model/);
    expect(out.result).toMatch(/ANTHROPIC_API_KEY/);
    expect(out.turns).toBe(3);
    expect(await readdir(workspace)).toEqual(before);
  });

  it('stops cleanly on SIGINT mid-stream (exit 130, turn_end aborted)', async () => {
    const script = join(workspace, 'slow.json');
    await writeFile(script, JSON.stringify([{ content: [{ type: 'text', text: 'slow '.repeat(400) }], chunk_chars: 5, chunk_delay_ms: 20 }]));
    const child = startBin(['-p', 'go', '--script', script, '--output-format', 'stream-json'], { cwd: workspace });
    const done = finished(child);
    await new Promise<void>((resolve) => {
      let seen = '';
      child.stdout?.on('data', (d: string) => {
        seen += d;
        if (seen.includes('"text_delta"')) resolve();
      });
    });
    child.kill('SIGINT');
    const r = await done;
    outputs.push(r);
    expect(r.code).toBe(130);
    const last = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}');
    expect(last).toEqual({ type: 'turn_end', reason: 'aborted' });
    expect(r.stderr).toMatch(/interrupted/);
  });

  it('on SIGTERM mid-command ends the turn cleanly: exit 143 and the command is gone', async () => {
    const marker = `sleep 31.${process.pid}`;
    const script = join(workspace, 'sleep.json');
    await writeFile(script, JSON.stringify([{ content: [{ type: 'tool_use', id: 'toolu_sleep', name: 'bash', input: { command: marker } }] }]));
    const child = startBin(['-p', 'go', '--script', script, '--output-format', 'stream-json'], { cwd: workspace });
    const done = finished(child);
    await new Promise<void>((resolve) => {
      let seen = '';
      child.stdout?.on('data', (d: string) => {
        seen += d;
        // The command has printed its first snapshot or is running: it exists now.
        if (seen.includes('"id":"toolu_sleep","status":"running"')) resolve();
      });
    });
    child.kill('SIGTERM');
    const r = await done;
    outputs.push(r);
    expect(r.code).toBe(143);
    const events = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(events.at(-1)).toEqual({ type: 'turn_end', reason: 'aborted' });
    expect(events.find((e) => e.type === 'tool_result')).toMatchObject({ id: 'toolu_sleep', isError: true });
    expect(await processesRunning(marker)).toEqual([]);
  });

  it('reports an unusable --script as a configuration error (exit 2)', async () => {
    await writeFile(join(workspace, 'bad.json'), '{"responses": 3}');
    const r = await runBin(['-p', 'hi', '--script', 'bad.json'], { cwd: workspace });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.json.*responses/);
  });
});
