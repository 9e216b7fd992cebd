// write_file: create or overwrite a whole file, atomically, keeping the old file's mode and line endings.
import { writeFileAtomicIn, type AtomicWriteOptions } from '../files/atomic-write.js';
import { buildCreateDiff, buildEditDiff } from '../files/edit-diff.js';
import { BOM, detectEol, startsWithUtf8Bom, withEol } from '../files/line-endings.js';
import { recordFileState, staleFileError } from '../files/read-state.js';
import { openForWrite, type WriteTarget } from '../files/workspace-file.js';
import type { WorkspaceHandle } from '../files/workspace-open.js';
import { errorMessage } from '../files/workspace-paths.js';
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
  /** Work out the change and its diff, write nothing (the approval prompt's preview). */
  dryRun?: boolean;
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
    async preview(input, ctx) {
      try {
        return await writeFile(input, ctx.workspaceRoot, ctx.session, { ...deps, signal: ctx.signal, dryRun: true });
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
  const target = await openForWrite(workspaceRoot, input.path, !deps.dryRun);
  if (!target.ok) {
    // A preview creates no folders: the write would create them with the file.
    if (deps.dryRun && target.missing && target.shown) return previewOf(target.shown, undefined, input.content);
    return { content: target.error, isError: true };
  }
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
  if (deps.dryRun) return previewOf(shown, existing ? await readOld(existing) : undefined, newContent);

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

// Larger old files are previewed as "replaced" without a line diff.
const PREVIEW_DIFF_BYTES = 2 * 1024 * 1024;

async function readOld(file: WorkspaceHandle): Promise<string | null> {
  if (file.stat.size > PREVIEW_DIFF_BYTES) return null;
  const buf = Buffer.alloc(file.stat.size);
  const { bytesRead } = await file.handle.read(buf, 0, buf.length, 0);
  const bytes = buf.subarray(0, bytesRead);
  return bytes.includes(0) ? null : bytes.toString('utf8');
}

/** What the write would change, as an edit diff; old === null: too large or binary to compare. */
function previewOf(shown: string, old: string | null | undefined, content: string): ToolResult {
  const created = old === undefined;
  const d = created || old === null ? buildCreateDiff(shown, content) : buildEditDiff(shown, old, [{ start: 0, end: old.length, text: content }]);
  const note = old === null ? ' (the old file is too large or binary to compare; its whole content is replaced)' : '';
  return {
    content: `${created ? 'Would create' : 'Would overwrite'} ${shown}${note}.`,
    isError: false,
    details: { kind: 'edit', path: shown, diff: d.diff, hunks: d.hunks, replacements: created ? 0 : 1, created },
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
