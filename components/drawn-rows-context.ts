// The frame writer's DrawnRows as React context, apart from drawn-rows.ts: the writer (src/app/
// frame-diff.ts) loads with run-tui, before the UI and its React (production build) are loaded,
// and must not bring React in with it.
import { createContext, useContext } from 'react';
import type { DrawnRows } from './drawn-rows.js';

/**
 * The DrawnRows the frame writer fills (src/app/screen-render.ts provides it around the tree); null
 * when the rows go to Ink (render-only tests).
 */
export const DrawnRowsContext = createContext<DrawnRows | null>(null);

export function useDrawnRows(): DrawnRows | null {
  return useContext(DrawnRowsContext);
}
