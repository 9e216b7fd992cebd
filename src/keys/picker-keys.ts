// Keys of the session picker: its own (↑↓, Enter, Tab, Esc), then the line editor on its filter,
// whose text lives in the store, so keys typed faster than a frame all arrive in order.
import type { AppStore } from '../store/app-store.js';
import { choosePicked, closePicker, movePicker, setPickerFilter, togglePickerScope } from '../store/session-picker.js';
import type { KeyPress } from './key-names.js';
import { actionFor } from './keymap.js';
import { editFilter, pastedFilter } from './filter-line.js';

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
    default: {
      const p = store.getState().picker;
      const next = p && p.phase !== 'opening' ? editFilter(p, press) : null;
      if (next) setPickerFilter(store, next.text, next.cursor);
      return;
    }
  }
}

/** A paste into the picker goes into its filter (on one line). */
export function pasteIntoPicker(store: AppStore, text: string): void {
  const p = store.getState().picker;
  if (!p || p.phase === 'opening') return;
  const next = pastedFilter(p, text);
  setPickerFilter(store, next.text, next.cursor);
}
