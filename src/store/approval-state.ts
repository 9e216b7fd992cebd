// The approval prompt's state: the calls waiting for the person's answer (asked one at a time,
// the first is shown), the highlighted choice, and the "tell the model" text field.
import type { ApprovalPreview, PermissionMode, RememberOffer } from '../core/permissions/approval.js';

export interface ApprovalAsk {
  id: string;
  tool: string;
  input: unknown;
  preview: ApprovalPreview;
  reason: string;
  remember?: RememberOffer;
  /** More calls of the same response the core said would ask after this one. */
  waiting: number;
}

export interface ApprovalsState {
  queue: ApprovalAsk[];
  /** 0 Yes · 1 Yes, this session · 2 Yes, always · 3 No, and tell the model. */
  selected: number;
  /** Choice 4's text field has the keyboard. */
  typing: boolean;
  /** Choice 4's text and cursor (edited by src/keys/line-editor.ts). */
  message: string;
  cursor: number;
}

export interface PermissionModeState {
  /** The mode now (null until the agent reports one). */
  mode: PermissionMode | null;
  /** The modes Shift+Tab cycles through (yolo only when inkling started in it). */
  cycle: PermissionMode[];
  /** Ring the terminal bell when a prompt opens (notifications.bell). */
  bell: boolean;
}

export const emptyApprovals = (): ApprovalsState => ({ queue: [], selected: 0, typing: false, message: '', cursor: 0 });

export function modeCycle(start: PermissionMode): PermissionMode[] {
  const cycle: PermissionMode[] = ['default', 'accept-edits', 'plan'];
  return start === 'yolo' ? [...cycle, 'yolo'] : cycle;
}
