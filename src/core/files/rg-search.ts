// The ripgrep engine: spawned with an argv array (no shell), output streamed and cut at the match cap.
import { spawn } from 'node:child_process';
import { cutLine, type SearchMatch, type SearchOptions, type SearchOutcome } from './search-types.js';

const MAX_STDERR = 8 * 1024;

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
    '--glob',
    '!.git',
    '--glob',
    '!node_modules',
  ];
  if (opts.glob) args.push('--glob', opts.glob);
  if (opts.ignoreCase) args.push('--ignore-case');
  args.push('--regexp', opts.pattern, '--', opts.targetRel);

  return new Promise((resolve) => {
    const child = spawn(rgPath, args, { cwd: opts.root, stdio: ['ignore', 'pipe', 'pipe'] });
    const matches: SearchMatch[] = [];
    let truncated = false;
    let stderr = '';
    let pending = '';
    let settled = false;

    const onAbort = (): void => {
      child.kill('SIGTERM');
    };
    if (opts.signal.aborted) onAbort();
    else opts.signal.addEventListener('abort', onAbort, { once: true });

    const take = (line: string): void => {
      if (truncated || line === '') return;
      const nul = line.indexOf('\0');
      if (nul === -1) return;
      const rest = line.slice(nul + 1);
      const colon = rest.indexOf(':');
      const lineNo = Number(rest.slice(0, colon));
      if (colon === -1 || !Number.isFinite(lineNo)) return;
      if (matches.length >= opts.maxMatches) {
        truncated = true;
        child.kill('SIGTERM'); // enough: stop rg instead of reading the rest
        return;
      }
      let file = line.slice(0, nul);
      if (file.startsWith('./')) file = file.slice(2);
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
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (data: string) => {
      if (stderr.length < MAX_STDERR) stderr += data;
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
      if (opts.signal.aborted) return finish({ ok: false, error: 'The search was cancelled.' });
      const message = stderr.trim().slice(0, 2000);
      if (code !== 0 && code !== 1 && !truncated && /regex parse error|error parsing regex/i.test(message)) {
        return finish({ ok: false, error: `Invalid regular expression ${JSON.stringify(opts.pattern)}:\n${message}` });
      }
      // Exit code 2 with other messages means some files could not be read: keep what was found.
      const warning = code === 0 || code === 1 || truncated ? undefined : message || `ripgrep exited with code ${code}`;
      finish({ ok: true, matches, truncated, warning });
    });
  });
}
