// Ctrl+R: the workspace's prompt history (every session's, then this one's) on the one list
// picker, newest first and each prompt once; typing filters it (every word, any case), Enter puts
// the chosen prompt in the input to edit or send, Esc leaves the input as it was. What was typed
// when Ctrl+R was pressed is the first filter, as in a shell's reverse search.
import type { AppStore } from './app-store.js';
import { filterRows, movedBy, withFilter, type PromptSearchState } from './list-picker.js';
import { flash } from './view-actions.js';

export type { PromptSearchState } from './list-picker.js';

/** The prompts the filter lets through. */
export function searchedPrompts(p: Pick<PromptSearchState, 'rows' | 'filter'>): string[] {
  return filterRows(p, (row, word) => row.toLowerCase().includes(word), p.filter.toLowerCase().split(/\s+/).filter(Boolean));
}

export function openPromptSearch(store: AppStore): void {
  const s = store.getState();
  const rows = [...new Set([...s.promptHistory].reverse())].filter((p) => p.trim() !== '');
  if (rows.length === 0) return flash(store, 'no prompts in this workspace yet');
  const typed = s.input.text;
  store.setState({
    mode: 'prompts',
    completion: null,
    promptSearch: { rows, filter: typed, filterCursor: typed.length, selected: 0, returnTo: s.mode },
  });
}

export function setPromptSearchFilter(store: AppStore, filter: string, cursor = filter.length): void {
  const p = store.getState().promptSearch;
  if (p) store.setState({ promptSearch: withFilter(p, filter, cursor) });
}

export function movePromptSearch(store: AppStore, delta: number): void {
  const p = store.getState().promptSearch;
  const moved = p && movedBy(p, delta, searchedPrompts(p).length);
  if (moved) store.setState({ promptSearch: moved });
}

export function closePromptSearch(store: AppStore): void {
  const p = store.getState().promptSearch;
  store.setState({ mode: p?.returnTo ?? 'input', promptSearch: null });
}

/** Enter: the selected prompt into the input (not sent: the person may edit it first). */
export function choosePromptSearch(store: AppStore): void {
  const p = store.getState().promptSearch;
  if (!p) return;
  const chosen = searchedPrompts(p)[p.selected];
  if (chosen === undefined) return flash(store, `no prompt matches “${p.filter}”`);
  store.setState({ mode: p.returnTo, promptSearch: null, input: { text: chosen, cursor: chosen.length }, pastes: [], historyPos: null });
}
