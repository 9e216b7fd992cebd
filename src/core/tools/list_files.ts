// list_files: a sorted, gitignore-aware listing of a workspace directory.
import { promises as fs } from 'node:fs';
import { walkWorkspace } from '../files/workspace-walk.js';
import { errorMessage, resolveInWorkspace } from '../files/workspace-paths.js';
import type { Tool, ToolContext, ToolResult } from './tool.js';

export interface ListFilesInput {
  path?: string;
  depth?: number;
}

export const LIST_DEFAULT_DEPTH = 3;
export const LIST_MAX_DEPTH = 20;
export const LIST_MAX_ENTRIES = 1000;
// Past the cap the walk only counts, and stops counting here so a huge tree stays cheap.
const LIST_COUNT_LIMIT = 20_000;

export const listFilesTool: Tool<ListFilesInput> = {
  name: 'list_files',
  description:
    'List the files and directories under a workspace directory, recursively up to `depth` levels ' +
    `(default ${LIST_DEFAULT_DEPTH}; 1 lists only the direct children). Paths are relative to the workspace ` +
    "root, sorted, directories end with '/'. Files ignored by .gitignore are left out, and so are .git and " +
    `node_modules. At most ${LIST_MAX_ENTRIES} entries are shown; a note says how many more there are.`,
  readOnly: true,
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'Directory to list, relative to the workspace root. Default: the root.' },
      depth: { type: 'integer', minimum: 1, description: `How many levels to descend. Default ${LIST_DEFAULT_DEPTH}.` },
    },
    required: [],
    additionalProperties: false,
  },
  async execute(input, ctx) {
    try {
      // The scheduler applies the shared head+tail truncation to every result.
      return await listFiles(input ?? {}, ctx);
    } catch (err) {
      return { content: `Could not list ${String(input?.path ?? '.')}: ${errorMessage(err)}`, isError: true };
    }
  },
};

async function listFiles(input: ListFilesInput, ctx: ToolContext): Promise<ToolResult> {
  const resolved = await resolveInWorkspace(ctx.workspaceRoot, input.path ?? '.');
  if (!resolved.ok) return { content: resolved.error, isError: true };
  const shown = resolved.relPath;
  if (!resolved.exists) return { content: `The directory ${shown} does not exist.`, isError: true };
  const stat = await fs.stat(resolved.realPath);
  if (!stat.isDirectory()) {
    return { content: `${shown} is a file, not a directory. Use read_file to read it.`, isError: true };
  }
  const depth = Math.min(LIST_MAX_DEPTH, Math.max(1, Math.floor(input.depth ?? LIST_DEFAULT_DEPTH)));

  const lines: string[] = [];
  let total = 0;
  await walkWorkspace({
    root: resolved.root,
    start: resolved.realPath,
    maxDepth: depth,
    signal: ctx.signal,
    onEntry(entry) {
      total++;
      if (lines.length < LIST_MAX_ENTRIES) lines.push(entry.isDir ? `${entry.relPath}/` : entry.relPath);
      return total < LIST_MAX_ENTRIES + LIST_COUNT_LIMIT;
    },
  });
  if (ctx.signal.aborted) return { content: 'Listing cancelled.', isError: true };

  const truncated = total > lines.length;
  let content: string;
  if (lines.length === 0) {
    content = `The directory ${shown} is empty (or everything in it is ignored by .gitignore).`;
  } else {
    content = lines.join('\n');
    if (truncated) {
      const more = total >= LIST_MAX_ENTRIES + LIST_COUNT_LIMIT ? `at least ${total - lines.length}` : `${total - lines.length}`;
      content +=
        `\n\n[Listing capped at ${LIST_MAX_ENTRIES} entries: ${more} more not shown. ` +
        'List a subdirectory or use a smaller depth to see the rest.]';
    }
  }
  return { content, isError: false, details: { kind: 'list', path: shown, entries: lines.length, truncated } };
}
