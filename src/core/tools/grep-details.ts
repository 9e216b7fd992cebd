// What the UI gets for a grep_search call (beside grep_search.ts).
export interface GrepDetails {
  kind: 'grep';
  pattern: string;
  matches: number;
  files: number;
  truncated: boolean;
  engine: 'rg' | 'node';
  /** Files over 10 MiB that were not searched (absent when none). */
  skippedLarge?: number;
  /** Files with a match that were treated as binary (absent when none). */
  binary?: number;
}
