// The plan as the screen holds it: the panel pinned above the prompt (the core's latest
// plan_update, every step SafeText; hidden or shown with Alt+L) and exit_plan_mode's card while it
// waits for the person (mode 'planReview': 1 run it, 2 run with edits accepted, 3 keep planning).
import type { AgentEvent } from '../core/events.js';
import type { PlanStatus } from '../core/plan/plan-types.js';
import { toSafeText, type SafeText } from '../core/text/safe-text.js';
import type { Mode } from './mode.js';

export interface PlanPanel {
  steps: { step: SafeText; status: PlanStatus }[];
  explanation?: SafeText;
  stalled: boolean;
  /** Alt+L hid it (it stays hidden until Alt+L again). */
  hidden: boolean;
}

export interface PlanReviewPrompt {
  /** The exit_plan_mode call (the door's answerPlan id). */
  id: string;
  plan: SafeText;
  /** 0 run it · 1 run with edits accepted · 2 keep planning. */
  selected: number;
  /** Choice 3's message field has the keys (null: the choices do). */
  message: { text: string; cursor: number } | null;
  /** Where the keys go back to once it is answered. */
  returnTo: Mode;
}

export const emptyPlanPanel = (): PlanPanel => ({ steps: [], stalled: false, hidden: false });

/** The panel after a plan_update: the new list, the person's Alt+L choice kept. */
export function planPanelAfter(panel: PlanPanel, ev: Extract<AgentEvent, { type: 'plan_update' }>): PlanPanel {
  return {
    steps: ev.plan.steps.map((s) => ({ step: toSafeText(s.step), status: s.status })),
    ...(ev.plan.explanation ? { explanation: toSafeText(ev.plan.explanation) } : {}),
    stalled: ev.plan.stalled === true,
    hidden: panel.hidden,
  };
}

export const PLAN_CHOICES = ['run', 'accept-edits', 'keep'] as const;
