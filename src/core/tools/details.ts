// Structured tool data for the UI (never shown to the model). One variant per tool kind.
import type { McpDetails } from '../mcp/mcp-details.js';

/** A rendered terminal screen: each line carries SGR colour codes; no cursor movement codes. */
export interface TerminalSnapshot {
  cols: number;
  rows: number;
  /** Recent scrollback plus the visible screen, oldest first, trailing blank lines trimmed. */
  lines: string[];
  /** Total lines the command has produced so far (may be more than lines.length). */
  totalLines: number;
  /** The command turned on application cursor keys (arrows are sent as ESC O A). */
  applicationCursorKeys?: boolean;
  /** The command turned on bracketed paste (pasted text is wrapped in ESC[200~ … ESC[201~). */
  bracketedPaste?: boolean;
}

export type ToolDetails =
  | {
      kind: 'read';
      path: string;
      startLine: number;
      endLine: number;
      totalLines: number;
      more: boolean;
      /** Other hard links to the same file, which may be outside the workspace (absent when none). */
      otherNames?: number;
    }
  | { kind: 'write'; path: string; bytes: number; lines: number; created: boolean }
  | {
      kind: 'edit';
      path: string;
      /** Unified diff text (no colour). */
      diff: string;
      /** Changed regions, old and new text, for a structured diff view. */
      hunks: { oldStart: number; oldLines: string[]; newStart: number; newLines: string[] }[];
      replacements: number;
      created: boolean;
    }
  | { kind: 'list'; path: string; entries: number; truncated: boolean }
  | {
      kind: 'grep';
      pattern: string;
      matches: number;
      files: number;
      truncated: boolean;
      engine: 'rg' | 'node';
      /** Files over 10 MiB that were not searched (absent when none). */
      skippedLarge?: number;
    }
  | {
      kind: 'bash';
      command: string;
      snapshot: TerminalSnapshot;
      running: boolean;
      exitCode: number | null;
      signal: string | null;
      timedOut: boolean;
      /** Full output log on disk (may be capped), for the pager. */
      logPath: string;
      totalBytes: number;
      /** Whether it ran in the sandbox (absent: not known, as in old sessions). */
      sandboxed?: boolean;
    }
  | { kind: 'text'; text: string }
  | McpDetails;
