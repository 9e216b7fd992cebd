// The screen's own state changes: terminal size, redraws, the status line's flash, info notices
// in the transcript, scrolling the transcript, the help overlay.
import type { AppStore } from './app-store.js';
import { toSafeText } from '../core/text/safe-text.js';

/** The terminal was measured (first frame, resize); the scroll settles to the new size. */
export function resizeScreen(store: AppStore, size: { cols: number; rows: number }): void {
  const now = store.getState().size;
  if (now.cols !== size.cols || now.rows !== size.rows) store.setState({ size: { cols: size.cols, rows: size.rows } });
}

/** Every cached row is drawn again (the markdown renderer arrived, the theme changed). */
export function redrawAll(store: AppStore): void {
  store.setState((s) => ({ renderEpoch: s.renderEpoch + 1 }));
}

/** A short message on the status line (it fades by itself: the status bar stops showing it). */
export function flash(store: AppStore, text: string): void {
  store.setState({ flash: { text, at: Date.now() } });
}

/** Takes `text` off the status line if it is still what the line says (a later message stays). */
export function clearFlash(store: AppStore, text: string): void {
  if (store.getState().flash?.text === text) store.setState({ flash: null });
}

let notices = 0;
/** An info line at the end of the transcript (/cost, /sessions, start-up warnings); the view follows it. */
export function addNotice(store: AppStore, text: string): void {
  const id = `app-notice-${++notices}`;
  store.setState((s) => ({
    items: [...s.items, { kind: 'notice', id, text: toSafeText(text), level: 'info' }],
    index: { ...s.index, [id]: s.items.length },
    scrollBack: 0,
  }));
}

/** Scrolls the transcript `delta` rows up (negative: down); the store's layout clamps it at the top. */
export function scrollTranscript(store: AppStore, delta: number): void {
  const s = store.getState();
  const next = Math.max(0, s.scrollBack + delta);
  store.setState({ scrollBack: next, newBelow: next === 0 ? false : s.newBelow });
}

/** End: back to the bottom, following new output again. */
export function followBottom(store: AppStore): void {
  store.setState({ scrollBack: 0, newBelow: false });
}

export function openHelp(store: AppStore): void {
  store.setState({ mode: 'help' });
}

export function closeHelp(store: AppStore): void {
  store.setState({ mode: 'input', helpScroll: 0 });
}

/** Scrolls the help overlay, within its rows as the layout draws them. */
export function scrollHelp(store: AppStore, delta: number): void {
  const s = store.getState();
  const max = Math.max(0, store.layout.helpRows(s) - store.layout.mainRows(s));
  const next = Math.max(0, Math.min(max, s.helpScroll + delta));
  if (next !== s.helpScroll) store.setState({ helpScroll: next });
}

/** /mouse: the terminal's mouse reporting on or off. */
export function toggleMouse(store: AppStore): void {
  const on = !store.getState().mouse;
  store.terminal.setMouse(on);
  store.setState({ mouse: on });
  flash(store, on ? 'mouse mode on: the wheel scrolls (Shift+drag selects text)' : 'mouse mode off');
}
