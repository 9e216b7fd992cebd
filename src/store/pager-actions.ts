// The pager slot's actions (pager-state.ts): opening, opened, closed. src/keys/pager-open.ts opens
// the model and calls these; the pager's keys close it.
import type { AppStore } from './app-store.js';
import type { Mode } from './mode.js';
import type { PagerHandle, PagerSubject } from './pager-state.js';

/** The pager takes the screen, showing "opening…" until its source is open. */
export function pagerOpening(store: AppStore, subject: PagerSubject, returnTo: Mode): void {
  store.getState().pager?.handle?.close();
  store.setState({ mode: 'pager', pager: { subject, returnTo, handle: null } });
}

/** The source of the pager opening for `subject` is open; a pager closed meanwhile closes it again. */
export function pagerOpened(store: AppStore, subject: PagerSubject, handle: PagerHandle): void {
  const slot = store.getState().pager;
  if (slot?.subject !== subject || slot.handle !== null) return handle.close();
  store.setState({ pager: { ...slot, handle } });
}

/** q / Esc (or a source that cannot open): back to the mode the pager came from; its source closes. */
export function closePager(store: AppStore): void {
  const slot = store.getState().pager;
  store.setState({ mode: slot?.returnTo ?? 'input', pager: null });
  slot?.handle?.close();
}
