// `inkling -p` and the plan, end to end: the real bin and SDK against the fake Messages API.
// stream-json prints each plan update, json carries the final plan, and in plan mode
// exit_plan_mode ends the turn with the plan as the result: nothing runs after it.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reply, startFakeAnthropic, type FakeAnthropic } from '../helpers/fake-anthropic.js';
import { ensureBuilt, runBin } from './run-bin.js';

const KEY = 'sk-test-fake-plan-4Rt8Jq';
let fake: FakeAnthropic;
let workspace: string;

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(async () => {
  fake = await startFakeAnthropic({ apiKey: KEY });
  workspace = await mkdtemp(join(tmpdir(), 'inkling-cli-plan-'));
});
afterEach(async () => {
  await fake.close();
  await rm(workspace, { recursive: true, force: true });
});

const inkling = (args: string[]) => runBin(['-p', 'do the three things', ...args], { cwd: workspace, env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: fake.url } });
const update = (id: string, statuses: string[]) => ({ name: 'update_plan', id, input: { plan: statuses.map((status, i) => ({ step: `thing ${i + 1}`, status })) } });

function planningScript() {
  fake.enqueue(
    reply({ toolUses: [update('u1', ['in_progress', 'pending', 'pending'])] }),
    reply({ toolUses: [update('u2', ['completed', 'completed', 'in_progress'])] }),
    reply({ text: 'Two done, one going.' }),
  );
}

describe('inkling -p and the plan', () => {
  it('prints every plan update in stream-json', async () => {
    planningScript();
    const r = await inkling(['--output-format', 'stream-json']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string; change?: string; plan?: { steps: { status: string }[] } });
    const updates = lines.filter((l) => l.type === 'plan_update');
    expect(updates.map((u) => u.plan!.steps.map((s) => s.status))).toEqual([
      ['in_progress', 'pending', 'pending'],
      ['completed', 'completed', 'in_progress'],
    ]);
    expect(updates.every((u) => u.change === 'update')).toBe(true);
  });

  it("puts the final plan in json's plan", async () => {
    planningScript();
    const r = await inkling(['--output-format', 'json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { result: string; plan: unknown };
    expect(out.result).toBe('Two done, one going.');
    expect(out.plan).toEqual({ steps: [{ step: 'thing 1', status: 'completed' }, { step: 'thing 2', status: 'completed' }, { step: 'thing 3', status: 'in_progress' }] });
  });

  it('ends the turn at exit_plan_mode in plan mode: the plan is the result and nothing runs', async () => {
    const plan = '1. Write made.txt\n2. Run the tests';
    fake.enqueue(
      reply({ text: 'Here is my plan.', toolUses: [{ name: 'exit_plan_mode', id: 'x1', input: { plan } }] }),
      reply({ toolUses: [{ name: 'write_file', id: 'w1', input: { path: 'made.txt', content: 'x\n' } }] }),
    );
    const r = await inkling(['--permission-mode', 'plan', '--output-format', 'json']);
    expect(r.code).toBe(0);
    // (Without a plan json has no plan field: headless-stdin.test.ts checks the keys of a plain run.)
    const out = JSON.parse(r.stdout) as { result: string; stop_reason: string; plan: { proposed: string; steps: unknown[] } };
    expect(out.stop_reason).toBe('end_turn');
    expect(out.result).toBe(plan);
    expect(out.plan).toEqual({ steps: [], proposed: plan });
    expect(fake.requests).toHaveLength(1);
    await expect(stat(join(workspace, 'made.txt'))).rejects.toThrow();
  });
});
