// The session's plan (core/plan): the keeper, update_plan as setting todo.tool says, and
// exit_plan_mode. -p has nobody to ask: there exit_plan_mode ends the turn with the plan.
import { PlanKeeper } from '../core/plan/plan-keeper.js';
import { createUpdatePlanTool } from '../core/plan/update-plan-tool.js';
import { createExitPlanModeTool, type ModeHolder } from '../core/plan/exit-plan-mode-tool.js';
import { modelInfo } from '../core/providers/models.js';
import type { AnyTool } from '../core/tools/tool.js';
import type { InklingConfig } from './config.js';

/** todo.tool: on, off, or auto (on unless the catalog says the model keeps its own list). */
export function offersUpdatePlan(setting: 'on' | 'off' | 'auto', model: string): boolean {
  return setting === 'on' || (setting === 'auto' && !modelInfo(model)?.keepsOwnPlan);
}

export function sessionPlan(config: Pick<InklingConfig, 'mode' | 'model' | 'settings'>, gate: ModeHolder): { keeper: PlanKeeper; tools: AnyTool[] } {
  const keeper = new PlanKeeper({ canAsk: config.mode !== 'print' });
  const tools: AnyTool[] = [];
  if (offersUpdatePlan(config.settings.todo.tool, config.model)) tools.push(createUpdatePlanTool(keeper) as AnyTool);
  tools.push(createExitPlanModeTool(keeper.reviews, gate) as AnyTool);
  return { keeper, tools };
}
