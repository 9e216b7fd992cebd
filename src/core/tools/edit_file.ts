// edit_file: replace an exact piece of text, with helpful errors when it is missing or ambiguous.
import { writeFileAtomicIn } from '../files/atomic-write.js';
import { NOT_UTF8, SNIFF_BYTES, formatBytes, sniffBinary } from '../files/binary.js';
import { applyReplacements, buildCreateDiff, buildEditDiff, type EditHunk } from '../files/edit-diff.js';
import { adaptQuotes, findExact, findNormalized, lineAt, nearMisses } from '../files/edit-match.js';
import { detectEol, withEol } from '../files/line-endings.js';
import { recordFileState, staleFileError } from '../files/read-state.js';
import { decodeUtf8Strict } from '../files/utf8.js';
import { openForWrite, type WriteTarget } from '../files/workspace-file.js';
import type { WorkspaceHandle } from '../files/workspace-open.js';
import { errorMessage } from '../files/workspace-paths.js';
import { truncateHeadTail } from '../truncate.js';
import type { SessionState, Tool, ToolResult } from './tool.js';
import type { FileWriteDeps } from './write_file.js';

export interface EditFileInput {
  path: string;
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

/** Files above this size are not edited in memory. */
export const EDIT_SIZE_CAP = 10 * 1024 * 1024;
// The model needs to see the change, not every line of a large replace_all.
const DIFF_CHARS_FOR_MODEL = 20_000;
const MAX_LISTED_LINES = 20;

export function createEditFileTool(deps: FileWriteDeps = {}): Tool<EditFileInput> {
  return {
    name: 'edit_file',
    description:
      'Replace text in a file: `old_string` is replaced by `new_string`. `old_string` must match the file ' +
      'exactly (including indentation) and occur exactly once, unless `replace_all` is true; include a few ' +
      'surrounding lines to make it unique. Typographic vs straight quotes and trailing whitespace are ' +
      'tolerated when the match is still unique. The file must have been read with read_file in this session ' +
      'and not changed since. An empty `old_string` on a file that does not exist creates it with ' +
      '`new_string`. Returns a unified diff of the change. Do not include read_file line-number prefixes in ' +
      'old_string or new_string.',
    readOnly: false,
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'File path, relative to the workspace root.' },
        old_string: { type: 'string', description: 'The exact text to replace.' },
        new_string: { type: 'string', description: 'The text to put in its place (must differ from old_string).' },
        replace_all: { type: 'boolean', description: 'Replace every occurrence instead of requiring exactly one. Default false.' },
      },
      required: ['path', 'old_string', 'new_string'],
      additionalProperties: false,
    },
    async execute(input, ctx) {
      try {
        // The scheduler applies the shared head+tail truncation to every result.
        return await editFile(input, ctx.workspaceRoot, ctx.session, { ...deps, signal: ctx.signal });
      } catch (err) {
        return fail(`Could not edit ${String(input?.path)}: ${errorMessage(err)}`);
      }
    },
    async preview(input, ctx) {
      try {
        return await editFile(input, ctx.workspaceRoot, ctx.session, { ...deps, signal: ctx.signal, dryRun: true });
      } catch (err) {
        return fail(`Could not edit ${String(input?.path)}: ${errorMessage(err)}`);
      }
    },
  };
}

export const editFileTool = createEditFileTool();

async function editFile(input: EditFileInput, workspaceRoot: string, session: SessionState, deps: FileWriteDeps): Promise<ToolResult> {
  if (typeof input.old_string !== 'string' || typeof input.new_string !== 'string') {
    return fail('old_string and new_string must be strings.');
  }
  if (input.old_string === input.new_string) {
    return fail('old_string and new_string are identical; there is nothing to change.');
  }
  // Missing directories are created only when the edit creates the file.
  const target = await openForWrite(workspaceRoot, input.path, input.old_string === '' && !deps.dryRun);
  if (!target.ok) {
    // A preview creates no folders: the edit would create them with the file.
    if (deps.dryRun && target.missing && input.old_string === '' && target.shown) return done(target.shown, 'Created', buildCreateDiff(target.shown, input.new_string), 1, true);
    return fail(target.missing ? missingFile(target.shown ?? String(input.path)) : target.error);
  }
  try {
    return await editIn(target, input, session, deps);
  } finally {
    await target.close();
  }
}

const missingFile = (shown: string) =>
  `The file ${shown} does not exist. To create it, use write_file (or edit_file with an empty old_string).`;

