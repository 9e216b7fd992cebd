// Ctrl+T: while a running command's pane has focus (mode 'shell'), every chunk stdin delivers
// goes to its pty as the terminal sent it, until Ctrl+T gives the keys back (pty-keys.ts splits
// the two). The key pipeline hands the chunks here while the store's mode says so.
import type { TerminalSnapshot } from '../core/tools/details.js';
import type { AppStore } from '../store/app-store.js';
import { unfocusShell } from '../store/history-mode.js';
import { writeToCommand } from '../store/pane-actions.js';
import { routeFocusedInput, type ChildKeyModes } from './pty-keys.js';

/** The command's key modes, as its latest snapshot reports them (off when unknown). */
function keyModes(snapshot: TerminalSnapshot | undefined): ChildKeyModes {
  return { applicationCursorKeys: snapshot?.applicationCursorKeys === true, bracketedPaste: snapshot?.bracketedPaste === true };
}

/** A pane has the keys: chunks go to it as read. */
export function shellHasKeys(store: AppStore): boolean {
  const s = store.getState();
  return s.mode === 'shell' && s.shellFocus !== null;
}

/** One chunk as stdin delivered it, to the focused command's pty. */
export function sendShellChunk(store: AppStore, chunk: string): void {
  const s = store.getState();
  const focusId = s.shellFocus?.id;
  if (s.mode !== 'shell' || focusId === undefined) return;
  const item = s.items[s.index[focusId] ?? -1];
  const snapshot = item?.kind === 'tool' && item.details?.kind === 'bash' ? item.details.snapshot : undefined;
  const routed = routeFocusedInput(chunk, keyModes(snapshot));
  if (routed.toPty !== '' && !writeToCommand(store, focusId, routed.toPty)) return unfocusShell(store);
  // Anything typed after Ctrl+T in the same read is dropped.
  if (routed.returnFocus) unfocusShell(store);
}
