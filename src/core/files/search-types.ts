// What both grep engines (ripgrep and the built-in Node search) take and return.
import ignore from 'ignore';

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
  /**
   * The target, opened and verified: a path that names that very file or directory for a child
   * process (/proc/<pid>/fd/N). ripgrep searches through it, so a directory swapped for a symlink
   * after the check is not followed. Absent where the kernel offers no such path.
   */
  anchor?: { childPath: string; isFile: boolean };
}

/** Files bigger than this are not searched (ripgrep's --max-filesize, the Node engine's limit). */
export const MAX_SEARCH_FILE_BYTES = 10 * 1024 * 1024;

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
      /** Non-fatal problems (unreadable files, a stopped search), for a note. */
      warning?: string;
      /** Files left out for being over MAX_SEARCH_FILE_BYTES, relative to the root. */
      skippedLarge: string[];
      /** Files with a match that were treated as binary (a NUL byte): no lines shown, relative to the root. */
      binary: string[];
    }
  | { ok: false; error: string };

export function cutLine(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}... [line cut at ${max} characters]` : text;
}

/** ripgrep's --glob semantics: gitignore-style patterns; a leading '!' excludes instead. */
export function globFilter(glob: string | undefined): (relPath: string) => boolean {
  if (!glob) return () => true;
  const negate = glob.startsWith('!');
  const matcher = ignore().add(negate ? glob.slice(1) : glob);
  return (relPath) => matcher.ignores(relPath) !== negate;
}

/** A glob with no '/' inside (a trailing one aside) matches a file's name wherever the search starts. */
export function isNameGlob(glob: string): boolean {
  return !(glob.startsWith('!') ? glob.slice(1) : glob).replace(/\/+$/, '').includes('/');
}