async function editIn(target: WriteTarget, input: EditFileInput, session: SessionState, deps: FileWriteDeps): Promise<ToolResult> {
  const { shown, existing } = target;
  const writeOpts = { rename: deps.rename, signal: deps.signal };
  if (!existing) {
    if (input.old_string !== '') return fail(missingFile(shown));
    if (deps.dryRun) return done(shown, 'Created', buildCreateDiff(shown, input.new_string), 1, true);
    const written = await writeFileAtomicIn(target.dir, target.name, input.new_string, writeOpts);
    await recordFileState(session, target.realPath, written);
    return done(shown, 'Created', buildCreateDiff(shown, input.new_string), 1, true);
  }

  const { stat } = existing;
  if (stat.isDirectory()) return fail(`${shown} is a directory; give a file path.`);
  if (!stat.isFile()) return fail(`${shown} is not a regular file; it cannot be edited.`);
  const stale = staleFileError(session, target.realPath, shown, stat);
  if (stale) return fail(stale);
  if (stat.size > EDIT_SIZE_CAP) {
    return fail(`${shown} is ${formatBytes(stat.size)}, too large to edit (limit ${formatBytes(EDIT_SIZE_CAP)}).`);
  }
  const buf = await readWhole(existing, stat.size);
  const binaryType = sniffBinary(buf.subarray(0, SNIFF_BYTES));
  if (binaryType && binaryType !== NOT_UTF8) return fail(`${shown} is a binary file (${binaryType}); edit_file only edits text.`);
  // The whole file, not just the sniffed head: one stray byte past it would otherwise be rewritten.
  const decoded = decodeUtf8Strict(buf);
  if (!decoded.ok) {
    const byte = `0x${decoded.byte.toString(16).toUpperCase().padStart(2, '0')}`;
    return fail(
      `${shown} is not valid UTF-8: the byte ${byte} at offset ${decoded.offset} (line ${decoded.line}) is not part of a UTF-8 character, ` +
        'so it is probably Latin-1 or another legacy encoding. edit_file only edits UTF-8 text, because decoding this file would ' +
        'change bytes you did not edit; the file is unchanged. Convert it first (for example: iconv -f latin1 -t utf-8) or change it with bash.',
    );
  }
  const text = decoded.text;

  if (input.old_string === '' && text !== '') {
    return fail(`old_string is empty, but ${shown} already has content. Give the exact text to replace, or use write_file to replace the whole file.`);
  }

  // The model writes '\n'; in a CRLF file both strings are compared and written with '\r\n'.
  const eol = detectEol(text);
  const oldString = withEol(input.old_string, eol);
  const newString = withEol(input.new_string, eol);

  let spans = oldString === '' ? [{ start: 0, end: 0 }] : findExact(text, oldString);
  let normalized = false;
  if (spans.length === 0) {
    spans = findNormalized(text, oldString);
    normalized = spans.length > 0;
  }
  if (spans.length === 0) {
    const near = nearMisses(text, oldString);
    return fail(
      `old_string was not found in ${shown}.` +
        (near ? ` The closest text in the file:\n${near}\n\nCopy the text exactly (indentation included) from the file.` : ' Read the file again to see its current text.'),
    );
  }
  if (spans.length > 1 && !input.replace_all) {
    const lines = spans.slice(0, MAX_LISTED_LINES).map((s) => lineAt(text, s.start));
    const more = spans.length > MAX_LISTED_LINES ? `, and ${spans.length - MAX_LISTED_LINES} more` : '';
    return fail(
      `old_string occurs ${spans.length} times in ${shown} (at lines ${lines.join(', ')}${more}). ` +
        'Include more surrounding lines to make it unique, or set replace_all to true to replace all of them.',
    );
  }

  const reps = spans.map((s) => ({
    ...s,
    text: normalized ? adaptQuotes(newString, text.slice(s.start, s.end), oldString) : newString,
  }));
  const newText = applyReplacements(text, reps);
  const note = normalized ? ' (matched after normalizing quotes and trailing whitespace)' : '';
  if (deps.dryRun) return done(shown, `Edited`, buildEditDiff(shown, text, reps), reps.length, false, note);
  const written = await writeFileAtomicIn(target.dir, target.name, newText, { ...writeOpts, mode: stat.mode & 0o7777 });
  await recordFileState(session, target.realPath, written);
  return done(shown, `Edited`, buildEditDiff(shown, text, reps), reps.length, false, note);
}

/** The whole file from its open handle (positional reads: the handle's offset is never relied on). */
async function readWhole(file: WorkspaceHandle, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let position = 0;
  // One byte more than the size says, so a file that grew since fstat is still read to its end.
  for (;;) {
    const buf = Buffer.allocUnsafe(Math.max(64 * 1024, size - position + 1));
    const { bytesRead } = await file.handle.read(buf, 0, buf.length, position);
    if (bytesRead === 0) break;
    chunks.push(buf.subarray(0, bytesRead));
    position += bytesRead;
    if (position > EDIT_SIZE_CAP) throw new Error(`the file grew past ${formatBytes(EDIT_SIZE_CAP)} while it was being read`);
  }
  return Buffer.concat(chunks, position);
}

function done(
  shown: string,
  verb: string,
  d: { diff: string; hunks: EditHunk[] },
  replacements: number,
  created: boolean,
  note = '',
): ToolResult {
  const count = created ? '' : `: ${replacements} replacement${replacements === 1 ? '' : 's'}`;
  return {
    content: `${verb} ${shown}${count}${note}.\n${truncateHeadTail(d.diff, DIFF_CHARS_FOR_MODEL)}`,
    isError: false,
    details: { kind: 'edit', path: shown, diff: d.diff, hunks: d.hunks, replacements, created },
  };
}

function fail(content: string): ToolResult {
  return { content, isError: true };
}
