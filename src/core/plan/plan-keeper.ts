// The plan as conversation state, held by the core and not in the transcript: update_plan sets it,
// a new prompt after it was completed and /clear reset it, compaction restates it, resume brings it
// back, and a step in progress over STALL_REQUESTS model requests without a tool call is marked
// stalled. It also holds exit_plan_mode's cards waiting for the person.
import type { AgentEvent } from '../events.js';
import { toolUses } from '../conversation.js';
import { PlanReviews } from './plan-reviews.js';
import { EMPTY_PLAN, planDone, planText, type PlanChange, type PlanStep, type PlanView } from './plan-types.js';

export const STALL_REQUESTS = 5;

export const PLAN_MODE_NOTE =
  '<system-reminder>Plan mode is on: only read-only tools and commands run. Read what you need, then call ' +
  'exit_plan_mode with your plan for the person to approve; change nothing before they do. A question that ' +
  'needs no change can simply be answered.</system-reminder>';

type PlanEvent = Extract<AgentEvent, { type: 'plan_update' }>;

export class PlanKeeper {
  private view: PlanView = EMPTY_PLAN;
  /** Model requests in a row that called no tool while a step was in progress. */
  private idle = 0;
  /** exit_plan_mode's cards; `canAsk` false in -p (the plan ends the turn instead). */
  readonly reviews: PlanReviews;

  constructor(opts: { canAsk: boolean }) {
    this.reviews = new PlanReviews(opts.canAsk);
  }

  get current(): PlanView {
    return this.view;
  }

  /** update_plan's new list: an error to tell the model, or the event to publish. */
  update(steps: PlanStep[], explanation?: string): { error: string } | { event: PlanEvent; previous: PlanView } {
    const started = steps.filter((s) => s.status === 'in_progress');
    if (started.length > 1) {
      const names = started.map((s) => JSON.stringify(s.step)).join(', ');
      return { error: `update_plan refused: ${started.length} steps are in_progress (${names}); at most one step may be in progress at a time. Mark the others pending or completed and call update_plan again.` };
    }
    const blank = steps.findIndex((s) => !s.step.trim());
    if (blank >= 0) return { error: `update_plan refused: step ${blank + 1} has no text. Every step needs a short description.` };
    const previous = this.view;
    this.idle = 0;
    return { event: this.set({ steps: steps.map((s) => ({ step: s.step.trim(), status: s.status })), ...(explanation?.trim() ? { explanation: explanation.trim() } : {}) }, 'update'), previous };
  }

  /**
   * Follows the agent's own events: a prompt after the plan was completed resets it; a response
   * without a tool call while a step is in progress counts towards the stall marker, one with a
   * tool call clears it. Returns the plan_update to publish after `e`, if any.
   */
  observe(e: AgentEvent): PlanEvent | undefined {
    if (e.type === 'turn_start' && planDone(this.view)) return this.set(EMPTY_PLAN, 'reset');
    if (e.type !== 'message_end') return undefined;
    if (!this.view.steps.some((s) => s.status === 'in_progress')) {
      this.idle = 0;
      return undefined;
    }
    if (toolUses(e.message).length > 0) {
      this.idle = 0;
      if (!this.view.stalled) return undefined;
      const { stalled: _, ...rest } = this.view;
      return this.set(rest, 'update');
    }
    this.idle++;
    if (this.idle < STALL_REQUESTS || this.view.stalled) return undefined;
    return this.set({ ...this.view, stalled: true }, 'stalled');
  }

  /** /clear: no plan (the UI clears its panel itself). */
  clear(): void {
    this.view = EMPTY_PLAN;
    this.idle = 0;
  }

  /** A resumed session's last plan. */
  restore(view: PlanView | undefined): void {
    this.view = view ?? EMPTY_PLAN;
    this.idle = 0;
  }

  /** What goes with the prompt: the plan-mode reminder when the turn starts in plan mode. */
  notes(mode: string | undefined): string[] {
    return mode === 'plan' ? [PLAN_MODE_NOTE] : [];
  }

  /** The plan as the compaction restates it (absent: no plan). */
  summaryNote(): string | undefined {
    if (this.view.steps.length === 0) return undefined;
    const why = this.view.explanation ? `\n(${this.view.explanation})` : '';
    return `[The plan in force, as update_plan last set it; keep it up to date with update_plan:]${why}\n${planText(this.view)}`;
  }

  private set(view: PlanView, change: PlanChange): PlanEvent {
    this.view = view;
    return { type: 'plan_update', plan: view, change };
  }
}
