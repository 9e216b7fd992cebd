// The plan in the real App over the real loop and SDK (fake server): the panel pinned above the
// prompt (open steps first, the count, Alt+L), update_plan's history card with the list's diff,
// and exit_plan_mode's card answered with 1, 3 + a message, and Esc.
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { screenLayout } from '../../components/screen-layout.js';
import { planPanelLines } from '../../components/plan-panel-lines.js';
import { createAgentDoor } from '../../src/core/door/agent-door.js';
import { toSafeText } from '../../src/core/text/safe-text.js';
import { attachDoor, type AgentSession } from '../../src/store/agent-session.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import type { PlanPanel } from '../../src/store/plan-state.js';
import { reply } from '../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../helpers/fake-anthropic-workspace.js';
import { lastBlocks, planAgent, planCall } from '../core/plan/plan-fixtures.js';
import type { PermissionMode } from '../../src/core/permissions/approval.js';
import { frame, KEYS, press, renderAct, settleUntil, unmountAct, type Rendered } from './act-helpers.js';
import stripAnsi from 'strip-ansi';

const fx = fakeAnthropicAndWorkspace();
let r: Rendered | undefined;
let session: AgentSession | undefined;
afterEach(async () => {
  session?.interrupt();
  if (r) await unmountAct(r);
  await session?.idle();
  r = undefined;
  session = undefined;
});

async function app(mode: PermissionMode = 'default'): Promise<AppStore> {
  const { agent } = planAgent(fx.server, { root: fx.ws.root, mode });
  const store = createAppStore({}, { layout: screenLayout, door: createAgentDoor(agent) });
  // As the start-up tells it (run-tui).
  store.setState({ permission: { mode, cycle: ['default', 'accept-edits', 'plan'], bell: false } });
  session = attachDoor(store, { intervalMs: 1 });
  r = await renderAct(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: fx.ws.root }} />);
  return store;
}

async function until(test: () => boolean, what: string): Promise<void> {
  await settleUntil(test, 10_000);
  if (!test()) throw new Error(`never happened: ${what}\n${frame(r!)}`);
}

const step = (step: string, status: 'pending' | 'in_progress' | 'completed') => ({ step, status });

describe('the plan panel', () => {
  it('shows the plan above the prompt, open steps first with the count; Alt+L hides and shows it', async () => {
    const store = await app();
    fx.server.enqueue(
      reply({ toolUses: [planCall('p1', [step('read the parser', 'completed'), step('write the fix', 'pending'), step('run the tests', 'in_progress'), step('update README', 'pending')])] }),
      reply({ text: 'Working on it.' }),
    );
    session!.submit('fix it');
    await until(() => store.getState().phase === 'idle' && frame(r!).includes('Working on it.'), 'the answer');
    const rows = frame(r!).split('\n');
    const top = rows.findIndex((l) => l.includes('Plan · 1/4 done'));
    expect(top).toBeGreaterThan(0);
    expect(rows.slice(top + 1, top + 5).map((l) => l.trim())).toEqual(['▸ run the tests', '○ write the fix', '○ update README', '✓ read the parser']);
    // Pinned above the prompt: the input's rows come right after it.
    expect(rows[top + 5]).toMatch(/^╭─/);
    await press(r!, '\x1bl');
    expect(frame(r!)).not.toContain('Plan · 1/4 done');
    await press(r!, '\x1bl');
    expect(frame(r!)).toContain('Plan · 1/4 done');
  });

  it("draws each update as a history card with the list's diff", async () => {
    const store = await app();
    fx.server.enqueue(
      reply({ toolUses: [planCall('p1', [step('a', 'in_progress'), step('b', 'pending')])] }),
      reply({ toolUses: [planCall('p2', [step('a', 'completed'), step('b', 'in_progress'), step('c', 'pending')])] }),
      reply({ text: 'Next.' }),
    );
    session!.submit('go');
    await until(() => store.getState().phase === 'idle' && frame(r!).includes('Next.'), 'the answer');
    const shown = frame(r!);
    expect(shown).toMatch(/✓ update_plan .*1\/3 done/);
    expect(shown).toContain('✓ a (done)');
    expect(shown).toContain('▸ b (started)');
    expect(shown).toContain('+ ○ c');
  });
});

