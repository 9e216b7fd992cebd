// Plan mode that moves on, through the door as the TUI drives it: exit_plan_mode's card (its own
// approval, not the permission chain), the person's three answers, the mode switch, and the
// follow-up request the fake server sees. Real SDK, real file tools on a temp workspace.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reply } from '../../helpers/fake-anthropic.js';
import { fakeAnthropicAndWorkspace } from '../../helpers/fake-anthropic-workspace.js';
import { createAgentDoor } from '../../../src/core/door/agent-door.js';
import type { DoorEvent } from '../../../src/core/door/requests.js';
import type { PlanAnswer } from '../../../src/core/plan/plan-types.js';
import { lastBlocks, planAgent, tempHome } from './plan-fixtures.js';

const fx = fakeAnthropicAndWorkspace();
const PLAN = '1. Write out.txt\n2. Say so';
const exit = (id = 'x1') => reply({ text: 'My plan.', toolUses: [{ name: 'exit_plan_mode', id, input: { plan: PLAN } }] });

/** One turn through the door; the plan card is answered with `answer` as it comes. */
async function turnAnswering(agent: ReturnType<typeof planAgent>['agent'], answer: PlanAnswer | null): Promise<DoorEvent[]> {
  const door = createAgentDoor(agent);
  const events: DoorEvent[] = [];
  await new Promise<void>((resolve) => {
    door.subscribe((e) => {
      events.push(e);
      if (e.type === 'plan_review' && answer) expect(door.send({ type: 'answerPlan', id: e.id, ...answer })).toBe(true);
      if (e.type === 'run_end') resolve();
    });
    door.send({ type: 'submit', prompt: 'make out.txt' });
  });
  return events;
}

