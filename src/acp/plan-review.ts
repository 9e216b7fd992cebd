// The plan over ACP: update_plan's checklist as ACP's `plan` update (every step at medium priority:
// inkling's steps have none), and exit_plan_mode's question (plan_review) as a permission request
// whose choices are the card's: run it, run it with edits accepted, keep planning. A cancelled
// request is the card's Esc: the turn stops. (exit_plan_mode is offered only to -p until the TUI's
// card lands; the mapping is here for when sessions that can ask offer it.)
import type { PermissionOption, RequestPermissionRequest, RequestPermissionResponse, SessionUpdate } from '@agentclientprotocol/sdk';
import type { PlanAnswer, PlanView } from '../core/plan/plan-types.js';
import { textContent } from './bash-content.js';

export function planUpdate(plan: PlanView): SessionUpdate {
  return { sessionUpdate: 'plan', entries: plan.steps.map((s) => ({ content: s.step, status: s.status, priority: 'medium' })) };
}

const CHOICES = {
  run: { optionId: 'run', name: 'Yes, run the plan', kind: 'allow_once' },
  'accept-edits': { optionId: 'accept-edits', name: 'Yes, and accept edits', kind: 'allow_always' },
  keep: { optionId: 'keep', name: 'No, keep planning', kind: 'reject_once' },
} as const satisfies Record<PlanAnswer['choice'], PermissionOption>;

export function planReviewRequest(sessionId: string, id: string, plan: string): RequestPermissionRequest {
  return {
    sessionId,
    toolCall: { toolCallId: id, title: 'Ready to leave plan mode?', kind: 'switch_mode', status: 'pending', content: [textContent(plan)] },
    options: Object.values(CHOICES),
  };
}

export function planAnswerOf(response: RequestPermissionResponse | undefined): PlanAnswer {
  const outcome = response?.outcome;
  if (!outcome || outcome.outcome === 'cancelled') return { choice: 'keep' };
  if (outcome.optionId === 'run' || outcome.optionId === 'accept-edits') return { choice: outcome.optionId };
  return { choice: 'keep', message: 'Keep planning.' };
}
