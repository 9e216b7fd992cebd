// grep_search: regex search over the workspace with ripgrep when it is installed, else a Node search.
import { constants as fsConstants, promises as fs } from 'node:fs';
import path from 'node:path';
import { searchWithNode } from '../files/node-search.js';
import { searchWithRipgrep } from '../files/rg-search.js';
import type { SearchOptions, SearchOutcome } from '../files/search-types.js';
import { openForRead, type ReadTarget } from '../files/workspace-file.js';
import { errorMessage } from '../files/workspace-paths.js';
import type { Tool, ToolContext, ToolResult } from './tool.js';

export interface GrepSearchInput {
  pattern: string;
  path?: string;
  glob?: string;
  ignore_case?: boolean;
}

export interface GrepToolOptions {
  /** Path to the rg binary; null forces the Node engine; undefined looks for rg on PATH. */
  rgPath?: string | null;
}

export const GREP_MAX_MATCHES = 300;
const GREP_MAX_LINE_CHARS = 500;

export function createGrepTool(options: GrepToolOptions = {}): Tool<GrepSearchInput> {
  let rgPath: Promise<string | null> | undefined =
    options.rgPath !== undefined ? Promise.resolve(options.rgPath) : undefined;
  const engine = (): Promise<string | null> => {
    // Looked up once per tool, on first use, so that creating the tool costs nothing.
    rgPath ??= process.env.INKLING_GREP_ENGINE === 'node' ? Promise.resolve(null) : findOnPath('rg');
    return rgPath;
  };
  return {
    name: 'grep_search',
    description:
      'Search file contents in the workspace with a regular expression. Returns matching lines as ' +
      '"path:line:text" (paths relative to the workspace root), sorted by path, at most ' +
      `${GREP_MAX_MATCHES} matches. Files ignored by .gitignore, .git and node_modules are skipped; binary files that match are named, their lines not shown. ` +
      'The search uses ripgrep, or JavaScript RegExp where ripgrep is missing, so write patterns in the syntax ' +
      'both share: literal text, `.`, character classes like `[a-z]` and `[^"]`, `\\d \\w \\s \\b`, anchors ' +
      '`^ $`, quantifiers `* + ? {n,m}` (lazy `*?` too), groups `( )`, non-capturing `(?: )`, alternation `|`, and ' +
      'backslash-escaped metacharacters like `\\(` `\\.`. Avoid lookahead/lookbehind, backreferences and inline ' +
      'flags such as `(?i)`: use `ignore_case` instead. `path` narrows the search to a directory or one file; ' +
      '`glob` filters file paths with a gitignore-style glob such as "*.ts" or "src/**/*.tsx" ("!" in front excludes).',
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {
        pattern: { type: 'string', description: 'Regular expression to search for.' },
        path: { type: 'string', description: 'Directory or file to search, relative to the workspace root. Default: the root.' },
        glob: { type: 'string', description: 'Only search files whose path matches this glob, e.g. "*.ts".' },
        ignore_case: { type: 'boolean', description: 'Case-insensitive search. Default false.' },
      },
      required: ['pattern'],
      additionalProperties: false,
    },
    async execute(input, ctx) {
      try {
        // The scheduler applies the shared head+tail truncation to every result.
        return await grep(input, ctx, await engine());
      } catch (err) {
        return { content: `Search failed: ${errorMessage(err)}`, isError: true };
      }
    },
  };
}

async function grep(input: GrepSearchInput, ctx: ToolContext, rgPath: string | null): Promise<ToolResult> {
  if (typeof input.pattern !== 'string' || input.pattern === '') {
    return { content: 'pattern must be a non-empty regular expression.', isError: true };
  }
  const target = await openForRead(ctx.workspaceRoot, input.path ?? '.', (shown) => `The path ${shown} does not exist.`);
  if (!target.ok) return { content: target.error, isError: true };
  try {
    return await search(input, ctx, rgPath, target);
  } finally {
    await target.opened.close();
  }
}