describe("exit_plan_mode's card", () => {
  const PLAN = '1. Write out.txt\n2. Run the tests';
  const exit = () => reply({ text: 'Here is the plan.', toolUses: [{ name: 'exit_plan_mode', id: 'x1', input: { plan: PLAN } }] });

  it('shows the plan with 1/2/3; 1 runs it in default mode and the model goes on', async () => {
    const store = await app('plan');
    fx.server.enqueue(exit(), reply({ text: 'Going ahead now.' }));
    session!.submit('plan it');
    await until(() => store.getState().mode === 'planReview', 'the plan card');
    const card = frame(r!);
    expect(card).toContain('The model has a plan. Go ahead with it?');
    expect(card).toContain('1. Write out.txt');
    expect(card).toContain('❯ 1. Yes, run it (default mode: edits and commands ask)');
    expect(card).toContain('2. Yes, and accept edits (commands still ask)');
    expect(card).toContain('3. No, keep planning: tell the model what to change');
    await press(r!, '1');
    await until(() => frame(r!).includes('Going ahead now.'), 'the follow-up answer');
    expect(store.getState().permission.mode).toBe('default');
    expect(lastBlocks(fx.server.requests[1]!)[0]!.content).toContain('Go ahead');
    expect(frame(r!)).toMatch(/exit_plan_mode .*approved: run it/);
  });

  it('3 opens a message field: what is typed goes to the model and planning goes on', async () => {
    const store = await app('plan');
    fx.server.enqueue(exit(), reply({ text: 'Revised the plan.' }));
    session!.submit('plan it');
    await until(() => store.getState().mode === 'planReview', 'the plan card');
    await press(r!, '3', ...'use a temp dir'.split(''));
    expect(frame(r!)).toContain('▌ use a temp dir');
    await press(r!, KEYS.enter);
    await until(() => frame(r!).includes('Revised the plan.'), 'the revised answer');
    expect(lastBlocks(fx.server.requests[1]!)[0]!.content).toContain('use a temp dir');
    expect(store.getState().permission.mode).toBe('plan');
  });

  it('Esc keeps planning without a message: the turn stops and the prompt is back', async () => {
    const store = await app('plan');
    fx.server.enqueue(exit());
    session!.submit('plan it');
    await until(() => store.getState().mode === 'planReview', 'the plan card');
    await press(r!, KEYS.esc);
    await until(() => store.getState().phase === 'idle', 'the turn to end');
    expect(store.getState().mode).toBe('input');
    expect(fx.server.requests).toHaveLength(1);
    expect(frame(r!)).toMatch(/exit_plan_mode .*kept planning/);
  });
});

describe('the panel rows', () => {
  const panel = (n: number, stalled = false): PlanPanel => ({
    steps: Array.from({ length: n }, (_, i) => ({ step: toSafeText(`step ${i + 1}`), status: i < 2 ? 'completed' : i === 2 ? 'in_progress' : 'pending' })),
    stalled,
    hidden: false,
  });
  const rows = (p: PlanPanel, max: number) => planPanelLines(p, 40, max, { running: false, frame: 0 }).map((l) => stripAnsi(l).trimEnd());

  it('dims a stalled step and says "stalled?"', () => {
    expect(rows(panel(3, true), 10)[1]).toBe('  ▸ step 3  stalled?');
  });

  it('keeps to its rows: open steps first, then a line for what is left out', () => {
    expect(rows(panel(9), 5)).toEqual(['Plan · 2/9 done ───────── Alt+L hides it', '  ▸ step 3', '  ○ step 4', '  ○ step 5', '  … 6 more steps (2 done)']);
  });
});
