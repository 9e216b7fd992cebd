// What both grep engines (ripgrep and the built-in Node search) take and return.

export interface SearchOptions {
  /** Real path of the workspace root; engines run from here and report paths relative to it. */
  root: string;
  /** What to search, relative to the root ('.' for all of it): a directory or a single file. */
  targetRel: string;
  pattern: string;
  /** Gitignore-style glob on file paths, e.g. "*.ts" or "src/**\/*.tsx"; a leading "!" excludes. */
  glob?: string;
  ignoreCase: boolean;
  /** Stop after this many matching lines. */
  maxMatches: number;
  /** Matched lines longer than this are cut. */
  maxLineChars: number;
  signal: AbortSignal;
}

export interface SearchMatch {
  path: string;
  line: number;
  text: string;
}

export type SearchOutcome =
  | {
      ok: true;
      matches: SearchMatch[];
      /** More matches existed than maxMatches. */
      truncated: boolean;
      /** Non-fatal problems (unreadable files, skipped large files), for a note. */
      warning?: string;
    }
  | { ok: false; error: string };

export function cutLine(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}... [line cut at ${max} characters]` : text;
}
