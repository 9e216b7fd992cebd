// What the app does after its first frame that no turn needs (the `@` file list, asking tmux about
// Shift+Enter) waits for an idle moment: typed at once, the first turn, and the first command's
// loads while it waits for the model, get the machine first.
import type { AppStore } from '../store/app-store.js';

/** Runs `chore` once, as soon as no turn runs (at once when none does). */
export function whenIdle(store: Pick<AppStore, 'getState' | 'subscribe'>, chore: () => void): void {
  if (store.getState().phase === 'idle') return chore();
  const off = store.subscribe((s) => {
    if (s.phase !== 'idle') return;
    off();
    chore();
  });
}
