// The plan's shapes, shared by the core (update_plan, exit_plan_mode, the keeper), the session
// records, -p and the UI: a checklist of steps, each pending, in progress or completed.
export const PLAN_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export interface PlanStep {
  step: string;
  status: PlanStatus;
}

/** The plan as the core holds it: no steps means no plan. */
export interface PlanView {
  steps: PlanStep[];
  explanation?: string;
  /** The step in progress has gone 5 model requests without a tool call (shown dim, "stalled?"). */
  stalled?: true;
}

/** Why the plan changed: the model's update_plan, a reset (new prompt after it was done), or the stall marker. */
export type PlanChange = 'update' | 'reset' | 'stalled';

/** The person's answer to exit_plan_mode's card: 1 run it, 2 run it with edits accepted, 3 keep planning. */
export type PlanChoice = 'run' | 'accept-edits' | 'keep';

export interface PlanAnswer {
  choice: PlanChoice;
  /** With keep: what the person wants changed (absent: Esc, the turn stops). */
  message?: string;
}

export const EMPTY_PLAN: PlanView = { steps: [] };

/** The parent's own tools: a child agent never gets them (its work is one step of the parent's plan). */
export const PARENT_ONLY_TOOLS: ReadonlySet<string> = new Set(['update_plan', 'exit_plan_mode']);

/** Every step completed (and there is at least one). */
export function planDone(plan: PlanView): boolean {
  return plan.steps.length > 0 && plan.steps.every((s) => s.status === 'completed');
}

/** `3/7 done`. */
export function planCount(plan: PlanView): string {
  return `${plan.steps.filter((s) => s.status === 'completed').length}/${plan.steps.length} done`;
}

/** The plan as the model reads it again (compaction, resume notes): one line per step. */
export function planText(plan: PlanView): string {
  const mark: Record<PlanStatus, string> = { pending: '[ ]', in_progress: '[~]', completed: '[x]' };
  return plan.steps.map((s) => `${mark[s.status]} ${s.step}`).join('\n');
}
