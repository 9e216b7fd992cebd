// exit_plan_mode: in plan mode, puts the model's plan to the person as a card of its own (not the
// permission chain; the tool itself changes nothing): 1 run it (default mode), 2 run it with edits
// accepted, 3 keep planning (with a message; Esc: without one, and the turn stops). In -p nobody
// can answer: the plan ends the turn as its result and nothing runs.
import type { PermissionMode } from '../permissions/approval.js';
import type { Tool, ToolContext, ToolResult } from '../tools/tool.js';
import type { PlanReviews } from './plan-reviews.js';
import type { PlanAnswer } from './plan-types.js';

interface ExitPlanModeInput {
  plan: string;
}

/** The permission mode the tool reads and, once the person approves, sets. */
export interface ModeHolder {
  mode: PermissionMode;
}

const DESCRIPTION =
  'In plan mode, when you have read what you need and have a plan: present it here (markdown, the steps you will take) for the person to approve. ' +
  'On approval the mode changes and you go on to carry it out; otherwise revise the plan. Only for plan mode; a question that needs no change is simply answered.';

export const HEADLESS_PLAN_RESULT = 'The plan is the result of this run (-p): the turn ends here and nothing runs.';

export function createExitPlanModeTool(reviews: PlanReviews, gate: ModeHolder): Tool<ExitPlanModeInput> {
  return {
    name: 'exit_plan_mode',
    description: DESCRIPTION,
    readOnly: true,
    inputSchema: { type: 'object', properties: { plan: { type: 'string', description: 'The plan, in markdown.' } }, required: ['plan'] },
    async execute(input, ctx) {
      const plan = input.plan.trim();
      if (!plan) return { content: 'exit_plan_mode refused: the plan is empty. Write the steps you will take.', isError: true };
      if (gate.mode !== 'plan') return { content: `Not in plan mode (the mode is ${gate.mode}): there is nothing to approve; go on with the task.`, isError: true, details: { kind: 'plan_review', plan } };
      if (!reviews.canAsk) return { content: HEADLESS_PLAN_RESULT, isError: false, endsTurn: true, details: { kind: 'plan_review', plan, headless: true } };
      const answer = await reviews.ask(ctx.toolCallId, plan, ctx.signal, (e) => ctx.publishEvent?.(e));
      if (!answer) return { content: 'The person interrupted before answering the plan.', isError: true, details: { kind: 'plan_review', plan } };
      return answered(answer, plan, gate, ctx);
    },
  };
}

function answered(answer: PlanAnswer, plan: string, gate: ModeHolder, ctx: ToolContext): ToolResult {
  const details = { kind: 'plan_review' as const, plan, choice: answer.choice, ...(answer.message ? { message: answer.message } : {}) };
  if (answer.choice === 'keep') {
    if (!answer.message) return { content: 'The person chose to keep planning. Stop here and wait for them to say what to change.', isError: true, endsTurn: true, details };
    return { content: `The person wants to keep planning (still plan mode) and said: ${answer.message}\nRevise the plan, then call exit_plan_mode again.`, isError: true, details };
  }
  const mode: PermissionMode = answer.choice === 'accept-edits' ? 'accept-edits' : 'default';
  gate.mode = mode;
  // In the turn's stream: the session records the mode, the UI's header shows it.
  ctx.publishEvent?.({ type: 'permission_mode', mode });
  const how = mode === 'accept-edits' ? 'with edits accepted (accept-edits mode: file edits run, commands still ask)' : '(default mode: edits and commands ask as usual)';
  return { content: `The person approved the plan ${how}. Go ahead: carry it out now.`, isError: false, details };
}
