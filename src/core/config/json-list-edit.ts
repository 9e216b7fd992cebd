// Takes one string out of a list in a JSON settings file that is not inkling's (Claude Code's
// .claude/settings.json): only the list's items are edited, so the file's other keys, their order,
// its indentation and line endings stay as written; the new text replaces the file atomically and
// keeps its permission bits. No schema is checked (the file's format is another program's).
import { readFile, stat } from 'node:fs/promises';
import { applyEdits, modify } from 'jsonc-parser';
import { writeFileAtomic } from '../files/atomic-write.js';
import { jsonSyntaxError } from './json-location.js';
import type { KeyPath } from './key-paths.js';

/** Removes every `item` from the list at `keyPath`; resolves to why not (undefined when done). */
export async function removeFromJsonList(file: string, display: string, keyPath: KeyPath, item: string): Promise<string | undefined> {
  let text: string;
  let mode: number;
  try {
    text = await readFile(file, 'utf8');
    mode = (await stat(file)).mode & 0o777;
  } catch (err) {
    return `${display} cannot be read (${(err as Error).message})`;
  }
  const syntax = jsonSyntaxError(text);
  if (syntax) return `${display}: invalid JSON at ${syntax}; nothing was changed`;
  let list: unknown = JSON.parse(text);
  for (const key of keyPath) list = typeof list === 'object' && list !== null ? (list as Record<string | number, unknown>)[key] : undefined;
  if (!Array.isArray(list) || !list.includes(item)) return `it is no longer in ${display}`;
  let next = text;
  // From the last copy back, so the earlier indices stay right.
  for (let i = list.length - 1; i >= 0; i--) {
    // No formatting options: with them jsonc-parser reflows the whole list.
    if (list[i] === item) next = applyEdits(next, modify(next, [...keyPath, i], undefined, {}));
  }
  await writeFileAtomic(file, next, { mode });
  return undefined;
}
