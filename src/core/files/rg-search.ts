// The ripgrep engine: spawned with an argv array (no shell), output streamed and cut at the match cap.
import { spawn } from 'node:child_process';
import { cutLine, globFilter, isNameGlob, type SearchMatch, type SearchOptions, type SearchOutcome } from './search-types.js';

const MAX_STDERR = 8 * 1024;
// --debug is how ripgrep tells which files it skipped for --max-filesize ("ignoring ./x: 12345 bytes");
// its other debug lines are dropped. A line longer than this is not one of those.
const MAX_STDERR_LINE = 64 * 1024;
const SIZE_SKIP = /\|ignore::walk\|.*?: ignoring (.+): \d+ bytes$/;
// With --binary, a binary file that matches is one line with no NUL after its path (rg 13 and 14).
const BINARY_MATCH = /^(.+): binary file matches \(found .* byte around offset \d+\)$/;

interface SearchPlace {
  cwd: string;
  searchPath: string;
  /** rg's printed path → the path relative to the workspace root. */
  toRel(printed: string): string;
  /** Set when the glob cannot be given to rg from this cwd and is applied to rg's results instead. */
  filter?: (relPath: string) => boolean;
}

/**
 * Where rg runs and what it is given. With a verified anchor, rg starts from the opened target
 * itself (its cwd, or the file's descriptor path), so it never resolves the target's path again.
 */
function searchPlace(opts: SearchOptions): SearchPlace {
  const strip = (p: string) => (p.startsWith('./') ? p.slice(2) : p);
  const anchor = opts.anchor;
  if (!anchor) return { cwd: opts.root, searchPath: opts.targetRel, toRel: strip };
  if (anchor.isFile) return { cwd: opts.root, searchPath: anchor.childPath, toRel: () => opts.targetRel };
  if (opts.targetRel === '.') return { cwd: anchor.childPath, searchPath: '.', toRel: strip };
  const prefix = `${opts.targetRel}/`;
  const place: SearchPlace = { cwd: anchor.childPath, searchPath: '.', toRel: (p) => prefix + strip(p) };
  // rg matches a glob with a '/' against paths from its cwd, which is now the target, not the root.
  if (opts.glob && !isNameGlob(opts.glob)) place.filter = globFilter(opts.glob);
  return place;
}

/** Result of trying rg; `spawnFailed` means rg could not be started at all (fall back to Node). */
export async function searchWithRipgrep(rgPath: string, opts: SearchOptions): Promise<SearchOutcome | { spawnFailed: string }> {
  const args = [
    '--line-number',
    '--no-heading',
    '--with-filename',
    '--null', // NUL after the path: file names with ':' stay unambiguous
    '--color',
    'never',
    '--hidden', // dotfiles such as .github/ are part of the project; .git itself is excluded below
    '--no-require-git', // honour .gitignore even when the workspace is not a git repository
    '--sort',
    'path', // a stable order, the same as the Node engine's walk
    '--max-columns',
    String(Math.max(opts.maxLineChars * 2, 1000)),
    '--max-columns-preview',
    '--max-filesize',
    '10M',
    '--debug', // only for the names of files skipped by --max-filesize (see SIZE_SKIP)
    '--binary', // a binary file that matches is named (BINARY_MATCH) instead of skipped in silence
    '--glob',
    '!.git',
    '--glob',
    '!node_modules',
  ];
  const place = searchPlace(opts);
  if (opts.glob && !place.filter) args.push('--glob', opts.glob);
  if (opts.ignoreCase) args.push('--ignore-case');
  args.push('--regexp', opts.pattern, '--', place.searchPath);

  return new Promise((resolve) => {
    const child = spawn(rgPath, args, { cwd: place.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const matches: SearchMatch[] = [];
    const skippedLarge: string[] = [];
    const binary: string[] = [];
    let truncated = false;
    let stderr = '';
    let pending = '';
    let pendingErr = '';
    let settled = false;

    const onAbort = (): void => {
      child.kill('SIGTERM');
    };
    if (opts.signal.aborted) onAbort();
    else opts.signal.addEventListener('abort', onAbort, { once: true });

    const take = (line: string): void => {
      if (truncated || line === '') return;
      const nul = line.indexOf('\0');
      if (nul === -1) {
        const named = BINARY_MATCH.exec(line);
        const rel = named ? place.toRel(named[1]!) : undefined;
        if (rel !== undefined && (!place.filter || place.filter(rel))) binary.push(rel);
        return;
      }
      const rest = line.slice(nul + 1);
      const colon = rest.indexOf(':');
      const lineNo = Number(rest.slice(0, colon));
      if (colon === -1 || !Number.isFinite(lineNo)) return;
      const file = place.toRel(line.slice(0, nul));
      if (place.filter && !place.filter(file)) return;
      if (matches.length >= opts.maxMatches) {
        truncated = true;
        child.kill('SIGTERM'); // enough: stop rg instead of reading the rest
        return;
      }
      matches.push({ path: file, line: lineNo, text: cutLine(rest.slice(colon + 1).replace(/\r$/, ''), opts.maxLineChars) });
    };

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (data: string) => {
      pending += data;
      let nl: number;
      while ((nl = pending.indexOf('\n')) !== -1) {
        take(pending.slice(0, nl));
        pending = pending.slice(nl + 1);
      }
    });
    const takeErr = (line: string): void => {
      if (!/^(?:rg: )?DEBUG\|/.test(line)) {
        if (stderr.length < MAX_STDERR) stderr += `${line}\n`;
        return;
      }
      const skipped = SIZE_SKIP.exec(line);
      if (skipped) {
        const rel = place.toRel(skipped[1]!);
        if (!place.filter || place.filter(rel)) skippedLarge.push(rel);
      }
    };
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (data: string) => {
      pendingErr += data;
      let nl: number;
      while ((nl = pendingErr.indexOf('\n')) !== -1) {
        takeErr(pendingErr.slice(0, nl));
        pendingErr = pendingErr.slice(nl + 1);
      }
      if (pendingErr.length > MAX_STDERR_LINE) pendingErr = '';
    });

    const finish = (outcome: SearchOutcome | { spawnFailed: string }): void => {
      if (settled) return;
      settled = true;
      opts.signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    child.on('error', (err: NodeJS.ErrnoException) => {
      finish({ spawnFailed: err.message });
    });
    child.on('close', (code) => {
      if (pending) take(pending);
      if (pendingErr) takeErr(pendingErr);
      if (opts.signal.aborted) return finish({ ok: false, error: 'The search was cancelled.' });
      const message = stderr.trim().slice(0, 2000);
      if (code !== 0 && code !== 1 && !truncated && /regex parse error|error parsing regex/i.test(message)) {
        return finish({ ok: false, error: `Invalid regular expression ${JSON.stringify(opts.pattern)}:\n${message}` });
      }
      // Exit code 2 with other messages means some files could not be read: keep what was found.
      const warning = code === 0 || code === 1 || truncated ? undefined : message || `ripgrep exited with code ${code}`;
      finish({ ok: true, matches, truncated, skippedLarge, binary, ...(warning ? { warning } : {}) });
    });
  });
}
