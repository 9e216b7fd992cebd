// `inkling config set/unset`: edits one settings file in place with jsonc-parser, so the other
// keys, their order, the indentation and the line endings stay as the person wrote them. The
// edited text is checked with the schema before anything is written; nothing changes on error.
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { applyEdits, format, modify } from 'jsonc-parser';
import { writeFileAtomic } from '../files/atomic-write.js';
import { checkLayer, type Diagnostic } from './check-layer.js';
import { jsonSyntaxError } from './json-location.js';
import { isPlainObject, type KeyPath } from './key-paths.js';

export type EditResult =
  | { ok: true; created: boolean; changed: boolean; warnings: Diagnostic[] }
  | { ok: false; problem: string };

export interface EditRequest {
  file: string;
  /** How messages name the file. */
  display: string;
  path: KeyPath;
  /** undefined removes the key. */
  value: unknown;
  /** Mode for a new file (0600 in $INKLING_HOME). */
  newFileMode: number;
  /** Mode for a new parent folder. */
  newDirMode: number;
}

export async function editSettingsFile(req: EditRequest): Promise<EditResult> {
  let text: string | undefined;
  let mode = req.newFileMode;
  try {
    text = await readFile(req.file, 'utf8');
    mode = (await stat(req.file)).mode & 0o777;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return { ok: false, problem: `${req.display}: cannot be read (${(err as Error).message})` };
  }
  const created = text === undefined;
  const original = text === undefined || text.trim() === '' ? '{}\n' : text;
  const syntax = jsonSyntaxError(original);
  if (syntax) return { ok: false, problem: `${req.display}: invalid JSON at ${syntax}; fix it first (nothing was changed)` };

  const next = editText(original, req.path, req.value);
  if (next === original && !created) return { ok: true, created, changed: false, warnings: [] };
  const checked = checkLayer(JSON.parse(next), req.display);
  const errors = checked.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) return { ok: false, problem: `${errors.map((d) => d.message).join('\n')}\n(nothing was changed)` };

  await mkdir(path.dirname(req.file), { recursive: true, mode: req.newDirMode });
  await writeFileAtomic(req.file, next.endsWith('\n') ? next : `${next}\n`, { mode });
  return { ok: true, created, changed: true, warnings: checked.diagnostics };
}

/**
 * The edit, formatted like the file. Only the inserted text is formatted: jsonc-parser's own
 * formatting of an edit reflows the whole enclosing object (a one-line list became five lines).
 */
function editText(original: string, keyPath: KeyPath, value: unknown): string {
  const options = formatting(original);
  const parsed: unknown = JSON.parse(original);
  if (isPlainObject(parsed) && Object.keys(parsed).length === 0 && value !== undefined) {
    // An empty file gets a fresh, conventionally indented body.
    const fresh = applyEdits('{}', modify('{}', keyPath, value, {}));
    const indent = options.insertSpaces ? ' '.repeat(options.tabSize) : '\t';
    return `${JSON.stringify(JSON.parse(fresh), null, indent).replace(/\n/g, options.eol)}${options.eol}`;
  }
  const edits = modify(original, keyPath, value, {});
  if (edits.length !== 1) return applyEdits(original, modify(original, keyPath, value, { formattingOptions: options }));
  const [edit] = edits;
  const next = applyEdits(original, edits);
  if (!edit!.content) return next;
  return applyEdits(next, format(next, { offset: edit!.offset, length: edit!.content.length }, options));
}

/** The file's own indentation and line ending, so an edit looks like the rest. */
function formatting(text: string): { insertSpaces: boolean; tabSize: number; eol: string } {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /^([ \t]+)\S/m.exec(text)?.[1];
  if (indent?.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indent ? indent.length : 2, eol };
}
