// What an approval prompt shows and what the person answers: the data of the approval_request and
// approval_response events, shared by the core, -p and the TUI.
import type { EditHunk } from '../files/edit-diff.js';

/** What the prompt shows of a call before it runs. */
export type ApprovalPreview =
  /** write_file / edit_file: exactly what will change (a new file: all its lines as added). */
  | { kind: 'edit'; path: string; created: boolean; diff: string; hunks: EditHunk[]; note?: string }
  /** bash: the full command, where it runs and what the parser found in it. */
  | { kind: 'command'; command: string; cwd: string; findings: string[]; sandboxReason?: string }
  /** Any other tool: its arguments. */
  | { kind: 'args'; input: unknown };

/** What choice 2 ("don't ask again this session") and choice 3 ("always") would cover. */
export interface RememberOffer {
  /** Finishes "don't ask again this session for …": "commands starting with `git status`", "edits in src/". */
  label: string;
  /** The allow rule a remembered choice adds, in the settings grammar ("bash(git status:*)"). */
  rule: string;
  /** A plain yes covers the same for the rest of the session too (web_fetch asks once per domain). */
  onYes?: boolean;
}

export type ApprovalDecision =
  | { kind: 'yes' }
  | { kind: 'yes-session' }
  | { kind: 'yes-always' }
  /** `message` goes to the model in the call's result; the turn goes on. */
  | { kind: 'no'; message?: string }
  /** No, and the turn stops here (Esc): nothing after this call runs, the model is not asked again. */
  | { kind: 'stop' };

export type PermissionMode = 'default' | 'accept-edits' | 'plan' | 'auto' | 'yolo';
