// Claude Code's imports in a CLAUDE.md: `@path/to/file` (relative to the file that names it, `~/`
// for the home folder, or absolute) brings that file's text in, and an imported file may import
// again, at most 5 hops deep. Not inside code spans or fenced code blocks. inkling reads only
// files inside the workspace or the home folder; a path that is missing or outside is left as text.
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';

export const IMPORT_MAX_HOPS = 5;
const IMPORT_CAP_BYTES = 40 * 1024;
// A token that starts with @ after a space or the line's start: "@docs/style.md", "@~/notes.md".
const TOKEN = /(^|\s)@([^\s`]+)/g;

export interface ImportBounds {
  workspaceRoot: string;
  userHome: string;
}

/** The text with each imported file's text appended after it, in the order named; `file` is the importing file. */
export async function withClaudeImports(text: string, file: string, given: ImportBounds): Promise<string> {
  if (importTokens(text).length === 0) return text;
  const real = (p: string) => realpath(p).catch(() => p);
  const bounds = { workspaceRoot: await real(given.workspaceRoot), userHome: await real(given.userHome) };
  const seen = new Set<string>([await real(file)]);
  const parts: string[] = [];
  await collect(text, file, bounds, 1, seen, parts);
  return parts.length > 0 ? `${text.trimEnd()}\n\n${parts.join('\n\n')}` : text;
}

async function collect(text: string, file: string, bounds: ImportBounds, hop: number, seen: Set<string>, parts: string[]): Promise<void> {
  if (hop > IMPORT_MAX_HOPS) return;
  for (const token of importTokens(text)) {
    const target = token.startsWith('~/') ? path.join(bounds.userHome, token.slice(2)) : path.resolve(path.dirname(file), token);
    const real = await realpath(target).catch(() => undefined);
    if (!real || seen.has(real) || !(inside(bounds.workspaceRoot, real) || inside(bounds.userHome, real))) continue;
    const content = await readFile(real).then((b) => b.subarray(0, IMPORT_CAP_BYTES).toString('utf8'), () => undefined);
    if (content === undefined) continue;
    seen.add(real);
    parts.push(`[Imported from @${token}]\n${content.trim()}`);
    await collect(content, real, bounds, hop + 1, seen, parts);
  }
}

/** The @paths named outside code: fenced blocks and `code spans` are left alone, as Claude Code does. */
export function importTokens(text: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) continue;
    const prose = line.replace(/`[^`]*`/g, ' ');
    for (const m of prose.matchAll(TOKEN)) {
      const token = m[2]!.replace(/[.,;:!?)]+$/, '');
      if (token && !out.includes(token)) out.push(token);
    }
  }
  return out;
}

function inside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
