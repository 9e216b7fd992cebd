// Sessions through the real bin against the fake Messages API: -p records a session, --continue
// and --resume go on with it (checked in the request the model receives), and a run killed with
// kill -9 at random moments always leaves a session that resumes with a valid history.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { ensureBuilt, finished, runBin, startBin } from './run-bin.js';

const KEY = 'sk-test-fake-sessions-Zq81xP0w';
let fake: FakeAnthropic;
let workspace: string;
let home: string;

const env = (extra: Record<string, string> = {}) => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url, INKLING_HOME: home, ...extra });
const inkling = (args: string[]) => runBin(args, { cwd: workspace, env: env() });

interface SentMessage { role: 'user' | 'assistant'; content: { type: string; id?: string; tool_use_id?: string; text?: string }[] }
const sentMessages = (i: number) => (fake.requests[i]!.body as { messages: SentMessage[] }).messages;

/** What the API demands: roles alternate from a user message, and every tool_use is answered in order by the next message. */
function expectValidHistory(messages: SentMessage[]): void {
  expect(messages[0]?.role).toBe('user');
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (i > 0) expect(m.role, `message ${i}`).not.toBe(messages[i - 1]!.role);
    if (m.role !== 'assistant') continue;
    const uses = m.content.filter((b) => b.type === 'tool_use').map((b) => b.id);
    if (uses.length === 0) continue;
    const next = messages[i + 1]!;
    expect(next.content.slice(0, uses.length).map((b) => b.tool_use_id), `results after message ${i}`).toEqual(uses);
  }
}

async function sessionFiles(): Promise<string[]> {
  const root = join(home, 'sessions');
  if (!existsSync(root)) return [];
  const out: string[] = [];
  for (const dir of await readdir(root)) for (const f of await readdir(join(root, dir))) if (/^[0-9a-f-]{36}\.jsonl$/.test(f)) out.push(join(root, dir, f));
  return out;
}

beforeAll(() => ensureBuilt(), 120_000);

beforeEach(async () => {
  fake = await startFakeAnthropic({ apiKey: KEY });
  workspace = await mkdtemp(join(tmpdir(), 'inkling-sessions-cli-'));
  home = await mkdtemp(join(tmpdir(), 'inkling-sessions-clihome-'));
  await writeFile(join(workspace, 'notes.txt'), 'alpha\nbeta\n');
});

