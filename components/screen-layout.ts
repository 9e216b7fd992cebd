// How the screen divides its rows, as one function of the store's state and the terminal size:
// App draws with it, and the store's scroll and paging actions measure with it (the store's
// layout port), so a key never depends on a render having happened.
import type { AppState, ScreenLayout, ViewAnchor } from '../src/store/app-store.js';
import { isAsking } from '../src/store/app-store.js';
import { shownItems } from '../src/store/history-mode.js';
import type { TranscriptItem } from '../src/store/transcript.js';
import { approvalRows } from './ApprovalPrompt.js';
import { approvalLines, fieldLines } from './approval-lines.js';
import { completionRows, inputRows, queuedRows } from './Input.js';
import { viewItemLines, viewWindow, type ViewOptions } from './transcript-layout.js';
import { workspacePromptRows } from './WorkspacePrompts.js';

type Size = AppState['size'];

/** Rows the approval prompt may take: at least 8, at most 60 % of the screen. */
export const approvalBudget = (rows: number): number => Math.max(8, Math.floor(rows * 0.6));

/** Rows below the main view: the approval prompt, or the input with its completion, queue and prompts. */
export function belowRows(s: AppState, size: Size = s.size): number {
  const { cols, rows } = size;
  if (isAsking(s)) {
    const field = s.approvals.typing ? fieldLines(s.approvals.message, s.approvals.cursor, cols).length : 0;
    return approvalRows(approvalLines(s.approvals, cols, approvalBudget(rows)).length, field);
  }
  const input = inputRows(s.input, cols, s.phase !== 'idle').length + 2;
  return input + completionRows(s.completion, cols).length + queuedRows(s.queued, cols).length + workspacePromptRows(s, cols);
}

/**
 * Rows of the main view (transcript, help, dialogs): the frame is one row shorter than the
 * terminal, minus the header, the rows below and the status line.
 */
export function mainRows(s: AppState, size: Size = s.size): number {
  return Math.max(1, size.rows - 1 - 1 - belowRows(s, size) - 1);
}

/** History mode's part of the transcript view for this state. */
export function transcriptView(s: AppState): ViewOptions & { selectedId: string | null } {
  return {
    selectedId: s.mode === 'history' || s.shellFocus?.returnTo === 'history' ? s.history.selectedId : null,
    expanded: s.expanded,
    focusedId: s.shellFocus?.id ?? null,
  };
}

function itemRows(s: AppState, item: TranscriptItem): number {
  return viewItemLines(item, s.size.cols, mainRows(s), s.frame, Date.now(), s.renderEpoch, { expanded: s.expanded }).length;
}

function settleScroll(s: AppState, anchor: ViewAnchor | null): { scrollBack: number; anchor: ViewAnchor | null } {
  const view = transcriptView(s);
  const win = viewWindow(shownItems(s), mainRows(s), s.size.cols, s.scrollBack, s.frame, Date.now(), s.renderEpoch, { ...view, anchor });
  const selectedId = view.selectedId ?? null;
  return {
    scrollBack: win.scrollBack,
    anchor: selectedId !== null && win.selectionBelow !== undefined ? { id: selectedId, below: win.selectionBelow } : null,
  };
}

/** The layout the interactive app gives its store (src/app/run-tui.ts, the UI tests). */
export const screenLayout: ScreenLayout = { mainRows: (s) => mainRows(s), itemRows, settleScroll };
