// Keys of exit_plan_mode's card: 1 run it, 2 run it with edits accepted, 3 keep planning (then the
// message field has the keys: the line editor, Enter sends), ↑/↓ and Enter choose, Esc keeps
// planning without a message (the turn stops).
import type { AppStore } from '../store/app-store.js';
import { choosePlan, keepPlanning, movePlanChoice, sendPlanMessage, setPlanMessage } from '../store/plan-actions.js';
import { editLineByParts } from './filter-line.js';
import type { KeyPress } from './key-names.js';
import { actionFor } from './keymap.js';

export function handlePlanReviewKey(store: AppStore, press: KeyPress): void {
  const r = store.getState().planReview;
  if (!r) return;
  const action = actionFor('planReview', press.name);
  if (r.message) {
    if (action === 'stop') return keepPlanning(store);
    if (action === 'choose') return sendPlanMessage(store);
    const next = editLineByParts(r.message, press);
    if (next) setPlanMessage(store, next);
    return;
  }
  switch (action) {
    case 'prev': return movePlanChoice(store, -1);
    case 'next': return movePlanChoice(store, 1);
    case 'choose': return choosePlan(store, r.selected);
    case 'run': return choosePlan(store, 0);
    case 'acceptEdits': return choosePlan(store, 1);
    case 'keep': return choosePlan(store, 2);
    case 'stop': return keepPlanning(store);
    default: return;
  }
}

/** A paste into the message field (one line: newlines become spaces). */
export function pasteIntoPlanMessage(store: AppStore, text: string): void {
  const r = store.getState().planReview;
  if (!r?.message) return;
  const clean = text.replace(/[\r\n\t]+/g, ' ').replace(/[\x00-\x1f\x7f]/g, '');
  setPlanMessage(store, { text: r.message.text.slice(0, r.message.cursor) + clean + r.message.text.slice(r.message.cursor), cursor: r.message.cursor + clean.length });
}
