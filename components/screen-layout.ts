// How the screen divides its rows, as one function of the store's state and the terminal size:
// App draws with it, and the store's scroll and paging actions measure with it (the store's
// layout port), so a key never depends on a render having happened.
import type { AppState, ScreenLayout, ViewAnchor } from '../src/store/app-store.js';
import { isAsking } from '../src/store/app-store.js';
import { shownItems } from '../src/store/history-mode.js';
import { viewOf } from '../src/store/child-view.js';
import { findItem } from '../src/store/child-transcripts.js';
import type { TranscriptItem } from '../src/store/transcript.js';
import { approvalCardLines, cardBudget, previewWindow } from './approval-lines.js';
import { helpLines } from './HelpOverlay.js';
import { completionRows, inputRows, queuedRows } from './Input.js';
import { expandedRowsFor, viewItemLines, viewWindow, type ViewOptions } from './transcript-layout.js';
import { expandedOutputWindow } from './expanded-card.js';
import { workspacePromptRows } from './WorkspacePrompts.js';
import { planPanelRows } from './plan-panel-lines.js';

type Size = AppState['size'];

/**
 * Rows below the main view: the input with its completion, queue and prompts; none while a call
 * asks or a server's form is open (the card is the prompt, and has the keys).
 */
export function belowRows(s: AppState, size: Size = s.size): number {
  const { cols } = size;
  // An MCP server's form has the keys as a call's card does.
  if (isAsking(s) || s.mode === 'elicit' || s.mode === 'secret' || s.mode === 'planReview') return 0;
  const input = inputRows(s.input, cols, s.phase !== 'idle').length + 2;
  return input + completionRows(s.completion, cols).length + queuedRows(s.queued, cols).length + workspacePromptRows(s, cols) + planPanelRows(s, cols, size.rows);
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
    outputScroll: s.history.outputScroll,
    // A child agent walked into: its items are drawn nested under its task card.
    nested: viewOf(s).nested,
  };
}

/**
 * While a call asks, its card in the transcript is the prompt: these are the rows it is drawn
 * with (the view keeps them in sight).
 */
export function promptView(s: AppState, width: number, height: number): ViewOptions['prompt'] {
  if (!isAsking(s)) return undefined;
  const ask = s.approvals.queue[0]!;
  const item = s.index[ask.id] !== undefined ? s.items[s.index[ask.id]!] : undefined;
  const tool = item?.kind === 'tool' && item.id === ask.id ? item : undefined;
  return { id: ask.id, lines: approvalCardLines(s.approvals, tool, width, cardBudget(height), s.frame, Date.now(), s.renderEpoch) };
}

function itemRows(s: AppState, item: TranscriptItem): number {
  return viewItemLines(item, s.size.cols, mainRows(s), s.frame, Date.now(), s.renderEpoch, { expanded: s.expanded }).length;
}

function settleScroll(s: AppState, anchor: ViewAnchor | null): { scrollBack: number; anchor: ViewAnchor | null } {
  const view = transcriptView(s);
  // Following the bottom with nothing to keep in view (no selection, no asking card), the view's
  // answer is known without laying it out: 0 needs no clamping and no anchor. This is every pane
  // update and text delta of a turn: their rows are laid out once, by the Transcript drawing them.
  if (s.scrollBack === 0 && view.selectedId === null && !isAsking(s)) return { scrollBack: 0, anchor: null };
  const height = mainRows(s);
  const prompt = promptView(s, s.size.cols, height);
  const win = viewWindow(shownItems(s), height, s.size.cols, s.scrollBack, s.frame, Date.now(), s.renderEpoch, { ...view, anchor, ...(prompt ? { prompt } : {}) });
  const selectedId = view.selectedId ?? null;
  return {
    scrollBack: win.scrollBack,
    anchor: selectedId !== null && win.selectionBelow !== undefined ? { id: selectedId, below: win.selectionBelow } : null,
  };
}

/** The layout the interactive app gives its store (src/app/run-tui.ts, the UI tests). */
export const screenLayout: ScreenLayout = {
  mainRows: (s) => mainRows(s),
  helpRows: (s) => helpLines(s.size.cols, s.workspace.commands).length,
  itemRows,
  settleScroll,
  approvalPreview: (s) => previewWindow(s.approvals, s.size.cols, cardBudget(mainRows(s)), s.renderEpoch),
  expandedOutput(s) {
    const id = transcriptView(s).selectedId;
    const item = id !== null && s.expanded[id] ? findItem(s, id) : undefined;
    // Selected, a card is drawn beside the selection bar: two columns narrower.
    return item?.kind === 'tool' ? expandedOutputWindow(item, Math.max(8, s.size.cols - 2), expandedRowsFor(mainRows(s))) : null;
  },
};
