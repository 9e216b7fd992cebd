// What update_plan's and exit_plan_mode's cards show (never the model): the list with the one
// before it (the card draws the diff), and the plan put to the person with their answer.
import type { PlanChoice, PlanStep, PlanView } from './plan-types.js';

export interface PlanDetails {
  kind: 'plan';
  plan: PlanView;
  previous: PlanStep[];
}

export interface PlanReviewDetails {
  kind: 'plan_review';
  plan: string;
  /** What the person chose; absent in -p (the plan was the run's result) or when not in plan mode. */
  choice?: PlanChoice;
  message?: string;
  /** -p: the plan ended the turn and nothing ran. */
  headless?: true;
}
