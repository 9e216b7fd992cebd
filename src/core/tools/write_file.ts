// write_file: create or overwrite a whole file, atomically, keeping the old file's mode and line endings.
import { writeFileAtomicIn, type AtomicWriteOptions } from '../files/atomic-write.js';
import { BOM, detectEol, startsWithUtf8Bom, withEol } from '../files/line-endings.js';
import { recordFileState, staleFileError } from '../files/read-state.js';
import { openForWrite, type WriteTarget } from '../files/workspace-file.js';
import type { WorkspaceHandle } from '../files/workspace-open.js';
import { errorMessage } from '../sandbox.js';
import { countLines } from '../truncate.js';
import type { SessionState, Tool, ToolResult } from './tool.js';

export interface WriteFileInput {
  path: string;
  content: string;
}

export interface FileWriteDeps {
  /** Injected in tests to make the final rename fail. */
  rename?: AtomicWriteOptions['rename'];
  /** The call's interrupt: a write interrupted before its rename leaves the file unchanged. */
  signal?: AbortSignal;
}

// Enough of the old file to tell its line-ending style without reading a huge file whole.
const EOL_SNIFF_BYTES = 64 * 1024;

export function createWriteFileTool(deps: FileWriteDeps = {}): Tool<WriteFileInput> {
  return {
    name: 'write_file',
    description:
      'Create a file, or replace the whole content of an existing file. `path` is relative to the workspace ' +
      'root; missing parent directories are created. Overwriting an existing file requires having read it with ' +
      'read_file in this session, and it must not have changed on disk since. The write is atomic, keeps the ' +
      "file's permissions, and keeps CRLF line endings and a UTF-8 byte-order mark if the old file had them. For small changes to an " +
      'existing file prefer edit_file. Writing inside .git/ is not allowed.',
    readOnly: false,
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'File path, relative to the workspace root.' },
        content: { type: 'string', description: 'The complete new content of the file.' },
      },
      required: ['path', 'content'],
      additionalProperties: false,
    },
    async execute(input, ctx) {
      try {
        // The scheduler applies the shared head+tail truncation to every result.
        return await writeFile(input, ctx.workspaceRoot, ctx.session, { ...deps, signal: ctx.signal });
      } catch (err) {
        return { content: `Could not write ${String(input?.path)}: ${errorMessage(err)}`, isError: true };
      }
    },
  };
}

export const writeFileTool = createWriteFileTool();

async function writeFile(
  input: WriteFileInput,
  workspaceRoot: string,
  session: SessionState,
  deps: FileWriteDeps,
): Promise<ToolResult> {
  if (typeof input.content !== 'string') return { content: 'content must be a string.', isError: true };
  const target = await openForWrite(workspaceRoot, input.path, true);
  if (!target.ok) return { content: target.error, isError: true };
  try {
    return await writeInto(target, input.content, session, deps);
  } finally {
    await target.close();
  }
}

async function writeInto(target: WriteTarget, newContent: string, session: SessionState, deps: FileWriteDeps): Promise<ToolResult> {
  const { shown, existing } = target;
  let content = newContent;
  let mode: number | undefined;
  if (existing) {
    const { stat } = existing;
    if (stat.isDirectory()) return { content: `${shown} is a directory; give a file path.`, isError: true };
    if (!stat.isFile()) return { content: `${shown} is not a regular file; it cannot be written.`, isError: true };
    const stale = staleFileError(session, target.realPath, shown, stat);
    if (stale) return { content: stale, isError: true };
    mode = stat.mode & 0o7777;
    const head = await readHead(existing);
    if (detectEol(head.toString('utf8')) === '\r\n') content = withEol(content, '\r\n');
    // Editors and Windows tools that wrote a byte-order mark expect to find it again.
    if (startsWithUtf8Bom(head) && !content.startsWith(BOM)) content = BOM + content;
  }

  const written = await writeFileAtomicIn(target.dir, target.name, content, { mode, rename: deps.rename, signal: deps.signal });
  await recordFileState(session, target.realPath, written);

  const bytes = Buffer.byteLength(content);
  const lines = countLines(content);
  const created = !existing;
  return {
    content: `${created ? 'Created' : 'Overwrote'} ${shown}: wrote ${plural(bytes, 'byte')}, ${plural(lines, 'line')}.`,
    isError: false,
    details: { kind: 'write', path: shown, bytes, lines, created },
  };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

async function readHead(file: WorkspaceHandle): Promise<Buffer> {
  const buf = Buffer.alloc(EOL_SNIFF_BYTES);
  const { bytesRead } = await file.handle.read(buf, 0, EOL_SNIFF_BYTES, 0);
  return buf.subarray(0, bytesRead);
}
