// Reads through the editor's buffers: when the editor offers fs/read_text_file, read_file's text
// comes from the editor, so the model sees unsaved changes. The tool still runs first as it always
// does (path checks, containment, images and binaries, the read-before-write record); only when the
// buffer differs from the file on disk is the page made again from the buffer's text, paged and
// numbered by the same pager. Writes stay inkling's own atomic writes on disk.
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AnyTool, ToolResult } from '../core/tools/tool.js';
import type { ReadFileInput } from '../core/tools/read_file.js';
import { READ_DEFAULT_LIMIT, READ_MAX_CHARS, READ_MAX_LINE_CHARS } from '../core/tools/read_file.js';
import { readPage } from '../core/files/line-pager.js';
import { scratchPath } from '../core/cleanup/scratch-root.js';

/** Asks the editor for a file's text (absolute path); rejects when it cannot say. */
export type BufferReader = (file: string) => Promise<string>;

export function throughEditorBuffers(tool: AnyTool, readBuffer: BufferReader): AnyTool {
  if (tool.name !== 'read_file') return tool;
  return {
    ...tool,
    async execute(input, ctx): Promise<ToolResult> {
      const result = await tool.execute(input, ctx);
      const details = result.details;
      if (result.isError || details?.kind !== 'read' || details.image) return result;
      const file = await realpath(path.resolve(ctx.workspaceRoot, (input as ReadFileInput).path)).catch(() => undefined);
      if (!file) return result;
      const [buffer, disk] = await Promise.all([readBuffer(file).catch(() => undefined), readFile(file, 'utf8').catch(() => undefined)]);
      if (buffer === undefined || buffer === disk) return result;
      return bufferPage(input as ReadFileInput, buffer, details.path, ctx.signal);
    },
  };
}

/** The page read_file would show were the buffer's text the file's (the pager reads files: a private scratch copy). */
async function bufferPage(input: ReadFileInput, text: string, shown: string, signal: AbortSignal): Promise<ToolResult> {
  const dir = await mkdtemp(scratchPath('buffer-'));
  try {
    const copy = path.join(dir, 'buffer');
    await writeFile(copy, text, { mode: 0o600 });
    const offset = Math.max(1, Math.floor(input.offset ?? 1));
    const page = await readPage(copy, { offset, limit: Math.max(1, Math.floor(input.limit ?? READ_DEFAULT_LIMIT)), maxChars: READ_MAX_CHARS, maxLineChars: READ_MAX_LINE_CHARS, signal });
    if (page.lines.length === 0) return { content: `offset ${offset} is past the end of ${shown}, which has ${page.totalLines} lines.`, isError: true };
    const more = page.endLine < page.totalLines;
    const rest = more ? `\n\n[Showing lines ${page.startLine}-${page.endLine} of ${page.totalLines}. ${page.totalLines - page.endLine} more lines; to read on, call read_file with offset=${page.endLine + 1}.]` : '';
    return {
      content: `[From the editor's buffer, which has changes not saved to disk.]\n${page.lines.join('\n')}${rest}`,
      isError: false,
      details: { kind: 'read', path: shown, startLine: page.startLine, endLine: page.endLine, totalLines: page.totalLines, more },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
