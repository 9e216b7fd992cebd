// Keys of the undo / rewind preview: revert, restore anyway, scroll the diff, or leave it.
import { viewRows, type AppStore } from '../store/app-store.js';
import { close, confirmRevert, scrollPreview } from '../store/revert-dialog.js';
import type { KeyPress } from './key-names.js';
import { actionFor } from './keymap.js';

/** Resolves when a confirmed revert is done (tests await it). */
export function handleRevertKey(store: AppStore, press: KeyPress): Promise<void> | void {
  const page = Math.max(1, viewRows(store) - 4);
  const name = press.name === ' ' ? 'space' : press.name;
  switch (actionFor('revert', name)) {
    case 'confirm': return confirmRevert(store, false);
    case 'force': return confirmRevert(store, true);
    case 'scrollUp': return scrollPreview(store, -1);
    case 'scrollDown': return scrollPreview(store, 1);
    case 'pageUp': return scrollPreview(store, -page);
    case 'pageDown': return scrollPreview(store, page);
    case 'cancel':
      // Once the files are being written, the dialog closes by itself.
      if (store.getState().revert?.phase !== 'working') close(store);
      return;
    default:
      return;
  }
}
