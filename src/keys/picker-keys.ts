// Keys of the session picker besides typing into its filter (the field reads those itself).
import type { AppStore } from '../store/app-store.js';
import { choosePicked, closePicker, movePicker, togglePickerScope } from '../store/session-picker.js';
import type { KeyPress } from './key-names.js';
import { actionFor } from './keymap.js';

/** Resolves when what the key started is done (tests await it). */
export function handlePickerKey(store: AppStore, press: KeyPress): Promise<void> | void {
  switch (actionFor('picker', press.name)) {
    case 'prev': return movePicker(store, -1);
    case 'next': return movePicker(store, 1);
    case 'pageUp': return movePicker(store, -10);
    case 'pageDown': return movePicker(store, 10);
    case 'open': return choosePicked(store);
    case 'scope': return togglePickerScope(store);
    case 'cancel': return closePicker(store);
    default: return;
  }
}
