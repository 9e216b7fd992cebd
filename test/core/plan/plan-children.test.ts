// A child agent (the task tool) never gets update_plan or exit_plan_mode, even when the list of tools
// it is built from holds them: its work is one step of the parent's plan. Real SDK, fake server.
import { describe, expect, it } from 'vitest';
import { reply } from '../../helpers/fake-anthropic.js';
import { bodyOf, childServerAndWorkspace, parentAgent } from '../agents/agent-fixtures.js';
import { PlanKeeper } from '../../../src/core/plan/plan-keeper.js';
import { createUpdatePlanTool } from '../../../src/core/plan/update-plan-tool.js';
import { createExitPlanModeTool } from '../../../src/core/plan/exit-plan-mode-tool.js';
import type { AnyTool } from '../../../src/core/tools/tool.js';

const fx = childServerAndWorkspace();

describe('children and the plan tools', () => {
  it("leaves update_plan and exit_plan_mode out of a child's tools", async () => {
    const { agent, setup, gate } = parentAgent(fx.server, { root: fx.ws.root, mode: 'yolo' });
    const keeper = new PlanKeeper({ canAsk: true });
    const own = setup.tools();
    setup.tools = () => [...own, createUpdatePlanTool(keeper) as AnyTool, createExitPlanModeTool(keeper.reviews, gate) as AnyTool];
    fx.routes.set('[C]', [reply({ text: 'child done' })]);
    fx.server.enqueue(reply({ toolUses: [{ name: 'task', id: 't1', input: { description: 'c', prompt: '[C] look', agent: 'general' } }] }), reply({ text: 'parent done' }));
    for await (const _ of agent.run('go')) void _;
    const [child] = fx.requestsOf('[C]');
    const names = (bodyOf(child!).tools ?? []).map((t) => t.name);
    expect(names).toContain('read_file');
    expect(names).not.toContain('update_plan');
    expect(names).not.toContain('exit_plan_mode');
  });
});
