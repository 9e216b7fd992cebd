// What the running commands' panes ask of the core: their size, and keys typed into one (Ctrl+T).
import type { AppStore } from './app-store.js';

/** Pane size (cols × rows of the pty) for new bash panes and the running ones. */
export function resizePanes(store: AppStore, cols: number, rows: number): void {
  store.door.send({ type: 'resize', cols, rows, running: store.getState().activeToolIds });
}

/** Keys typed into a running command's pty; false when it no longer runs. */
export function writeToCommand(store: AppStore, id: string, data: string): boolean {
  return store.door.send({ type: 'writeToCommand', id, data });
}