afterEach(async () => {
  await fake.close();
  await rm(workspace, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

describe('sessions with -p', () => {
  it('records the turn, names the session in json, and --continue sends the whole conversation next time', async () => {
    fake.enqueue(
      reply({ text: 'Reading.', toolUses: [{ id: 'toolu_r', name: 'read_file', input: { path: 'notes.txt' } }] }),
      reply({ text: 'alpha and beta' }),
      reply({ text: 'You asked about the notes.' }),
    );
    const first = await inkling(['-p', 'what is in notes.txt?', '--output-format', 'json']);
    expect(first.code).toBe(0);
    const out = JSON.parse(first.stdout) as { session_id: string; result: string };
    expect(out.session_id).toMatch(/^[0-9a-f-]{36}$/);
    const files = await sessionFiles();
    expect(files.map((f) => f.endsWith(`${out.session_id}.jsonl`))).toEqual([true]);

    const second = await inkling(['-p', 'what did I ask?', '--continue']);
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    expect(second.stdout).toBe('You asked about the notes.\n');
    const sent = sentMessages(2);
    expectValidHistory(sent);
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(sent[0]!.content.at(-1)!.text).toBe('what is in notes.txt?');
    expect(JSON.stringify(sent[2]!.content)).toContain('alpha');
    expect(sent[4]!.content.at(-1)!.text).toBe('what did I ask?');
    // The same session went on: still one file, and the key is nowhere in it.
    expect(await sessionFiles()).toEqual(files);
    expect(await readFile(files[0]!, 'utf8')).not.toContain(KEY);
  });

  it('--resume takes an id prefix; stream-json starts with session_start', async () => {
    fake.enqueue(reply({ text: 'one' }), reply({ text: 'two' }));
    const first = await inkling(['-p', 'first', '--output-format', 'json']);
    const id = (JSON.parse(first.stdout) as { session_id: string }).session_id;
    const second = await inkling(['-p', 'second', `--resume=${id.slice(0, 8)}`, '--output-format', 'stream-json']);
    expect(second.code).toBe(0);
    const events = second.stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; session_id?: string });
    expect(events[0]).toMatchObject({ type: 'session_start', session_id: id });
    expect(sentMessages(1).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('exits 2 with a message for --continue with no session, --resume without an id, and an unknown id', async () => {
    const none = await inkling(['-p', 'hi', '--continue']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no session to continue/);
    const bare = await inkling(['-p', 'hi', '--resume']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/-p --resume needs a session id/);
    const unknown = await inkling(['-p', 'hi', '--resume', 'deadbeef']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no session "deadbeef"/);
    expect(fake.requests).toHaveLength(0);
  });

  it('after kill -9 at 10 random moments of a turn, --continue always sends a valid history', async () => {
    const moments: number[] = [];
    for (let round = 0; round < 10; round++) {
      await rm(home, { recursive: true, force: true });
      await fake.close();
      fake = await startFakeAnthropic({ apiKey: KEY });
      fake.enqueue(
        reply({ text: ['Step ', 'one.'], chunkDelayMs: 15, toolUses: [{ id: 'toolu_b1', name: 'bash', input: { command: 'sleep 0.2; echo one' } }] }),
        reply({
          text: 'Step two.',
          chunkDelayMs: 15,
          toolUses: [
            { id: 'toolu_r1', name: 'read_file', input: { path: 'notes.txt' } },
            { id: 'toolu_b2', name: 'bash', input: { command: 'sleep 0.2; echo two' } },
          ],
        }),
        reply({ text: ['All ', 'done.'], chunkDelayMs: 15 }),
      );
      const child = startBin(['-p', 'do the steps'], { cwd: workspace, env: env() });
      const done = finished(child);
      // Kill once the session file exists, at a random moment within the turn that follows.
      while ((await sessionFiles()).length === 0 && child.exitCode === null) await new Promise((r) => setTimeout(r, 5));
      const wait = Math.floor(Math.random() * 900);
      moments.push(wait);
      await new Promise((r) => setTimeout(r, wait));
      child.kill('SIGKILL');
      await done;
      // A fresh server: what the killed run did not ask for must not answer the next one.
      await fake.close();
      fake = await startFakeAnthropic({ apiKey: KEY });
      const asked = 0;
      fake.enqueue(reply({ text: 'resumed fine' }));
      const next = await inkling(['-p', 'go on', '--continue']);
      expect(next.code, `round ${round} (killed after ${wait} ms): ${next.stderr}`).toBe(0);
      expect(next.stdout).toBe('resumed fine\n');
      const sent = sentMessages(asked);
      expectValidHistory(sent);
      // Killed before any answer, the two prompts are one user message (history repair merges them).
      expect(sent[0]!.content.map((b) => b.text)).toContain('do the steps');
      expect(sent.at(-1)!.content.at(-1)!.text).toBe('go on');
    }
    expect(moments).toHaveLength(10);
  }, 120_000);

  it('keeps bash logs with the session, not in the temp folder', async () => {
    fake.enqueue(reply({ text: 'Counting.', toolUses: [{ id: 'toolu_c', name: 'bash', input: { command: 'seq 1 5' } }] }), reply({ text: 'five' }));
    const r = await inkling(['-p', 'count', '--output-format', 'json']);
    const id = (JSON.parse(r.stdout) as { session_id: string }).session_id;
    const [file] = await sessionFiles();
    const logsDir = file!.replace(/\.jsonl$/, '');
    expect(readdirSync(join(logsDir, 'bash')).length).toBeGreaterThan(0);
    expect(file).toContain(id);
  });
});
