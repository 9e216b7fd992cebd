// The screen's own state changes: terminal size, redraws, scrolling the transcript, the help
// overlay, the status line's flash.
import type { AppStore } from './app-store.js';

/** The terminal was measured (first frame, resize); the scroll settles to the new size. */
export function resizeScreen(store: AppStore, size: { cols: number; rows: number }): void {
  const now = store.getState().size;
  if (now.cols !== size.cols || now.rows !== size.rows) store.setState({ size: { cols: size.cols, rows: size.rows } });
}

/** Every cached row is drawn again (the markdown renderer arrived, the theme changed). */
export function redrawAll(store: AppStore): void {
  store.setState((s) => ({ renderEpoch: s.renderEpoch + 1 }));
}