async function search(input: GrepSearchInput, ctx: ToolContext, rgPath: string | null, target: ReadTarget): Promise<ToolResult> {
  const { stat, childPath } = target.opened;
  // A FIFO or device would block the search forever.
  if (!stat.isFile() && !stat.isDirectory()) {
    return { content: `${target.shown} is not a regular file or directory; it cannot be searched.`, isError: true };
  }

  const opts: SearchOptions = {
    root: target.root,
    targetRel: target.shown,
    pattern: input.pattern,
    glob: input.glob?.trim() || undefined,
    ignoreCase: input.ignore_case === true,
    maxMatches: GREP_MAX_MATCHES,
    maxLineChars: GREP_MAX_LINE_CHARS,
    signal: ctx.signal,
    ...(childPath ? { anchor: { childPath, isFile: stat.isFile() } } : {}),
  };
  let used: 'rg' | 'node' = 'node';
  let outcome: SearchOutcome | undefined;
  if (rgPath) {
    const rg = await searchWithRipgrep(rgPath, opts);
    if (!('spawnFailed' in rg)) {
      outcome = rg;
      used = 'rg';
    }
  }
  outcome ??= await searchWithNode(opts);
  if (!outcome.ok) return { content: outcome.error, isError: true };

  const files = new Set(outcome.matches.map((m) => m.path)).size;
  const skipped = outcome.skippedLarge;
  const details = {
    kind: 'grep' as const,
    pattern: input.pattern,
    matches: outcome.matches.length,
    files,
    truncated: outcome.truncated,
    engine: used,
    ...(skipped.length > 0 ? { skippedLarge: skipped.length } : {}),
    ...(outcome.binary.length > 0 ? { binary: outcome.binary.length } : {}),
  };
  const where = target.shown === '.' ? 'the workspace' : target.shown;
  let content =
    outcome.matches.length === 0 && outcome.binary.length > 0
      ? binaryNote(outcome.binary)
      : outcome.matches.length === 0
      ? `No matches for ${JSON.stringify(input.pattern)} in ${where}${opts.glob ? ` (glob ${opts.glob})` : ''}.`
      : outcome.matches.map((m) => `${m.path}:${m.line}:${m.text}`).join('\n');
  if (outcome.truncated) {
    content += `\n\n[Showing the first ${GREP_MAX_MATCHES} matches; there are more. Narrow the pattern, path or glob.]`;
  }
  if (outcome.matches.length > 0 && outcome.binary.length > 0) content += `\n\n${binaryNote(outcome.binary)}`;
  // Without this, a match in a big file (a log, a dump) would look like no match at all.
  if (skipped.length > 0) content += `\n\n${skippedNote(skipped)}`;
  if (outcome.warning) content += `\n\n[Note: ${outcome.warning}]`;
  return { content, isError: false, details };
}

const LISTED_SKIPPED = 5;

/** "[1 file over 10 MiB not searched: big.log]"; the first few names, then a count. */
export function skippedNote(paths: readonly string[]): string {
  const n = paths.length;
  const names = paths.slice(0, LISTED_SKIPPED).join(', ') + (n > LISTED_SKIPPED ? ` and ${n - LISTED_SKIPPED} more` : '');
  return `[${n} file${n === 1 ? '' : 's'} over 10 MiB not searched: ${names}. Use read_file with offset/limit, or bash, to look inside.]`;
}

/** "[1 file treated as binary: sparse.txt — read_file with an offset can look inside]": a match no line shows. */
export function binaryNote(paths: readonly string[]): string {
  const n = paths.length;
  const names = paths.slice(0, LISTED_SKIPPED).join(', ') + (n > LISTED_SKIPPED ? ` and ${n - LISTED_SKIPPED} more` : '');
  return `[${n} file${n === 1 ? '' : 's'} treated as binary: ${names} — read_file with an offset can look inside]`;
}

/** The first executable named `name` on PATH, or null. */
export async function findOnPath(name: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      await fs.access(candidate, fsConstants.X_OK);
      if ((await fs.stat(candidate)).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}
