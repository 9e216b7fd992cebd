// One mechanism for a block the frame writer draws in place: a store update that changes only what the writer may draw alone is laid out and redrawn without a React render.
import { useCallback, useLayoutEffect, useReducer, useRef, type MutableRefObject } from 'react';
import type { AppStore } from '../src/store/app-store.js';
import type { DrawnRows } from './drawn-rows.js';

/** What a block has on screen: at least its placeholder (null without a frame writer). */
export interface ShownBlock {
  placed: string | null;
}

/**
 * What a store update (or a forced refresh) means for the block on screen, `last`:
 * - null: nothing for the writer (nothing changed, or a change React renders with the rest of the frame);
 * - rows null: the rows on screen are right already, only remember what they are drawn from (`shown`);
 * - rows: draw these in place of the block's; on screen then is `shown`;
 * - 'render': a change the writer cannot draw in place and no selector renders (the block's height).
 */
export type InPlaceStep<S extends ShownBlock> = null | 'render' | { rows: readonly string[] | null; shown: S };

/**
 * Keeps what this render put on screen (`now`) and, with a frame writer, listens to the store: each
 * update asks `step` (the latest render's) and redraws the rows in place; when the writer cannot
 * (Ink's frame does not hold the block), the component renders again. Returns what is on screen
 * and `refresh(force)`, the same step asked outside a store update (`force`: something but the
 * store changed, e.g. the time).
 */
export function useDrawnInPlace<S extends ShownBlock>(
  store: AppStore,
  drawn: DrawnRows | null,
  now: S,
  step: (last: S, force: boolean) => InPlaceStep<S>,
): { shown: MutableRefObject<S | null>; refresh: (force?: boolean) => void } {
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);
  const shown = useRef<S | null>(null);
  const stepNow = useRef(step);
  useLayoutEffect(() => {
    shown.current = now;
    stepNow.current = step;
  });
  const refresh = useCallback(
    (force = false) => {
      const last = shown.current;
      if (!last) return;
      const next = stepNow.current(last, force);
      if (!next) return;
      if (next === 'render') return renderAgain();
      if (next.rows === null) shown.current = next.shown;
      else if (last.placed !== null && drawn?.redraw(last.placed, next.rows)) shown.current = next.shown;
      else renderAgain();
    },
    [drawn],
  );
  // Subscribed in the commit, so no update falls between this render and the listener.
  useLayoutEffect(() => {
    if (!drawn) return;
    return store.subscribe(() => refresh());
  }, [store, drawn, refresh]);
  return { shown, refresh };
}
