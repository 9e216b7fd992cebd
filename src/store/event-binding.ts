// Core events → store, coalesced: a burst of text deltas or pty snapshots becomes one commit,
// so the screen redraws at most once a frame (core/frame-clock.ts) however fast the core emits.
import type { AgentEvent } from '../core/events.js';
import type { AppState, AppStore } from './app-store.js';
import { applyEvents } from './apply-events.js';
import { childEventCanWait, unseenChildOutput } from './child-transcripts.js';
import { FRAME_MS } from '../core/frame-clock.js';

export interface EventBinding {
  push(event: AgentEvent): void;
  /** Applies everything pending now (turn end, interrupt, tests). */
  flush(): void;
  /** Forgets pending events (an interrupted turn's stragglers). */
  discard(): void;
  /** How many commits the binding has made (bench figures). */
  readonly commits: number;
}

export interface EventBindingOptions {
  /** Minimum time between two commits: one frame of the clock by default. */
  intervalMs?: number;
  now?: () => number;
}

/**
 * What of a batch changes the state: children's live output nobody is looking at changes nothing,
 * and a batch of only that makes no commit (with 8 children streaming, a third of the batches).
 */
export function toCommit(batch: AgentEvent[], state: Pick<AppState, 'history'>): AgentEvent[] {
  return batch.some((e) => e.type === 'agent_event') ? batch.filter((e) => !unseenChildOutput(e, state.history.into)) : batch;
}

export function createEventBinding(store: AppStore, opts: EventBindingOptions = {}): EventBinding {
  const intervalMs = opts.intervalMs ?? FRAME_MS;
  const now = opts.now ?? Date.now;
  let pending: AgentEvent[] = [];
  // When each child event that waits (childEventCanWait) came: it goes with the next commit, in order.
  let waited: Map<AgentEvent, number> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let lastCommit = -Infinity;
  let commits = 0;

  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (pending.length === 0) return;
    const state = store.getState();
    const batch = toCommit(pending, state);
    const times = waited;
    pending = [];
    waited = null;
    if (batch.length === 0) return;
    lastCommit = now();
    commits++;
    const grew = batch.some((e) => e.type !== 'usage' && e.type !== 'retry');
    const patch = applyEvents(state, batch, lastCommit, times ?? undefined);
    // Scrolled up: keep the view still and say that something arrived below.
    if (grew && state.scrollBack > 0) patch.newBelow = true;
    store.setState(patch);
  };

  // Walking into a child (→) shows what it did: what of it waits goes now.
  store.subscribe((s, prev) => {
    if (waited !== null && s.history.into !== prev.history.into) queueMicrotask(flush);
  });

  return {
    push(event) {
      if (event.type === 'agent_event') {
        const state = store.getState();
        // A child's live output nobody is looking at changes nothing (toCommit): it is not even a wake of
        // the binding's timer (with 8 children streaming, most frames' only events).
        if (unseenChildOutput(event, state.history.into)) return;
        // What only its transcript keeps waits for the next commit, with the time it came.
        if (childEventCanWait(event, state)) {
          pending.push(event);
          (waited ??= new Map()).set(event, now());
          return;
        }
      }
      pending.push(event);
      if (event.type === 'turn_end') {
        flush();
        return;
      }
      if (timer) return;
      const wait = Math.max(0, lastCommit + intervalMs - now());
      timer = setTimeout(flush, wait);
    },
    flush,
    discard() {
      if (timer) clearTimeout(timer);
      timer = null;
      // The children's events that waited came before the interrupt: their transcripts keep them.
      const kept = waited;
      pending = kept ? pending.filter((e) => kept.has(e)) : [];
      flush();
    },
    get commits() {
      return commits;
    },
  };
}
