// The built-in search for machines without ripgrep: JavaScript RegExp over the same gitignore-aware walk
// that list_files uses, skipping binary and very large files, bounded in files and bytes.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';
import { walkWorkspace } from './workspace-walk.js';
import { cutLine, type SearchMatch, type SearchOptions, type SearchOutcome } from './search-types.js';

// Same per-file limit as the rg engine's --max-filesize.
const MAX_FILE_BYTES = 10 * 1024 * 1024;
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
  let skippedLarge = 0;
  let stoppedEarly = false;

  const searchFile = async (abs: string, rel: string): Promise<boolean> => {
    const stat = await fs.stat(abs).catch(() => null);
    if (!stat?.isFile()) return true;
    if (stat.size > MAX_FILE_BYTES) {
      skippedLarge++;
      return true;
    }
    if (++files > MAX_FILES || (bytes += stat.size) > MAX_TOTAL_BYTES) {
      stoppedEarly = true;
      return false;
    }
    const buf = await fs.readFile(abs).catch(() => null);
    if (!buf || buf.includes(0)) return true; // unreadable, or binary (as ripgrep decides: a NUL byte)
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
  const targetStat = await fs.stat(targetAbs);
  if (targetStat.isFile()) {
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
        return searchFile(entry.absPath, entry.relPath);
      },
    });
  }
  if (opts.signal.aborted) return { ok: false, error: 'The search was cancelled.' };

  const notes: string[] = [];
  if (skippedLarge > 0) notes.push(`${skippedLarge} files over 10 MiB were not searched`);
  if (stoppedEarly) notes.push(`the search stopped after ${MAX_FILES} files or ${MAX_TOTAL_BYTES / (1024 * 1024)} MiB`);
  return { ok: true, matches, truncated, warning: notes.length > 0 ? notes.join('; ') : undefined };
}

/** ripgrep's --glob semantics: gitignore-style patterns; a leading '!' excludes instead. */
function globFilter(glob: string | undefined): (relPath: string) => boolean {
  if (!glob) return () => true;
  const negate = glob.startsWith('!');
  const matcher = ignore().add(negate ? glob.slice(1) : glob);
  return (relPath) => matcher.ignores(relPath) !== negate;
}
