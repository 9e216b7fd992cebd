// Keys of the /model picker: its own (↑↓, Enter, Ctrl+R, Esc), then the line editor on its
// filter, whose text lives in the store, so keys typed faster than a frame all arrive in order.
import type { AppStore } from '../store/app-store.js';
import { chooseModel, closeModelPicker, moveModelSelection, openModelPicker, setModelFilter } from '../store/model-picker.js';
import type { KeyPress } from './key-names.js';
import { actionFor } from './keymap.js';
import { editFilter, pastedFilter } from './filter-line.js';

/** Resolves when a switch or a refresh is done (tests await it). */
export function handleModelKey(store: AppStore, press: KeyPress): Promise<void> | void {
  switch (actionFor('model', press.name)) {
    case 'prev': return moveModelSelection(store, -1);
    case 'next': return moveModelSelection(store, 1);
    case 'choose': return chooseModel(store);
    case 'refresh': return openModelPicker(store, true);
    case 'close': return closeModelPicker(store);
    default: {
      const p = store.getState().modelPicker;
      const next = p && p.phase !== 'switching' ? editFilter(p, press) : null;
      if (next) setModelFilter(store, next.text, next.cursor);
      return;
    }
  }
}

/** A paste into /model goes into its filter (on one line). */
export function pasteIntoModelPicker(store: AppStore, text: string): void {
  const p = store.getState().modelPicker;
  if (!p || p.phase === 'switching') return;
  const next = pastedFilter(p, text);
  setModelFilter(store, next.text, next.cursor);
}
