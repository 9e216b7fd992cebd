// read_file: one page of numbered lines. It pages instead of cutting out the middle, so it is the one
// tool exempt from the shared head+tail truncation.
import type { FileHandle } from 'node:fs/promises';
import { SNIFF_BYTES, formatBytes, sniffBinary } from '../files/binary.js';
import { readPage } from '../files/line-pager.js';
import { recordFileState } from '../files/read-state.js';
import { openForRead } from '../files/workspace-file.js';
import type { WorkspaceHandle } from '../files/workspace-open.js';
import { errorMessage } from '../files/workspace-paths.js';
import { isReadableImage, readImage } from './read-image.js';
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
    'Read a text file or an image (PNG, JPEG, GIF, WebP: you see the image) from the workspace. For text, returns lines numbered like "     1\\tcode" (the number and tab are ' +
    'not part of the file). `path` is relative to the workspace root (absolute paths inside it work too). ' +
    `Reads at most \`limit\` lines (default ${READ_DEFAULT_LIMIT}) and at most ${READ_MAX_CHARS} characters from ` +
    '`offset` (1-based line number, default 1); lines longer than 2000 characters are cut. When more lines ' +
    'remain, a note at the end gives the total line count and the offset to read on from. Files over 10 MiB ' +
    'must be read in pages with offset/limit. Directories are refused (use list_files) and so are other binary files. ' +
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
  const target = await openForRead(workspaceRoot, input.path, (shown) => `The file ${shown} does not exist. Use list_files or grep_search to find the right path.`);
  if (!target.ok) return fail(target.error);
  try {
    return await readOpened(input, target.shown, target.opened, session, signal);
  } finally {
    await target.opened.close();
  }
}

async function readOpened(
  input: ReadFileInput,
  shown: string,
  file: WorkspaceHandle,
  session: SessionState,
  signal: AbortSignal,
): Promise<ToolResult> {
  const { stat } = file;
  if (stat.isDirectory()) return fail(`${shown} is a directory, not a file. Use list_files to see what it contains.`);
  if (!stat.isFile()) return fail(`${shown} is not a regular file (a device, socket or pipe); it cannot be read.`);

  const head = await readHead(file.handle);
  if (isReadableImage(head)) return readImage(shown, file, session);
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
  // realpath cannot see through a hard link: the same file may also live outside the workspace. Not
  // refused (pnpm's node_modules are hard links into its store), but said.
  const names = otherNamesNote(stat.nlink);
  if (stat.size === 0) {
    await recordFileState(session, file.realPath, stat);
    return {
      content: `The file ${shown} is empty (0 bytes).${names ? `\n\n${names}` : ''}`,
      isError: false,
      details: { kind: 'read', path: shown, startLine: 0, endLine: 0, totalLines: 0, more: false, ...otherNames(stat.nlink) },
    };
  }

  const offset = Math.max(1, Math.floor(input.offset ?? 1));
  const limit = Math.max(1, Math.floor(input.limit ?? READ_DEFAULT_LIMIT));
  const page = await readPage(file.handle, {
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
  await recordFileState(session, file.realPath, stat);
  const more = page.endLine < page.totalLines;
  let content = page.lines.join('\n');
  if (more) {
    const why = page.stoppedAtChars ? ` (this page stopped at the ${READ_MAX_CHARS}-character limit)` : '';
    content +=
      `\n\n[Showing lines ${page.startLine}-${page.endLine} of ${page.totalLines}${why}. ` +
      `${page.totalLines - page.endLine} more lines; to read on, call read_file with offset=${page.endLine + 1}.]`;
  }
  if (names) content += `\n\n${names}`;
  return {
    content,
    isError: false,
    details: { kind: 'read', path: shown, startLine: page.startLine, endLine: page.endLine, totalLines: page.totalLines, more, ...otherNames(stat.nlink) },
  };
}

/** The note for a file with more than one name (hard links), else ''. */
export function otherNamesNote(nlink: number): string {
  const others = nlink - 1;
  if (others < 1) return '';
  return `[Note: this file has ${others} other name${others === 1 ? '' : 's'} (hard links), which may be outside the workspace.]`;
}

function otherNames(nlink: number): { otherNames?: number } {
  return nlink > 1 ? { otherNames: nlink - 1 } : {};
}

async function readHead(handle: FileHandle): Promise<Buffer> {
  const buf = Buffer.alloc(SNIFF_BYTES);
  const { bytesRead } = await handle.read(buf, 0, SNIFF_BYTES, 0);
  return buf.subarray(0, bytesRead);
}

function fail(content: string): ToolResult {
  return { content, isError: true };
}
