// Named actions of the approval prompt (state: approval-state.ts) and of the permission mode:
// moving the choice, answering, choice 4's text, Shift+Tab. Answers leave through the door.
import type { ApprovalDecision, PermissionMode } from '../core/permissions/approval.js';
import type { AppStore } from './app-store.js';
import { emptyApprovals, type ApprovalsState } from './approval-state.js';

export const CHOICES = 4;

function patch(store: AppStore, change: Partial<ApprovalsState>): void {
  store.setState((s) => ({ approvals: { ...s.approvals, ...change } }));
}

/** Whether a choice can be taken for the shown call (2 and 3 need something to remember). */
export function choiceAvailable(state: ApprovalsState, index: number): boolean {
  const ask = state.queue[0];
  if (!ask) return false;
  return index === 1 || index === 2 ? ask.remember !== undefined : index >= 0 && index < CHOICES;
}

export function moveApprovalChoice(store: AppStore, delta: number): void {
  const a = store.getState().approvals;
  let next = a.selected;
  for (let step = 0; step < CHOICES; step++) {
    next = (next + delta + CHOICES) % CHOICES;
    if (choiceAvailable(a, next)) break;
  }
  patch(store, { selected: next });
}

/** Takes choice `index` (0-based): 0–2 answer yes, 3 opens the text field. */
export function chooseApproval(store: AppStore, index: number): void {
  const a = store.getState().approvals;
  if (!choiceAvailable(a, index)) return;
  if (index === 3) return patch(store, { selected: 3, typing: true });
  const kinds = ['yes', 'yes-session', 'yes-always'] as const;
  answer(store, { kind: kinds[index]! });
}

export function setApprovalMessage(store: AppStore, field: { text: string; cursor: number }, pastes?: ApprovalsState['pastes']): void {
  patch(store, { message: field.text, cursor: field.cursor, ...(pastes ? { pastes } : {}) });
}

/** The text field's words as the model gets them: each paste label replaced by what was pasted. */
export function approvalMessage(a: Pick<ApprovalsState, 'message' | 'pastes'>): string {
  let out = a.message;
  for (const p of a.pastes) {
    const at = out.indexOf(p.label);
    if (at !== -1) out = out.slice(0, at) + p.text + out.slice(at + p.label.length);
  }
  return out.trim();
}

/** No: with the text field's words, if any were typed. */
export function declineApproval(store: AppStore): void {
  const a = store.getState().approvals;
  const message = a.typing ? approvalMessage(a) : '';
  answer(store, message ? { kind: 'no', message } : { kind: 'no' });
}

/** Esc: no, and the turn stops at this call (the core settles the rest unrun). */
export function stopAtApproval(store: AppStore): void {
  answer(store, { kind: 'stop' });
}

function answer(store: AppStore, decision: ApprovalDecision): void {
  const s = store.getState();
  const ask = s.approvals.queue[0];
  if (!ask) return;
  // The prompt moves on at once; the core's approval_response confirms it.
  store.setState({ approvals: { ...emptyApprovals(), queue: s.approvals.queue.slice(1) } });
  store.door.send({ type: 'respondToApproval', id: ask.id, decision });
}

/** PgUp/PgDn: the preview of a tall command or diff by a window (less a row, kept for context). */
export function scrollApprovalPreview(store: AppStore, direction: -1 | 1): void {
  const s = store.getState();
  if (s.approvals.queue.length === 0) return;
  const measure = store.layout.approvalPreview?.(s);
  const max = measure ? Math.max(0, measure.total - measure.window) : Number.MAX_SAFE_INTEGER;
  const page = measure ? Math.max(1, measure.window - 1) : 1;
  const top = Math.max(0, Math.min(max, Math.min(max, s.approvals.previewTop) + direction * page));
  if (top !== s.approvals.previewTop) patch(store, { previewTop: top });
}

/** Shift+Tab: the next mode of the cycle (default → accept-edits → plan [→ auto or yolo, if started in it]). */
export function cyclePermissionMode(store: AppStore): void {
  const { permission } = store.getState();
  if (!permission.mode || permission.cycle.length === 0) return;
  const at = permission.cycle.indexOf(permission.mode);
  const next = permission.cycle[(at + 1) % permission.cycle.length]!;
  setPermissionMode(store, next);
}

export function setPermissionMode(store: AppStore, mode: PermissionMode): void {
  store.setState((s) => ({ permission: { ...s.permission, mode }, flash: { text: `permission mode: ${mode}`, at: Date.now() } }));
  store.door.send({ type: 'setMode', mode });
}

/** The core changed the mode itself (exit_plan_mode's approval): the status line says so. */
export function permissionModeCame(store: AppStore, mode: PermissionMode): void {
  store.setState((s) => (s.permission.mode === mode ? {} : { permission: { ...s.permission, mode }, flash: { text: `permission mode: ${mode}`, at: Date.now() } }));
}

/** notifications.bell as the settings files say, once they are read (after the first frame). */
export function setBell(store: AppStore, on: boolean): void {
  store.setState((s) => ({ permission: { ...s.permission, bell: on } }));
}
