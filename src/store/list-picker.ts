// One list picker: the sessions (--resume, /resume), the session's prompts (/rewind) and the
// models (/model) are each a list with a filter line and a selection, and so will later lists be
// (agents, jobs, skills, hooks, permissions). This is their shared part of the state and the
// moves on it; each picker's own file says what its rows are, how a word matches one and what
// Enter does. (A file of types and pure functions, so app-store.ts can hold the states.)
import type { SessionScope } from '../core/sessions/session-catalog.js';
import type { SafeText } from '../core/text/safe-text.js';
import type { Mode } from './mode.js';

/** What every list picker holds: its rows, the filter line (the key pipeline edits it) and the selection. */
export interface ListPick<Row> {
  rows: Row[];
  filter: string;
  /** Where the filter's cursor is (absent: at its end). */
  filterCursor?: number;
  /** Index into the filtered rows. */
  selected: number;
}

/** The rows every word of the filter matches (`matches` says how one word matches a row). */
export function filterRows<Row>(p: Pick<ListPick<Row>, 'rows' | 'filter'>, matches: (row: Row, word: string) => boolean, words = p.filter.split(/\s+/).filter(Boolean)): Row[] {
  if (words.length === 0) return p.rows;
  return p.rows.filter((r) => words.every((w) => matches(r, w)));
}

/** A new filter text: the selection goes back to the first row. */
export function withFilter<P extends Omit<ListPick<unknown>, 'rows'>>(p: P, filter: string, cursor: number): P {
  return { ...p, filter, filterCursor: cursor, selected: 0 };
}

/** The selection `delta` rows on, wrapping round `count` filtered rows; null when there are none. */
export function movedBy<P extends Omit<ListPick<unknown>, 'rows'>>(p: P, delta: number, count: number): P | null {
  if (count === 0) return null;
  return { ...p, selected: (((p.selected + delta) % count) + count) % count };
}

/** One session on disk, as the session picker lists it. */
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

export interface PickerState extends ListPick<PickerRow> {
  scope: SessionScope;
  phase: 'loading' | 'ready' | 'opening';
  returnTo: Mode;
}

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

export interface RewindPickerState extends ListPick<RewindRow> {
  /** Newest prompt first. */
  rows: RewindRow[];
  phase: 'loading' | 'ready';
  returnTo: Mode;
}

export interface PickerModel {
  id: string;
  contextWindow: number | null;
}

/** /model's picker; its rows are `models`. */
export interface ModelPickerState extends Omit<ListPick<PickerModel>, 'rows'> {
  phase: 'loading' | 'ready' | 'switching';
  models: PickerModel[];
  current: string;
  error?: string;
}

/** Ctrl+R's search of the prompt history (store/prompt-search.ts). */
export interface PromptSearchState extends ListPick<string> {
  /** Newest first, each prompt once. */
  rows: string[];
  returnTo: Mode;
}
