// The plan over ACP: update_plan's checklist as ACP's `plan` update (every step at medium priority:
// inkling's steps have none), and exit_plan_mode's question (plan_review) as ACP's session-modes page
// describes exiting a plan mode: a permission request whose tool call is of kind switch_mode and
// carries the plan, its choices the card's (run it, run it with edits accepted, keep planning); the
// mode change that follows goes out as current_mode_update (session-updates.ts). "Keep planning" and
// a cancelled request both stop the turn in plan mode, as Claude Code's "No, keep planning" waits
// for the person: a permission answer carries no text, so what to change is their next prompt.
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
  if (outcome?.outcome === 'selected' && (outcome.optionId === 'run' || outcome.optionId === 'accept-edits')) return { choice: outcome.optionId };
  return { choice: 'keep' };
}
