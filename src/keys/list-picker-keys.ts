// The keys of every list picker (store/list-picker.ts), in one handler: ↑↓ and PgUp/PgDn move
// the selection, the picker's own actions (Enter, Esc, Tab, Ctrl+R) do what it says, anything
// else edits its filter (a store-edited line, so keys typed faster than a frame all arrive in
// order). A picker is one declaration below: its key map context, its state and its actions.
import type { AppStore } from '../store/app-store.js';
import type { ListPick } from '../store/list-picker.js';
import { choosePicked, closePicker, movePicker, setPickerFilter, togglePickerScope } from '../store/session-picker.js';
import { chooseRewind, closeRewindPicker, moveRewindPicker, setRewindFilter } from '../store/rewind-picker.js';
import { chooseModel, closeModelPicker, moveModelSelection, openModelPicker, setModelFilter } from '../store/model-picker.js';
import { choosePromptSearch, closePromptSearch, movePromptSearch, setPromptSearchFilter } from '../store/prompt-search.js';
import { withJobActions } from '../store/job-actions-loader.js';
import { withSetupLists } from '../store/setup-list-loader.js';
import type { KeyPress } from './key-names.js';
import { actionFor, type ActionOf } from './keymap.js';
import { editFilter, pastedFilter } from './filter-line.js';

type Done = Promise<void> | void;

/** The moves every list has; a picker's key map context names the ones it binds. */
type Move = 'prev' | 'next' | 'pageUp' | 'pageDown';
const STEP: Record<Move, number> = { prev: -1, next: 1, pageUp: -10, pageDown: 10 };

export interface ListPickerKeys<C extends 'picker' | 'rewind' | 'model' | 'prompts' | 'jobs' | 'lists'> {
  context: C;
  /** The picker's state while it takes typing (null: opening, switching, or closed). */
  editable(store: AppStore): Omit<ListPick<unknown>, 'rows'> | null;
  move(store: AppStore, delta: number): void;
  setFilter(store: AppStore, text: string, cursor: number): void;
  /** What its other keys do. */
  actions: Record<Exclude<ActionOf<C>, Move>, (store: AppStore) => Done>;
}

export const SESSION_PICKER: ListPickerKeys<'picker'> = {
  context: 'picker',
  editable: (store) => {
    const p = store.getState().picker;
    return p && p.phase !== 'opening' ? p : null;
  },
  move: movePicker,
  setFilter: setPickerFilter,
  actions: { open: choosePicked, scope: togglePickerScope, cancel: closePicker },
};

export const REWIND_PICKER: ListPickerKeys<'rewind'> = {
  context: 'rewind',
  editable: (store) => store.getState().rewindPicker,
  move: moveRewindPicker,
  setFilter: setRewindFilter,
  actions: { open: chooseRewind, cancel: closeRewindPicker },
};

export const MODEL_PICKER: ListPickerKeys<'model'> = {
  context: 'model',
  editable: (store) => {
    const p = store.getState().modelPicker;
    return p && p.phase !== 'switching' ? p : null;
  },
  move: moveModelSelection,
  setFilter: setModelFilter,
  actions: { choose: chooseModel, refresh: (store) => openModelPicker(store, true), close: closeModelPicker },
};

export const JOBS_PICKER: ListPickerKeys<'jobs'> = {
  context: 'jobs',
  editable: (store) => store.getState().jobs.picker,
  // The actions are loaded: /jobs opened the picker through them.
  move: (store, delta) => void withJobActions((jobs) => jobs.moveJobs(store, delta)),
  setFilter: (store, text, cursor) => void withJobActions((jobs) => jobs.setJobsFilter(store, text, cursor)),
  actions: { open: (store) => withJobActions((jobs) => jobs.openJobView(store)), cancel: (store) => withJobActions((jobs) => jobs.closeJobs(store)) },
};

export const SETUP_LISTS: ListPickerKeys<'lists'> = {
  context: 'lists',
  editable: (store) => {
    const p = store.getState().setupList;
    return p && p.phase !== 'working' ? p : null;
  },
  // The actions are loaded: /skills, /hooks or /permissions opened the list through them.
  move: (store, delta) => void withSetupLists((lists) => lists.moveSetupList(store, delta)),
  setFilter: (store, text, cursor) => void withSetupLists((lists) => lists.setSetupListFilter(store, text, cursor)),
  actions: { act: (store) => withSetupLists((lists) => lists.actOnSetupRow(store)), cancel: (store) => withSetupLists((lists) => lists.closeSetupList(store)) },
};

export const PROMPT_SEARCH: ListPickerKeys<'prompts'> = {
  context: 'prompts',
  editable: (store) => store.getState().promptSearch,
  move: movePromptSearch,
  setFilter: setPromptSearchFilter,
  actions: { choose: choosePromptSearch, cancel: closePromptSearch },
};

/** Resolves when what the key started is done (tests await it). */
export function handleListKey<C extends 'picker' | 'rewind' | 'model' | 'prompts' | 'jobs' | 'lists'>(store: AppStore, press: KeyPress, picker: ListPickerKeys<C>): Done {
  const action = actionFor(picker.context, press.name) as ActionOf<C> | undefined;
  if (action !== undefined && action in STEP) return picker.move(store, STEP[action as Move]);
  if (action !== undefined) return picker.actions[action as Exclude<ActionOf<C>, Move>](store);
  const p = picker.editable(store);
  const next = p ? editFilter(p, press) : null;
  if (next) picker.setFilter(store, next.text, next.cursor);
}

/** A paste into a picker goes into its filter (on one line). */
export function pasteIntoList<C extends 'picker' | 'rewind' | 'model' | 'prompts' | 'jobs' | 'lists'>(store: AppStore, text: string, picker: ListPickerKeys<C>): void {
  const p = picker.editable(store);
  if (!p) return;
  const next = pastedFilter(p, text);
  picker.setFilter(store, next.text, next.cursor);
}
