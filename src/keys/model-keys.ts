// Keys of the /model picker besides the filter's typing (its text field takes the characters).
import type { AppStore } from '../store/app-store.js';
import { chooseModel, closeModelPicker, moveModelSelection, openModelPicker } from '../store/model-picker.js';
import type { KeyPress } from './key-names.js';
import { actionFor } from './keymap.js';

/** Resolves when a switch or a refresh is done (tests await it). */
export function handleModelKey(store: AppStore, press: KeyPress): Promise<void> | void {
  switch (actionFor('model', press.name)) {
    case 'prev': return moveModelSelection(store, -1);
    case 'next': return moveModelSelection(store, 1);
    case 'choose': return chooseModel(store);
    case 'refresh': return openModelPicker(store, true);
    case 'close': return closeModelPicker(store);
    default: return;
  }
}
