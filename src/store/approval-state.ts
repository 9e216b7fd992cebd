// The approval prompt's state: the calls waiting for the person's answer (asked one at a time,
// the first is shown), the highlighted choice, and the "tell the model" text field.
import type { AgentEvent, AgentRef } from '../core/events.js';
import type { PermissionMode } from '../core/permissions/approval.js';

/**
 * One waiting call: the core's approval_request as it came (`waiting` = how many more of the same
 * response will ask); `agent` names the child agent whose call it is (absent: the parent's).
 */
export type ApprovalAsk = Omit<Extract<AgentEvent, { type: 'approval_request' }>, 'type'> & { agent?: AgentRef };

export interface ApprovalsState {
  queue: ApprovalAsk[];
  /** 0 Yes · 1 Yes, this session · 2 Yes, always · 3 No, and tell the model. */
  selected: number;
  /** Choice 4's text field has the keyboard. */
  typing: boolean;
  /** Choice 4's text and cursor (edited by src/keys/line-editor.ts). */
  message: string;
  cursor: number;
  /** Long pastes into the text field, shown as their `[pasted N lines]` label and sent whole. */
  pastes: { label: string; text: string }[];
  /** The first row of the preview shown, when it is taller than the card's room (PgUp/PgDn). */
  previewTop: number;
}

export interface PermissionModeState {
  /** The mode now (null until the agent reports one). */
  mode: PermissionMode | null;
  /** The modes Shift+Tab cycles through (auto or yolo only when inkling started in it). */
  cycle: PermissionMode[];
  /** Ring the terminal bell when a prompt opens (notifications.bell). */
  bell: boolean;
}

export const emptyApprovals = (): ApprovalsState => ({ queue: [], selected: 0, typing: false, message: '', cursor: 0, pastes: [], previewTop: 0 });

export function modeCycle(start: PermissionMode): PermissionMode[] {
  const cycle: PermissionMode[] = ['default', 'accept-edits', 'plan'];
  // The looser modes are reached only by starting in them: Shift+Tab never loosens past accept-edits.
  return start === 'auto' || start === 'yolo' ? [...cycle, start] : cycle;
}
