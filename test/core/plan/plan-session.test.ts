// The plan across the session's life, real SDK and fake server: recorded and brought back by
// --resume, restated through /compact, the plan-mode reminder with the prompt, the todo.tool
// setting, and children (the task tool) without the plan tools.
import { describe, expect, it } from 'vitest';
import { reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { openSession } from '../../../src/core/sessions/session-catalog.js';
import { PLAN_MODE_NOTE } from '../../../src/core/plan/plan-keeper.js';
import { offersUpdatePlan, sessionPlan } from '../../../src/cli/plan-session.js';
import { SETTING_DEFAULTS } from '../../../src/core/config/defaults.js';
import { bodyOf, drain, lastBlocks, planAgent, planCall, planEvents, steps, tempHome } from './plan-fixtures.js';

const fx = fakeAnthropicAndWorkspace();

describe('the plan in the session', () => {
  it('is recorded and comes back with --resume: the keeper holds it and the replay draws it', async () => {
    const home = tempHome();
    const first = planAgent(fx.server, { root: fx.ws.root, home });
    fx.server.enqueue(reply({ toolUses: [planCall('p1', steps('completed', 'in_progress', 'pending'), 'why')] }), reply({ text: 'halfway' }));
    await drain(first.agent.run('plan'));
    await first.agent.dispose();
    const { restored } = await openSession(first.recorder!.filePath);
    expect(restored.plan).toEqual({ steps: steps('completed', 'in_progress', 'pending'), explanation: 'why' });
    expect(restored.replay.filter((e) => e.type === 'plan_update')).toHaveLength(1);

    const second = planAgent(fx.server, { root: fx.ws.root, home, id: restored.id });
    second.agent.resume(restored);
    expect(second.keeper.current).toEqual(restored.plan);
    // Still open, so the next prompt keeps it; once completed, the one after resets it (and that is recorded too).
    fx.server.enqueue(reply({ toolUses: [planCall('p2', steps('completed', 'completed', 'completed'))] }), reply({ text: 'done' }), reply({ text: 'next' }));
    await drain(second.agent.run('finish'));
    await drain(second.agent.run('another thing'));
    await second.agent.dispose();
    const again = await openSession(first.recorder!.filePath);
    expect(again.restored.plan).toEqual({ steps: [] });
  });

  it('is restated by /compact: the summary request and the summary the model gets next both carry it', async () => {
    const { agent, keeper } = planAgent(fx.server, { root: fx.ws.root });
    fx.server.enqueue(reply({ toolUses: [planCall('p1', [{ step: 'read the parser', status: 'completed' }, { step: 'fix the bug', status: 'in_progress' }])] }), reply({ text: 'a' }), reply({ text: 'b' }), reply({ text: 'c' }));
    for (const p of ['one', 'two', 'three']) await drain(agent.run(p));
    fx.server.enqueue(reply({ text: 'SUMMARY TEXT' }));
    const compacted = await drain(agent.compact());
    expect(compacted.map((e) => e.type)).toEqual(['compaction_start', 'compaction']);
    const summaryAsk = JSON.stringify(bodyOf(fx.server.requests.at(-1)!).messages);
    expect(summaryAsk).toContain('[~] fix the bug');
    expect(keeper.current.steps).toHaveLength(2);
    fx.server.enqueue(reply({ text: 'after' }));
    await drain(agent.run('go on'));
    const first = bodyOf(fx.server.requests.at(-1)!).messages[0]!;
    const text = JSON.stringify(first.content);
    expect(text).toContain('SUMMARY TEXT');
    expect(text).toContain('[x] read the parser');
    expect(text).toContain('[~] fix the bug');
  });

  it('tells the model in plan mode, with the prompt, to call exit_plan_mode; not in other modes', async () => {
    const planning = planAgent(fx.server, { root: fx.ws.root, mode: 'plan' });
    fx.server.enqueue(reply({ text: 'an answer' }), reply({ text: 'another' }));
    await drain(planning.agent.run('how does it work?'));
    expect(lastBlocks(fx.server.requests[0]!).map((b) => b.text)).toEqual([PLAN_MODE_NOTE, 'how does it work?']);
    expect(PLAN_MODE_NOTE).toContain('exit_plan_mode');
    planning.agent.setPermissionMode('default');
    await drain(planning.agent.run('thanks'));
    expect(JSON.stringify(lastBlocks(fx.server.requests[1]!))).not.toContain('Plan mode is on');
  });

  it('offers update_plan as todo.tool says, and exit_plan_mode always', () => {
    expect(SETTING_DEFAULTS.todo.tool).toBe('auto');
    expect(offersUpdatePlan('auto', 'claude-sonnet-4-6')).toBe(true);
    expect(offersUpdatePlan('off', 'claude-sonnet-4-6')).toBe(false);
    expect(offersUpdatePlan('on', 'unknown-model')).toBe(true);
    const names = (tool: 'on' | 'off' | 'auto') =>
      sessionPlan({ mode: 'interactive', model: 'claude-test', settings: { ...SETTING_DEFAULTS, todo: { tool } } }, { mode: 'default' }).tools.map((t) => t.name);
    expect(names('auto')).toEqual(['update_plan', 'exit_plan_mode']);
    expect(names('off')).toEqual(['exit_plan_mode']);
    expect(sessionPlan({ mode: 'print', model: 'claude-test', settings: SETTING_DEFAULTS }, { mode: 'plan' }).keeper.reviews.canAsk).toBe(false);
  });
});

describe('the plan and the events it leaves', () => {
  it('an update in a recorded session is one plan record, in order after the prompt', async () => {
    const home = tempHome();
    const { agent, recorder } = planAgent(fx.server, { root: fx.ws.root, home });
    fx.server.enqueue(reply({ toolUses: [planCall('p1', steps('in_progress'))] }), reply({ text: 'ok' }));
    const events = await drain(agent.run('go'));
    expect(planEvents(events)).toHaveLength(1);
    await agent.dispose();
    const { readFileSync } = await import('node:fs');
    const types = readFileSync(recorder!.filePath, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { type: string }).type);
    expect(types.filter((t) => t === 'plan')).toHaveLength(1);
    expect(types.indexOf('plan')).toBeGreaterThan(types.indexOf('prompt'));
  });
});
