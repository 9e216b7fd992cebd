// What each key does in history mode (and in its `/` filter prompt). Actions come from the one
// key map; a key the map does not bind in history mode does nothing.
import type { AppStore } from '../store/app-store.js';
import * as hist from '../store/history-mode.js';
import type { ToolItem, TranscriptItem } from '../store/transcript.js';
import type { KeyPress } from './key-names.js';
import { actionFor } from './keymap.js';
import { fullOutputText } from '../pager/log-reader.js';
import { editLine } from './line-editor.js';
import { openPager } from './pager-open.js';
import { startRewind, startUndo } from '../store/revert-dialog.js';
import { toggleContextEdit } from '../store/context-actions.js';
import { flash } from '../store/view-actions.js';
import { withJobActions } from '../store/job-actions-loader.js';
import { enterChild, insideChild, leaveChild } from '../store/child-view.js';

export interface HistoryEnv {
  /** Puts text on the clipboard (OSC 52 to our terminal, else a local program). */
  copy(text: string): Promise<{ summary: string }>;
  /** What `Y` copies for a tool call (its renderer knows: the command, the path, the pattern). */
  toolInput?(item: ToolItem): string;
}


/** The clean text `y` copies for a stop: a call's whole output (bash: from its log), or a message. */
export async function outputTextOf(item: TranscriptItem): Promise<{ text: string; truncated: boolean }> {
  if (item.kind === 'tool') return fullOutputText({ content: item.result?.content ?? '', details: item.details });
  return { text: item.text, truncated: false };
}

/** The text `Y` copies: a call's input (command, path, pattern), or the person's prompt. */
export function inputTextOf(item: TranscriptItem, env?: Pick<HistoryEnv, 'toolInput'>): string | null {
  if (item.kind === 'tool') return env?.toolInput?.(item) ?? JSON.stringify(item.input ?? null, null, 2);
  return item.kind === 'user' ? item.text : null;
}

async function copyWith(store: AppStore, env: HistoryEnv, get: () => Promise<string | null>): Promise<void> {
  try {
    const text = await get();
    if (text === null) return flash(store, 'nothing to copy here');
    const report = await env.copy(text);
    flash(store, report.summary);
  } catch (e) {
    flash(store, `not copied: ${(e as Error).message}`);
  }
}

/** History mode's actions that act on the selected stop. */
const ACTS_ON_SELECTION = new Set(['toggle', 'into', 'open', 'focusShell', 'background', 'undo', 'rewind', 'dropResult', 'shrinkResult', 'pinResult', 'copyOutput', 'copyInput']);

/** What the parent's conversation keys say inside a child (← goes back out). */
const PARENT_ONLY: Partial<Record<string, string>> = {
  rewind: "R rewinds the parent's prompts: an agent's calls have none to rewind to (← back out)",
  dropResult: "an agent's calls are not in this conversation's context (← back out)",
  shrinkResult: "an agent's calls are not in this conversation's context (← back out)",
  pinResult: "an agent's calls are not in this conversation's context (← back out)",
  focusShell: "keys go to the parent's commands only (← back out)",
  background: "only the parent's commands go to the background (← back out)",
};

/** Resolves when the copy (if any) has finished: tests await it. */
export function handleHistoryKey(store: AppStore, press: KeyPress, env: HistoryEnv): Promise<void> | void {
  const s = store.getState();
  if (s.history.filterPrompt) return filterKey(store, press);
  const item = hist.selectedItem(s);
  const action = actionFor('history', press.name);
  // A filter that hides the selection (one with no matches) leaves no call to act on: the call
  // still selected underneath is not the one the person sees.
  if (action && ACTS_ON_SELECTION.has(action) && !hist.selectionShown(s)) return flash(store, 'nothing selected');
  // A child's calls are not the parent's conversation: its prompts, context and commands' keys are not there.
  if (action && PARENT_ONLY[action] && insideChild(s)) return flash(store, PARENT_ONLY[action]!);
  switch (action) {
    case 'prev': return hist.moveSelection(store, -1);
    case 'next': return hist.moveSelection(store, 1);
    case 'prevPrompt': return hist.jumpPrompt(store, -1);
    case 'nextPrompt': return hist.jumpPrompt(store, 1);
    case 'first': return hist.selectEnd(store, 'first');
    case 'last': return hist.selectEnd(store, 'last');
    case 'pageUp': return hist.movePage(store, -1);
    case 'pageDown': return hist.movePage(store, 1);
    case 'toggle': return hist.toggleExpanded(store);
    case 'into': return enterChild(store);
    case 'out': return leaveChild(store);
    case 'open': return item ? openPager(store, { kind: 'item', id: item.id }) : undefined;
    case 'filter': return hist.startFilter(store);
    case 'focusShell': return hist.focusShell(store);
    case 'background': return withJobActions((jobs) => jobs.backgroundCommand(store));
    case 'undo': return startUndo(store);
    case 'rewind': return startRewind(store);
    case 'dropResult': return toggleContextEdit(store, 'drop');
    case 'shrinkResult': return toggleContextEdit(store, 'shrink');
    case 'pinResult': return toggleContextEdit(store, 'pin');
    case 'copyOutput':
      if (!item) return;
      return copyWith(store, env, async () => {
        const { text, truncated } = await outputTextOf(item);
        if (truncated) throw new Error('output too large — o opens it in the pager');
        return text;
      });
    case 'copyInput':
      if (!item) return;
      return copyWith(store, env, async () => inputTextOf(item, env));
    case 'leave':
      // Esc with a filter on clears the filter first; a second Esc leaves.
      if (press.name === 'esc' && s.history.filter !== '') return hist.clearFilter(store);
      return hist.leaveHistory(store);
    case undefined:
      return; // unbound keys do nothing in history mode
    default:
      return unhandled(action);
  }
}

/** Typing the filter: the line editor edits it live, Enter keeps it, Esc drops it. */
function filterKey(store: AppStore, press: KeyPress): void {
  const prompt = store.getState().history.filterPrompt!;
  const action = actionFor('lineprompt', press.name);
  if (action === 'accept') return hist.endFilter(store, true);
  if (action === 'dismiss' || (press.name === 'backspace' && prompt.text === '')) return hist.endFilter(store, false);
  const next = editLine(prompt, press);
  if (next) hist.editFilter(store, next.text, next.cursor);
}

/** A switch over a context's actions ends here: a new action without a case is a type error. */
function unhandled(action: never): void {
  void action;
}
