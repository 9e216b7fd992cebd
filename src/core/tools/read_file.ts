// read_file: one page of numbered lines. It pages instead of cutting out the middle, so it is the one
// tool exempt from the shared head+tail truncation.
import { promises as fs } from 'node:fs';
import { SNIFF_BYTES, formatBytes, sniffBinary } from '../files/binary.js';
import { readPage } from '../files/line-pager.js';
import { recordFileState } from '../files/read-state.js';
import { errorMessage, resolveInWorkspace } from '../sandbox.js';
import type { SessionState, Tool, ToolResult } from './tool.js';

export interface ReadFileInput {
  path: string;
  offset?: number;
  limit?: number;
}

export const READ_DEFAULT_LIMIT = 2000;
export const READ_MAX_CHARS = 50_000;
export const READ_MAX_LINE_CHARS = 2000;
/** Whole-file reads above this size are refused; a page with offset/limit is always allowed. */
export const READ_SIZE_CAP = 10 * 1024 * 1024;

export const readFileTool: Tool<ReadFileInput> = {
  name: 'read_file',
  description:
    'Read a text file from the workspace. Returns lines numbered like "     1\\tcode" (the number and tab are ' +
    'not part of the file). `path` is relative to the workspace root (absolute paths inside it work too). ' +
    `Reads at most \`limit\` lines (default ${READ_DEFAULT_LIMIT}) and at most ${READ_MAX_CHARS} characters from ` +
    '`offset` (1-based line number, default 1); lines longer than 2000 characters are cut. When more lines ' +
    'remain, a note at the end gives the total line count and the offset to read on from. Files over 10 MiB ' +
    'must be read in pages with offset/limit. Directories are refused (use list_files) and so are binary files. ' +
    'Reading a file is required before overwriting or editing it.',
  readOnly: true,
  pagesOwnOutput: true,
  inputSchema: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'File path, relative to the workspace root.' },
      offset: { type: 'integer', minimum: 1, description: '1-based line number to start at. Default 1.' },
      limit: { type: 'integer', minimum: 1, description: `Maximum lines to return. Default ${READ_DEFAULT_LIMIT}.` },
    },
    required: ['path'],
    additionalProperties: false,
  },
  async execute(input, ctx) {
    try {
      return await readFile(input, ctx.workspaceRoot, ctx.session, ctx.signal);
    } catch (err) {
      return fail(`Could not read ${String(input?.path)}: ${errorMessage(err)}`);
    }
  },
};

async function readFile(
  input: ReadFileInput,
  workspaceRoot: string,
  session: SessionState,
  signal: AbortSignal,
): Promise<ToolResult> {
  const resolved = await resolveInWorkspace(workspaceRoot, input.path);
  if (!resolved.ok) return fail(resolved.error);
  const shown = resolved.relPath;
  if (!resolved.exists) return fail(`The file ${shown} does not exist. Use list_files or grep_search to find the right path.`);

  const stat = await fs.stat(resolved.realPath);
  if (stat.isDirectory()) return fail(`${shown} is a directory, not a file. Use list_files to see what it contains.`);
  if (!stat.isFile()) return fail(`${shown} is not a regular file (a device, socket or pipe); it cannot be read.`);

  const head = await readHead(resolved.realPath);
  const binaryType = sniffBinary(head);
  if (binaryType) {
    return fail(`${shown} is a binary file (${binaryType}, ${formatBytes(stat.size)}); read_file only shows text.`);
  }

  // `!= null`: the input check lets an optional parameter arrive as null.
  const paged = input.offset != null || input.limit != null;
  if (!paged && stat.size > READ_SIZE_CAP) {
    return fail(
      `${shown} is ${formatBytes(stat.size)}, over the ${formatBytes(READ_SIZE_CAP)} limit for reading a whole file. ` +
        `Read it in pages with offset and limit (for example offset=1, limit=${READ_DEFAULT_LIMIT}), or search it with grep_search.`,
    );
  }
  if (stat.size === 0) {
    await recordFileState(session, resolved.realPath, stat);
    return {
      content: `The file ${shown} is empty (0 bytes).`,
      isError: false,
      details: { kind: 'read', path: shown, startLine: 0, endLine: 0, totalLines: 0, more: false },
    };
  }

  const offset = Math.max(1, Math.floor(input.offset ?? 1));
  const limit = Math.max(1, Math.floor(input.limit ?? READ_DEFAULT_LIMIT));
  const page = await readPage(resolved.realPath, {
    offset,
    limit,
    maxChars: READ_MAX_CHARS,
    maxLineChars: READ_MAX_LINE_CHARS,
    signal,
  });
  if (page.lines.length === 0) {
    return fail(`offset ${offset} is past the end of ${shown}, which has ${page.totalLines} lines.`);
  }
  // Only a read that showed the model something counts for the read-before-write rule.
  await recordFileState(session, resolved.realPath, stat);
  const more = page.endLine < page.totalLines;
  let content = page.lines.join('\n');
  if (more) {
    const why = page.stoppedAtChars ? ` (this page stopped at the ${READ_MAX_CHARS}-character limit)` : '';
    content +=
      `\n\n[Showing lines ${page.startLine}-${page.endLine} of ${page.totalLines}${why}. ` +
      `${page.totalLines - page.endLine} more lines; to read on, call read_file with offset=${page.endLine + 1}.]`;
  }
  return {
    content,
    isError: false,
    details: { kind: 'read', path: shown, startLine: page.startLine, endLine: page.endLine, totalLines: page.totalLines, more },
  };
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function fail(content: string): ToolResult {
  return { content, isError: true };
}
