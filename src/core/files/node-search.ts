// The built-in search for machines without ripgrep: JavaScript RegExp over the same gitignore-aware walk
// that list_files uses, skipping binary and very large files, bounded in files and bytes.
import path from 'node:path';
import { openInWorkspace } from './workspace-open.js';
import { walkWorkspace } from './workspace-walk.js';
import { cutLine, globFilter, MAX_SEARCH_FILE_BYTES, type SearchMatch, type SearchOptions, type SearchOutcome } from './search-types.js';
const MAX_FILES = 50_000;
const MAX_TOTAL_BYTES = 512 * 1024 * 1024;

export async function searchWithNode(opts: SearchOptions): Promise<SearchOutcome> {
  let regex: RegExp;
  try {
    regex = new RegExp(opts.pattern, opts.ignoreCase ? 'i' : '');
  } catch (err) {
    return { ok: false, error: `Invalid regular expression ${JSON.stringify(opts.pattern)}: ${(err as Error).message}` };
  }
  if (opts.signal.aborted) return { ok: false, error: 'The search was cancelled.' };
  const globAllows = globFilter(opts.glob);
  const matches: SearchMatch[] = [];
  let truncated = false;
  let files = 0;
  let bytes = 0;
  const skippedLarge: string[] = [];
  const binary: string[] = [];
  let stoppedEarly = false;

  // `openPath` is the real path, or a walk entry's path through its verified parent; opened with
  // O_NOFOLLOW and checked, so what is read is the file that was listed, inside the workspace.
  const searchFile = async (openPath: string, rel: string): Promise<boolean> => {
    const opened = await openInWorkspace(openPath, { root: opts.root, shown: rel });
    if (!opened.ok) return true;
    let buf: Buffer | null;
    try {
      const { stat } = opened.opened;
      if (!stat.isFile()) return true;
      if (stat.size > MAX_SEARCH_FILE_BYTES) {
        skippedLarge.push(rel);
        return true;
      }
      if (++files > MAX_FILES || (bytes += stat.size) > MAX_TOTAL_BYTES) {
        stoppedEarly = true;
        return false;
      }
      buf = await opened.opened.handle.readFile().catch(() => null);
    } finally {
      await opened.opened.close();
    }
    if (!buf) return true; // unreadable
    // Binary as ripgrep decides (a NUL byte): named when it matches, its lines not shown.
    if (buf.includes(0)) {
      if (buf.toString('utf8').split('\n').some((line) => regex.test(line))) binary.push(rel);
      return true;
    }
    const lines = buf.toString('utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!.endsWith('\r') ? lines[i]!.slice(0, -1) : lines[i]!;
      if (i === lines.length - 1 && line === '') break;
      if (!regex.test(line)) continue;
      if (matches.length >= opts.maxMatches) {
        truncated = true;
        return false;
      }
      matches.push({ path: rel, line: i + 1, text: cutLine(line, opts.maxLineChars) });
    }
    return true;
  };

  const targetAbs = path.join(opts.root, opts.targetRel);
  if (opts.anchor?.isFile ?? (await isFile(targetAbs, opts))) {
    // Like ripgrep: a file named explicitly is searched even if ignored or not matching the glob.
    await searchFile(targetAbs, opts.targetRel);
  } else {
    await walkWorkspace({
      root: opts.root,
      start: targetAbs,
      maxDepth: Number.POSITIVE_INFINITY,
      signal: opts.signal,
      onEntry: async (entry) => {
        // Symlinks are not followed, as ripgrep does by default.
        if (entry.isDir || entry.isSymlink || !globAllows(entry.relPath)) return true;
        return searchFile(entry.anchoredPath, entry.relPath);
      },
    });
  }
  if (opts.signal.aborted) return { ok: false, error: 'The search was cancelled.' };

  const warning = stoppedEarly ? `the search stopped after ${MAX_FILES} files or ${MAX_TOTAL_BYTES / (1024 * 1024)} MiB` : undefined;
  return { ok: true, matches, truncated, skippedLarge, binary, ...(warning ? { warning } : {}) };
}

async function isFile(target: string, opts: SearchOptions): Promise<boolean> {
  const opened = await openInWorkspace(target, { root: opts.root, shown: opts.targetRel });
  if (!opened.ok) return false;
  await opened.opened.close();
  return opened.opened.stat.isFile();
}