describe('exit_plan_mode', () => {
  it('1 runs the plan: default mode, "go ahead" in the result, and the turn goes on with the follow-up request', async () => {
    const { agent, gate } = planAgent(fx.server, { root: fx.ws.root, mode: 'plan' });
    fx.server.enqueue(exit(), reply({ text: 'Going ahead.' }));
    const events = await turnAnswering(agent, { choice: 'run' });
    expect(events.find((e) => e.type === 'plan_review')).toEqual({ type: 'plan_review', id: 'x1', plan: PLAN });
    // Its card is its own approval: the permission chain never asked.
    expect(events.some((e) => e.type === 'approval_request')).toBe(false);
    expect(events).toContainEqual({ type: 'permission_mode', mode: 'default' });
    expect(gate.mode).toBe('default');
    expect(fx.server.requests).toHaveLength(2);
    const [result] = lastBlocks(fx.server.requests[1]!);
    expect(result).toMatchObject({ type: 'tool_result', tool_use_id: 'x1' });
    expect(result!.is_error).toBeUndefined();
    expect(result!.content).toContain('Go ahead');
    expect(events.find((e) => e.type === 'turn_end')).toEqual({ type: 'turn_end', reason: 'end_turn' });
  });

  it('2 runs it with edits accepted: the write that follows runs without asking', async () => {
    const { agent, gate } = planAgent(fx.server, { root: fx.ws.root, mode: 'plan' });
    fx.server.enqueue(exit(), reply({ toolUses: [{ name: 'write_file', id: 'w1', input: { path: 'out.txt', content: 'made\n' } }] }), reply({ text: 'Done.' }));
    const events = await turnAnswering(agent, { choice: 'accept-edits' });
    expect(gate.mode).toBe('accept-edits');
    expect(events.some((e) => e.type === 'approval_request')).toBe(false);
    expect(readFileSync(path.join(fx.ws.root, 'out.txt'), 'utf8')).toBe('made\n');
    expect(lastBlocks(fx.server.requests[1]!)[0]!.content).toContain('edits accepted');
  });

  it('3 keeps planning with the message: still plan mode, the model reads what the person said and goes on', async () => {
    const { agent, gate } = planAgent(fx.server, { root: fx.ws.root, mode: 'plan' });
    fx.server.enqueue(exit(), reply({ text: 'Revised.' }));
    await turnAnswering(agent, { choice: 'keep', message: 'use a temp file instead' });
    expect(gate.mode).toBe('plan');
    const [result] = lastBlocks(fx.server.requests[1]!);
    expect(result).toMatchObject({ is_error: true });
    expect(result!.content).toContain('use a temp file instead');
  });

  it('Esc keeps planning without a message: the turn stops there and nothing more is asked of the model', async () => {
    const { agent, gate } = planAgent(fx.server, { root: fx.ws.root, mode: 'plan' });
    fx.server.enqueue(exit());
    const events = await turnAnswering(agent, { choice: 'keep' });
    expect(gate.mode).toBe('plan');
    expect(fx.server.requests).toHaveLength(1);
    expect(events.find((e) => e.type === 'turn_end')).toEqual({ type: 'turn_end', reason: 'end_turn' });
    // The next prompt sends the kept-planning result first, as a valid conversation.
    fx.server.enqueue(reply({ text: 'ok' }));
    for await (const _ of agent.run('plan it differently')) void _;
    expect(JSON.stringify(fx.server.requests[1]!.body)).toContain('keep planning');
  });

  it('an interrupt while the card waits gives the call a result and the turn ends', async () => {
    const { agent } = planAgent(fx.server, { root: fx.ws.root, mode: 'plan' });
    fx.server.enqueue(exit());
    const door = createAgentDoor(agent);
    const events: DoorEvent[] = [];
    await new Promise<void>((resolve) => {
      door.subscribe((e) => {
        events.push(e);
        if (e.type === 'plan_review') door.send({ type: 'interrupt' });
        if (e.type === 'run_end') resolve();
      });
      door.send({ type: 'submit', prompt: 'go' });
    });
    expect(events.find((e) => e.type === 'tool_result' && e.id === 'x1')).toBeTruthy();
    expect(events.find((e) => e.type === 'turn_end')).toEqual({ type: 'turn_end', reason: 'aborted' });
    expect(door.send({ type: 'answerPlan', id: 'x1', choice: 'run' })).toBe(false);
  });

  it('outside plan mode says there is nothing to approve, and a plain answer in plan mode stays an answer', async () => {
    const { agent } = planAgent(fx.server, { root: fx.ws.root, mode: 'default' });
    fx.server.enqueue(exit(), reply({ text: 'ok' }));
    await turnAnswering(agent, null);
    expect(lastBlocks(fx.server.requests[1]!)[0]!.content).toContain('Not in plan mode');
    const planning = planAgent(fx.server, { root: fx.ws.root, mode: 'plan' });
    fx.server.enqueue(reply({ text: 'It parses the config.' }));
    const events = await turnAnswering(planning.agent, null);
    expect(events.some((e) => e.type === 'plan_review')).toBe(false);
    expect(planning.gate.mode).toBe('plan');
  });

  it('records the choice in the session: the call result with it and the mode it switched to', async () => {
    const home = tempHome();
    const { agent, recorder } = planAgent(fx.server, { root: fx.ws.root, mode: 'plan', home });
    fx.server.enqueue(exit(), reply({ text: 'Going.' }));
    await turnAnswering(agent, { choice: 'accept-edits' });
    await agent.dispose();
    const records = readFileSync(recorder!.filePath, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { type: string; id?: string; mode?: string; details?: unknown });
    expect(records.find((r) => r.type === 'tool_result' && r.id === 'x1')?.details).toEqual({ kind: 'plan_review', plan: PLAN, choice: 'accept-edits' });
    expect(records.filter((r) => r.type === 'mode').map((r) => r.mode)).toEqual(['plan', 'accept-edits']);
    expect(existsSync(path.join(fx.ws.root, 'out.txt'))).toBe(false);
  });
});
