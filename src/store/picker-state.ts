// The session picker's part of the app state (its own file, so app-store.ts can hold it
// without importing session-picker.ts, which changes it).
import type { SessionScope } from '../core/sessions/session-catalog.js';
import type { SafeText } from '../core/text/safe-text.js';
import type { Mode } from './mode.js';

export interface PickerRow {
  id: string;
  title: SafeText;
  workspace: SafeText;
  model: SafeText;
  updatedAt: number;
  turns: number;
  bytes: number;
  /** The session being recorded now. */
  current: boolean;
  /** A rewind started it from that session (its id), just before its prompt `prompt`. */
  forkedFrom?: { session: SafeText; prompt: number };
}

export interface PickerState {
  scope: SessionScope;
  filter: string;
  /** Where the filter's cursor is (absent: at its end). The key pipeline edits the filter (line-editor.ts). */
  filterCursor?: number;
  rows: PickerRow[];
  /** Index into the filtered rows. */
  selected: number;
  phase: 'loading' | 'ready' | 'opening';
  returnTo: Mode;
}
