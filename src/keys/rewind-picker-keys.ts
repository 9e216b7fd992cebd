// Keys of the /rewind picker: its own (↑↓, Enter, Esc), then the line editor on its filter,
// whose text lives in the store, so keys typed faster than a frame all arrive in order.
import type { AppStore } from '../store/app-store.js';
import { chooseRewind, closeRewindPicker, moveRewindPicker, setRewindFilter } from '../store/rewind-picker.js';
import type { KeyPress } from './key-names.js';
import { actionFor } from './keymap.js';
import { editFilter, pastedFilter } from './filter-line.js';

/** Resolves when what the key started is done (tests await it). */
export function handleRewindPickerKey(store: AppStore, press: KeyPress): Promise<void> | void {
  switch (actionFor('rewind', press.name)) {
    case 'prev': return moveRewindPicker(store, -1);
    case 'next': return moveRewindPicker(store, 1);
    case 'pageUp': return moveRewindPicker(store, -10);
    case 'pageDown': return moveRewindPicker(store, 10);
    case 'open': return chooseRewind(store);
    case 'cancel': return closeRewindPicker(store);
    default: {
      const p = store.getState().rewindPicker;
      const next = p ? editFilter(p, press) : null;
      if (next) setRewindFilter(store, next.text, next.cursor);
      return;
    }
  }
}

/** A paste into the picker goes into its filter (on one line). */
export function pasteIntoRewindPicker(store: AppStore, text: string): void {
  const p = store.getState().rewindPicker;
  if (!p) return;
  const next = pastedFilter(p, text);
  setRewindFilter(store, next.text, next.cursor);
}
