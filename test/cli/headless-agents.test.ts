// `inkling -p` with child agents end to end: the real bin and openai SDK against the fake
// OpenAI-compatible server. stream-json wraps a child's events as agent_event, json carries each
// child's envelope and counts its tokens, and a child's ask is refused at once with a clear message.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, completion, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.js';
import { ensureBuilt, runBin } from './run-bin.js';

const KEY = 'sk-test-fake-openai-agents-7Hq';
let fake: FakeOpenAI;
let workspace: string;

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY, models: ['served-model'] });
  workspace = await mkdtemp(join(tmpdir(), 'inkling-cli-agents-'));
});
afterEach(async () => {
  await fake.close();
  await rm(workspace, { recursive: true, force: true });
});

const inkling = (format: string) =>
  runBin(['--provider', 'openai', '--base-url', fake.url, '-p', 'make a file with a helper', '--output-format', format], { cwd: workspace, env: { OPENAI_API_KEY: KEY } });

/** The parent hands a general child a task; the child's command asks, which -p refuses; the child answers; the parent ends. */
function script() {
  fake.enqueue(
    completion({ toolCalls: [call('task', { description: 'make a file', prompt: 'Create made.txt', agent: 'general' }, 'call_task')], usage: { prompt_tokens: 100, completion_tokens: 10 } }),
    completion({ toolCalls: [call('bash', { command: 'touch made.txt' }, 'call_bash')], usage: { prompt_tokens: 50, completion_tokens: 5 } }),
    completion({ text: 'I could not create it: the command needs approval.', usage: { prompt_tokens: 60, completion_tokens: 8 } }),
    completion({ text: 'The helper could not make it.', usage: { prompt_tokens: 120, completion_tokens: 6 } }),
  );
}

describe('inkling -p with child agents', () => {
  it("wraps a child's events as agent_event in stream-json and refuses its ask without waiting", async () => {
    script();
    const r = await inkling('stream-json');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; agent?: unknown; event?: { type: string; id?: string; content?: string } });
    const wrapped = lines.filter((l) => l.type === 'agent_event');
    expect(wrapped.length).toBeGreaterThan(0);
    expect(wrapped[0]!.agent).toEqual({ id: 'call_task', name: 'general', depth: 1, model: 'served-model' });
    const refused = wrapped.find((l) => l.event?.type === 'tool_result' && l.event.id === 'call_bash')!;
    expect(refused.event!.content).toContain('needs approval: rerun with');
    // Existing events keep their shape: the task call's own result is a plain tool_result.
    expect(lines.find((l) => l.type === 'tool_result' && (l as { id?: string }).id === 'call_task')).toBeTruthy();
    await expect(stat(join(workspace, 'made.txt'))).rejects.toThrow();
  });

  it("puts each child's envelope in json and counts its tokens in usage", async () => {
    script();
    const r = await inkling('json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { usage: { inputTokens: number; outputTokens: number }; agents: { status: string; agent: string; answer: string; toolCounts: Record<string, number> }[] };
    expect(out.agents).toMatchObject([{ status: 'completed', agent: 'general', answer: 'I could not create it: the command needs approval.', toolCounts: { bash: 1 } }]);
    expect(out.usage).toMatchObject({ inputTokens: 100 + 50 + 60 + 120, outputTokens: 10 + 5 + 8 + 6 });
  });
});
