// Named actions of the plan: Alt+L shows or hides the panel; exit_plan_mode's card takes the keys
// when it comes, and its answer (1 run it, 2 with edits accepted, 3 keep planning with a message,
// Esc keep planning without one) goes through the door.
import type { AgentEvent } from '../core/events.js';
import { toSafeText } from '../core/text/safe-text.js';
import type { AppStore } from './app-store.js';
import { PLAN_CHOICES, type PlanReviewPrompt } from './plan-state.js';

export function togglePlanPanel(store: AppStore): void {
  const plan = store.getState().plan;
  store.setState({ plan: { ...plan, hidden: !plan.hidden } });
}

export function planReviewCame(store: AppStore, ev: Extract<AgentEvent, { type: 'plan_review' }>): void {
  const s = store.getState();
  const returnTo = s.mode === 'planReview' ? (s.planReview?.returnTo ?? 'input') : s.mode;
  store.setState({ planReview: { id: ev.id, plan: toSafeText(ev.plan), selected: 0, message: null, returnTo }, mode: 'planReview' });
}

/** The card's call ended without an answer (an interrupt): the keys go back. */
export function planReviewGone(store: AppStore, id: string): void {
  const r = store.getState().planReview;
  if (r?.id === id) store.setState({ planReview: null, mode: r.returnTo });
}

export function movePlanChoice(store: AppStore, by: number): void {
  const r = store.getState().planReview;
  if (r && !r.message) store.setState({ planReview: { ...r, selected: (r.selected + by + PLAN_CHOICES.length) % PLAN_CHOICES.length } });
}

/** 1 and 2 answer at once; 3 opens the message field (Enter there sends it). */
export function choosePlan(store: AppStore, index: number): void {
  const r = store.getState().planReview;
  if (!r) return;
  const choice = PLAN_CHOICES[index]!;
  if (choice === 'keep') return store.setState({ planReview: { ...r, selected: index, message: { text: '', cursor: 0 } } });
  answer(store, r, { choice });
}

export function setPlanMessage(store: AppStore, message: { text: string; cursor: number }): void {
  const r = store.getState().planReview;
  if (r?.message) store.setState({ planReview: { ...r, message } });
}

/** Enter in the message field: keep planning with what was typed (nothing typed: as Esc). */
export function sendPlanMessage(store: AppStore): void {
  const r = store.getState().planReview;
  if (!r) return;
  const text = r.message?.text.trim() ?? '';
  answer(store, r, { choice: 'keep', ...(text ? { message: text } : {}) });
}

/** Esc: keep planning without a message; the turn stops there and the model waits for the person. */
export function keepPlanning(store: AppStore): void {
  const r = store.getState().planReview;
  if (r) answer(store, r, { choice: 'keep' });
}

function answer(store: AppStore, r: PlanReviewPrompt, a: { choice: (typeof PLAN_CHOICES)[number]; message?: string }): void {
  store.door.send({ type: 'answerPlan', id: r.id, ...a });
  store.setState({ planReview: null, mode: r.returnTo });
}
