// update_plan against the real SDK and the fake server: the validation the model hears, the plan
// as state of the core (events, not transcript), the reset rules, the stall marker, and children
// never getting the tool.
import { describe, expect, it } from 'vitest';
import { reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { STALL_REQUESTS } from '../../../src/core/plan/plan-keeper.js';
import { drain, lastBlocks, planAgent, planCall, planEvents, steps } from './plan-fixtures.js';

const fx = fakeAnthropicAndWorkspace();

describe('update_plan', () => {
  it('refuses two steps in progress with an error the model reads, and keeps the plan as it was', async () => {
    const { agent, keeper } = planAgent(fx.server, { root: fx.ws.root });
    fx.server.enqueue(reply({ toolUses: [planCall('p1', steps('in_progress', 'in_progress', 'pending'))] }), reply({ text: 'sorry' }));
    const events = await drain(agent.run('plan it'));
    expect(planEvents(events)).toEqual([]);
    expect(keeper.current.steps).toEqual([]);
    const [result] = lastBlocks(fx.server.requests[1]!);
    expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 'p1', is_error: true });
    expect(result!.content).toContain('at most one step may be in progress');
    expect(result!.content).toContain('"step 1", "step 2"');
  });

  it('publishes the new list as a plan_update, tells the model the count, and gives the card the list before', async () => {
    const { agent, keeper } = planAgent(fx.server, { root: fx.ws.root });
    fx.server.enqueue(
      reply({ toolUses: [planCall('p1', steps('in_progress', 'pending', 'pending'), 'three parts')] }),
      reply({ toolUses: [planCall('p2', steps('completed', 'in_progress', 'pending'))] }),
      reply({ text: 'working' }),
    );
    const events = await drain(agent.run('plan it'));
    expect(planEvents(events).map((e) => [e.change, e.plan.steps.map((s) => s.status)])).toEqual([
      ['update', ['in_progress', 'pending', 'pending']],
      ['update', ['completed', 'in_progress', 'pending']],
    ]);
    expect(planEvents(events)[0]!.plan.explanation).toBe('three parts');
    expect(lastBlocks(fx.server.requests[2]!)[0]!.content).toBe('Plan updated: 1/3 done; in progress: step 2.');
    const card = events.find((e) => e.type === 'tool_result' && e.id === 'p2');
    expect(card).toMatchObject({ details: { kind: 'plan', previous: steps('in_progress', 'pending', 'pending') } });
    expect(keeper.current.steps).toEqual(steps('completed', 'in_progress', 'pending'));
    // State, not transcript: nothing of the plan is added to what the model is sent besides the call itself.
    expect(JSON.stringify(fx.server.requests[2]!.body)).not.toContain('[~]');
  });

  it('resets the plan when a prompt comes after it was completed, and keeps an open one', async () => {
    const { agent, keeper } = planAgent(fx.server, { root: fx.ws.root });
    fx.server.enqueue(reply({ toolUses: [planCall('p1', steps('completed', 'in_progress'))] }), reply({ text: 'half' }));
    await drain(agent.run('one'));
    fx.server.enqueue(reply({ text: 'still open' }));
    expect(planEvents(await drain(agent.run('two')))).toEqual([]);
    expect(keeper.current.steps).toHaveLength(2);
    fx.server.enqueue(reply({ toolUses: [planCall('p2', steps('completed', 'completed'))] }), reply({ text: 'done' }));
    await drain(agent.run('three'));
    expect(keeper.current.steps).toHaveLength(2);
    fx.server.enqueue(reply({ text: 'new task' }));
    const next = await drain(agent.run('something else'));
    expect(planEvents(next)).toEqual([{ type: 'plan_update', plan: { steps: [] }, change: 'reset' }]);
    // It comes right after the turn starts, before the request.
    expect(next.map((e) => e.type).slice(0, 2)).toEqual(['turn_start', 'plan_update']);
    expect(keeper.current.steps).toEqual([]);
  });

  it('is gone after /clear', async () => {
    const { agent, keeper } = planAgent(fx.server, { root: fx.ws.root });
    fx.server.enqueue(reply({ toolUses: [planCall('p1', steps('in_progress'))] }), reply({ text: 'ok' }));
    await drain(agent.run('one'));
    agent.clear();
    expect(keeper.current.steps).toEqual([]);
    fx.server.enqueue(reply({ text: 'fresh' }));
    expect(planEvents(await drain(agent.run('two')))).toEqual([]);
  });

  it(`marks the step in progress stalled after ${STALL_REQUESTS} model requests without a tool call, and a tool call clears it`, async () => {
    const { agent, keeper } = planAgent(fx.server, { root: fx.ws.root });
    fx.server.enqueue(reply({ toolUses: [planCall('p1', steps('in_progress', 'pending'))] }), reply({ text: 'on it' }));
    const first = await drain(agent.run('go'));
    expect(planEvents(first)).toHaveLength(1);
    const stalls = [];
    for (let i = 2; i <= STALL_REQUESTS; i++) {
      fx.server.enqueue(reply({ text: `answer ${i}` }));
      stalls.push(...planEvents(await drain(agent.run(`more ${i}`))));
    }
    expect(stalls).toHaveLength(1);
    expect(stalls[0]).toMatchObject({ change: 'stalled', plan: { stalled: true } });
    expect(keeper.current.stalled).toBe(true);
    fx.server.enqueue(reply({ toolUses: [{ name: 'list_files', id: 'l1', input: {} }] }), reply({ text: 'moving' }));
    const moved = planEvents(await drain(agent.run('go on')));
    expect(moved).toHaveLength(1);
    expect(moved[0]!.plan.stalled).toBeUndefined();
  });

  it('is not marked stalled while the model keeps calling tools', async () => {
    const { agent } = planAgent(fx.server, { root: fx.ws.root });
    const calls = Array.from({ length: STALL_REQUESTS + 1 }, (_, i) => reply({ toolUses: [{ name: 'list_files', id: `l${i}`, input: {} }] }));
    fx.server.enqueue(reply({ toolUses: [planCall('p1', steps('in_progress'))] }), ...calls, reply({ text: 'done' }));
    const events = await drain(agent.run('go'));
    expect(planEvents(events).map((e) => e.change)).toEqual(['update']);
  });
});
