// update_plan: the model's checklist of a multi-step task, which the person sees pinned above the
// prompt. Read-only (it changes nothing on the machine); the list is held by the PlanKeeper, not the
// transcript, and each update is published as a plan_update event.
import type { Tool } from '../tools/tool.js';
import type { PlanKeeper } from './plan-keeper.js';
import { PLAN_STATUSES, planCount, type PlanStep } from './plan-types.js';

interface UpdatePlanInput {
  explanation?: string;
  plan: PlanStep[];
}

const DESCRIPTION = [
  'Keeps the task plan the person sees pinned above their prompt: a short checklist of steps, each pending, in_progress or completed.',
  'Use it for work of several steps (not for one quick change): send the whole list each time, mark a step in_progress before you start it',
  'and completed as soon as it is done. At most one step may be in_progress at a time. An empty list clears the plan.',
].join(' ');

export function createUpdatePlanTool(keeper: PlanKeeper): Tool<UpdatePlanInput> {
  return {
    name: 'update_plan',
    description: DESCRIPTION,
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {
        explanation: { type: 'string', description: 'Why the plan changed, in a sentence (optional).' },
        plan: {
          type: 'array',
          description: 'The whole list, in order.',
          items: {
            type: 'object',
            properties: { step: { type: 'string' }, status: { type: 'string', enum: [...PLAN_STATUSES] } },
            required: ['step', 'status'],
          },
        },
      },
      required: ['plan'],
    },
    async execute(input, ctx) {
      const outcome = keeper.update(input.plan, input.explanation);
      if ('error' in outcome) return { content: outcome.error, isError: true };
      ctx.publishEvent?.(outcome.event);
      const plan = outcome.event.plan;
      const doing = plan.steps.find((s) => s.status === 'in_progress');
      const said = plan.steps.length === 0 ? 'Plan cleared.' : `Plan updated: ${planCount(plan)}${doing ? `; in progress: ${doing.step}` : ''}.`;
      return { content: said, isError: false, details: { kind: 'plan', plan, previous: outcome.previous.steps } };
    },
  };
}
