// The one clock behind every spinner and elapsed time. It runs only while something
// animates (a turn in progress, a tool running), so an idle app schedules nothing at all.
import { isAsking, type AppState, type AppStore } from './app-store.js';
import { frames } from '../core/frame-clock.js';

// Every 4 frames of the screen's clock (core/frame-clock.ts): about 7 glyphs a second, as the peers turn theirs.
export const TICK_MS = frames(4);
// The elapsed counters show whole seconds: the store hears of the time once a second.
const SECOND_MS = 1000;

/**
 * Whether anything on screen turns or counts: the status line while a turn is on (it shows a
 * spinner and the turn's time unless an approval prompt waits), a running tool's card (its spinner
 * and elapsed time), a retry's countdown. While an approval prompt waits and no tool runs, nothing
 * does, however long the person takes to answer; nor while the pager fills the screen.
 */
export function needsTicks(s: AppState): boolean {
  // The pager fills the screen; exit_plan_mode's card waits for the person as an approval does.
  if (s.mode === 'pager' || s.mode === 'planReview') return false;
  if (s.retry !== null) return true;
  if (s.phase !== 'idle' && !isAsking(s)) return true;
  return s.activeToolIds.some((id) => {
    const item = s.items[s.index[id] ?? -1];
    return item?.kind === 'tool' && item.status === 'running';
  });
}

export interface TickerOptions {
  intervalMs?: number;
  /**
   * Turns the spinners on screen to the glyph of `tick` without a store update (the frame writer,
   * src/app/frame-diff.ts, whose components leave the spinners to it). With it, the store's
   * `frame` moves once a second (the elapsed counters redraw); without it, on every tick.
   */
  spin?: (tick: number) => void;
}

export interface Ticker {
  stop(): void;
  /** Whether a timer is armed right now (tests: idle means none). */
  running(): boolean;
}

export function startTicker(store: AppStore, opts: TickerOptions = {}): Ticker {
  const intervalMs = opts.intervalMs ?? TICK_MS;
  const spin = opts.spin;
  const perSecond = Math.max(1, Math.round(SECOND_MS / intervalMs));
  let timer: NodeJS.Timeout | null = null;
  let ticks = 0;
  const tick = () => {
    ticks++;
    // The second first: the rows it changes are redrawn with the glyphs' turn, one redraw for both
    // (the frame writer draws what a commit asked for a microtask later, the glyphs at once).
    if (!spin || ticks % perSecond === 0) store.setState((st) => ({ frame: st.frame + 1 }));
    if (spin) spin(ticks);
  };
  const sync = (s: AppState) => {
    const want = needsTicks(s);
    if (want && !timer) {
      // Counted from here, so the store's seconds start with the turn's.
      ticks = 0;
      timer = setInterval(tick, intervalMs);
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
