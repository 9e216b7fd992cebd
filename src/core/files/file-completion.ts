// `@` completion: the workspace's files (honouring .gitignore), ranked by a fuzzy match.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

const MAX_FILES = 20_000;
const ALWAYS_SKIPPED = new Set(['.git', 'node_modules']);

/** Lists workspace files (relative, "/"-separated), skipping what .gitignore files exclude. */
export async function listWorkspaceFiles(root: string, limit = MAX_FILES): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, rules: { base: string; ig: Ignore }[]): Promise<void> => {
    if (out.length >= limit) return;
    const rel = path.relative(root, dir).split(path.sep).join('/');
    const gitignore = await readFile(path.join(dir, '.gitignore'), 'utf8').catch(() => null);
    const here = gitignore === null ? rules : [...rules, { base: rel, ig: ignore().add(gitignore) }];
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      if (out.length >= limit) return;
      if (ALWAYS_SKIPPED.has(e.name)) continue;
      const relPath = rel ? `${rel}/${e.name}` : e.name;
      const isDir = e.isDirectory();
      const ignored = here.some(({ base, ig }) => {
        const sub = base ? relPath.slice(base.length + 1) : relPath;
        return ig.ignores(isDir ? `${sub}/` : sub);
      });
      if (ignored) continue;
      if (isDir) await walk(path.join(dir, e.name), here);
      else if (e.isFile()) out.push(relPath);
    }
  };
  await walk(root, []);
  return out;
}

/**
 * Scores `candidate` against `query` as a subsequence match; higher is better, null when the
 * letters do not all appear in order. Matches at word starts and in the file name count more.
 */
export function fuzzyScore(query: string, candidate: string): number | null {
  if (query === '') return 0;
  const q = query.toLowerCase();
  const c = candidate.toLowerCase();
  const nameStart = c.lastIndexOf('/') + 1;
  let score = 0;
  let ci = 0;
  let prev = -2;
  for (const ch of q) {
    const at = c.indexOf(ch, ci);
    if (at === -1) return null;
    score += 1;
    if (at === prev + 1) score += 3;
    if (at === 0 || '/._-'.includes(c[at - 1]!)) score += 2;
    if (at >= nameStart) score += 1;
    prev = at;
    ci = at + 1;
  }
  return score - candidate.length / 100;
}

export function rankFiles(query: string, files: readonly string[], max = 8): string[] {
  const scored: { f: string; s: number }[] = [];
  for (const f of files) {
    const s = fuzzyScore(query, f);
    if (s !== null) scored.push({ f, s });
  }
  scored.sort((a, b) => b.s - a.s || a.f.localeCompare(b.f));
  return scored.slice(0, max).map((x) => x.f);
}

/** The `@token` that ends at the cursor, if the cursor is inside one. */
export function mentionAt(text: string, cursor: number): { start: number; query: string } | null {
  const before = text.slice(0, cursor);
  const m = /(?:^|\s)@([^\s@]*)$/.exec(before);
  if (!m) return null;
  return { start: cursor - m[1]!.length - 1, query: m[1]! };
}
