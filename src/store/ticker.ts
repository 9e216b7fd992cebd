// The one clock behind every spinner and elapsed time. It runs only while something
// animates (a turn in progress, a tool running), so an idle app uses no CPU at all.
import type { AppState, AppStore } from './app-store.js';

// 8 frames a second: smooth enough for a spinner, and each tick is a full Ink frame.
export const TICK_MS = 125;

export function needsTicks(s: AppState): boolean {
  return s.phase !== 'idle' || s.activeToolIds.length > 0 || s.retry !== null;
}

export interface Ticker {
  stop(): void;
  /** Whether a timer is armed right now (tests: idle means none). */
  running(): boolean;
}

export function startTicker(store: AppStore, intervalMs = TICK_MS): Ticker {
  let timer: NodeJS.Timeout | null = null;
  const sync = (s: AppState) => {
    const want = needsTicks(s);
    if (want && !timer) {
      timer = setInterval(() => store.setState((st) => ({ frame: st.frame + 1 })), intervalMs);
    } else if (!want && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
  const unsubscribe = store.subscribe(sync);
  sync(store.getState());
  return {
    stop() {
      unsubscribe();
      if (timer) clearInterval(timer);
      timer = null;
    },
    running: () => timer !== null,
  };
}
