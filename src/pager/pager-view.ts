// What the pager shows and what it can be asked to do: the shapes PagerModel (pager-model.ts)
// hands the component and takes from the key map.
import type { Match } from './pager-search.js';

/** What the pager can be asked to do (the key map's pager context binds keys to these). */
export type PagerAction =
  | 'lineUp' | 'lineDown' | 'pageUp' | 'pageDown' | 'top' | 'bottom' | 'left' | 'right'
  | 'search' | 'nextMatch' | 'prevMatch' | 'wrap' | 'copy' | 'close';

/** First visible screen row: a line and, with wrap on, which of its wrapped rows. */
export interface Position { line: number; row: number }

export interface VisibleRow {
  line: number;
  /** What to draw: at most `width` columns. */
  text: string;
  /** Ranges in `text` (code units) to highlight; `current` marks the match n/N is on. */
  marks: { start: number; end: number; current: boolean }[];
}

export interface PagerView {
  rows: VisibleRow[];
  top: Position;
  width: number;
  height: number;
  wrap: boolean;
  left: number;
  totalLines: number;
  complete: boolean;
  /** Last visible line + 1, for "lines a–b of n". */
  bottomLine: number;
  percent: number;
  term: string;
  current: Match | null;
  /** Matches counted so far; `countDone` once the whole source was scanned. */
  matchCount: number;
  countDone: boolean;
  matchIndex: number | null;
  prompt: { text: string; cursor: number } | null;
  message: string | null;
  error: string | null;
}

export type PagerEffect = 'close' | 'copy' | null;
