// History mode's part of the app state (its own file: app-store.ts holds it, history-mode.ts
// changes it, and neither imports the other's values).
export interface HistoryState {
  /** The selected stop (a tool call or message id); null when there is none. */
  selectedId: string | null;
  /** The applied stop filter ('' = none). */
  filter: string;
  /** The filter being typed after `/`, or null. */
  filterPrompt: { text: string; cursor: number } | null;
  /**
   * Rows the selected expanded card's output is scrolled up from its newest row (PgUp/PgDn
   * inside a card whose output is taller than its window); back to 0 when the selection moves.
   */
  outputScroll: number;
  /**
   * The child agents walked into with → (ids of their task calls, outermost first); empty: the
   * parent's transcript. The stops, the selection and what the transcript draws are the innermost's.
   */
  into: readonly string[];
}

export const emptyHistory = (): HistoryState => ({ selectedId: null, filter: '', filterPrompt: null, outputScroll: 0, into: [] });
