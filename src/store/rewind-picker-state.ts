// The /rewind picker's part of the app state (its own file, so app-store.ts can hold it without
// importing rewind-picker.ts, which changes it).
import type { SafeText } from '../core/text/safe-text.js';
import type { Mode } from './mode.js';

/** One prompt of the session, as the change ledger marked it, with what its turn changed. */
export interface RewindRow {
  /** The prompt's ledger entry (what a rewind goes back to). */
  entry: string;
  /** Its number in the conversation (1-based). */
  ordinal: number;
  /** Milliseconds since the epoch. */
  at: number;
  firstLine: SafeText;
  /** Files the turn's calls changed, in the order first touched. */
  files: SafeText[];
  added: number;
  removed: number;
}

export interface RewindPickerState {
  /** Newest prompt first. */
  rows: RewindRow[];
  filter: string;
  /** Where the filter's cursor is (absent: at its end). The key pipeline edits the filter. */
  filterCursor?: number;
  /** Index into the filtered rows. */
  selected: number;
  phase: 'loading' | 'ready';
  returnTo: Mode;
}
