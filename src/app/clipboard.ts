/**
 * Copy text to the person's clipboard.
 *
 * How the TUI uses it: `copyToClipboard(text, { write: (s) => stdout.write(s) })` from history
 * mode's `y`/`Y` and the pager's `y`; the returned `CopyReport.summary` goes on the status line
 * ("copied 212 lines (6.1 KB)").
 *
 * Two routes, both taken when available:
 * 1. OSC 52 (`ESC ] 52 ; c ; base64 BEL`) written to our own terminal. It reaches the person's
 *    clipboard through ssh, and through tmux when tmux has `set-clipboard on` — tmux then reads
 *    the sequence itself, fills a tmux buffer and forwards it to the outer terminal. That is why
 *    the sequence is NOT wrapped for tmux passthrough by default: a wrapped sequence
 *    (`ESC P tmux; ... ESC \`) bypasses tmux's clipboard handling and only works with
 *    `allow-passthrough on`; `tmuxPassthrough: true` exists for exactly that setup.
 * 2. A local clipboard program (`wl-copy`, `xclip -selection clipboard`, `pbcopy`) found on PATH,
 *    spawned with an argv (no shell) and fed the text on stdin. Skipped over ssh, where it would
 *    fill the remote machine's clipboard, not the person's.
 */
import type { CopyReport } from '../store/copy-report.js';
import { wrapForTmux } from '../keys/clipboard-5522.js';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Terminals cap OSC 52 payloads differently (some near 100 KB, tmux and most modern terminals far
 * higher); past this size only the local clipboard program gets the text.
 */
export const DEFAULT_OSC52_MAX_BYTES = 1_000_000;

export interface Osc52Options {
  /** Wrap in tmux's DCS passthrough (needs `allow-passthrough on`); default false, see above. */
  tmuxPassthrough?: boolean;
  /** Selection: `c` clipboard (default), `p` primary. */
  selection?: 'c' | 'p';
}

/** The OSC 52 sequence that puts exactly `text` (UTF-8) on the clipboard. */
export function osc52Sequence(text: string, opts: Osc52Options = {}): string {
  const payload = Buffer.from(text, 'utf8').toString('base64');
  const seq = `\x1b]52;${opts.selection ?? 'c'};${payload}\x07`;
  return opts.tmuxPassthrough ? wrapForTmux(seq) : seq;
}

/** Decodes an OSC 52 set-clipboard sequence found in `data` (for tests and e2e checks). */
export function parseOsc52(data: string): { selection: string; text: string } | null {
  const m = /\x1b\]52;([a-z0-9]*);([A-Za-z0-9+/=]*)(?:\x07|\x1b\\)/.exec(data);
  if (!m) return null;
  return { selection: m[1]!, text: Buffer.from(m[2]!, 'base64').toString('utf8') };
}

export interface ClipboardProgram {
  name: 'wl-copy' | 'xclip' | 'pbcopy';
  path: string;
  args: string[];
}

/** Full path of an executable called `name` on `pathEnv`, or null. */
export function findOnPath(name: string, pathEnv = process.env.PATH ?? ''): string | null {
  for (const dir of pathEnv.split(delimiter)) {
    if (!dir) continue;
    const full = join(dir, name);
    try {
      if (!statSync(full).isFile()) continue;
      accessSync(full, constants.X_OK);
      return full;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * The local clipboard program to use, if any: the one that matches the display server first
 * (Wayland, then X11, then macOS). Null over ssh or without a display.
 */
export function findClipboardProgram(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): ClipboardProgram | null {
  if (env.SSH_CONNECTION || env.SSH_TTY) return null;
  const path = env.PATH ?? '';
  const candidates: ClipboardProgram['name'][] = [];
  if (platform === 'darwin') candidates.push('pbcopy');
  if (env.WAYLAND_DISPLAY) candidates.push('wl-copy');
  if (env.DISPLAY) candidates.push('xclip');
  for (const name of candidates) {
    const full = findOnPath(name, path);
    if (!full) continue;
    const args = name === 'xclip' ? ['-selection', 'clipboard'] : [];
    return { name, path: full, args };
  }
  return null;
}

/** Pipes `text` to `program`. Resolves with an error message, or null on success; never throws. */
export async function pipeToProgram(program: ClipboardProgram, text: string, env = process.env): Promise<string | null> {
  // With the first copy, not before the first frame (child_process brings net and dgram along).
  const { spawn } = await import('node:child_process');
  return new Promise((resolve) => {
    let settled = false;
    const done = (err: string | null) => {
      if (settled) return;
      settled = true;
      resolve(err);
    };
    try {
      // stdout/stderr ignored: xclip and wl-copy fork a child that keeps serving the selection,
      // and piped fds would keep us waiting for it. We wait for 'exit' of the parent only.
      const child = spawn(program.path, program.args, { stdio: ['pipe', 'ignore', 'ignore'], env });
      child.on('error', (e) => done(`${program.name}: ${e.message}`));
      child.on('exit', (code, signal) =>
        done(code === 0 ? null : `${program.name} exited with ${signal ?? `code ${code}`}`),
      );
      child.stdin.on('error', () => {
        /* reported through 'exit' */
      });
      child.stdin.end(text, 'utf8');
    } catch (e) {
      done(`${program.name}: ${(e as Error).message}`);
    }
  });
}

export interface CopyOptions extends Osc52Options {
  /** Writes to our terminal (Ink's stdout). Omit to skip OSC 52. */
  write?: (data: string) => void;
  /** Largest text sent by OSC 52, in UTF-8 bytes. Longer text goes only to the local program. */
  osc52MaxBytes?: number;
  /** Override the local program lookup (null: none). Default: `findClipboardProgram()`. */
  program?: ClipboardProgram | null;
  env?: NodeJS.ProcessEnv;
}

export type { CopyReport } from '../store/copy-report.js';

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** Copies `text` by every available route and says what happened. Never throws. */
export async function copyToClipboard(text: string, opts: CopyOptions = {}): Promise<CopyReport> {
  const bytes = Buffer.byteLength(text, 'utf8');
  const lines = text === '' ? 0 : text.split('\n').length;
  const problems: string[] = [];
  let osc52 = false;
  if (opts.write) {
    if (bytes <= (opts.osc52MaxBytes ?? DEFAULT_OSC52_MAX_BYTES)) {
      try {
        opts.write(osc52Sequence(text, opts));
        osc52 = true;
      } catch (e) {
        problems.push(`OSC 52: ${(e as Error).message}`);
      }
    } else {
      problems.push(`too large for OSC 52 (${formatBytes(bytes)})`);
    }
  }
  const program = opts.program === undefined ? findClipboardProgram(opts.env) : opts.program;
  let used: CopyReport['program'] = null;
  if (program) {
    const err = await pipeToProgram(program, text, opts.env);
    if (err) problems.push(err);
    else used = program.name;
  }
  const ok = osc52 || used !== null;
  const what = `${lines} line${lines === 1 ? '' : 's'} (${formatBytes(bytes)})`;
  const via = [osc52 ? 'OSC 52' : '', used ?? ''].filter(Boolean).join(' + ');
  const summary = ok
    ? `copied ${what} via ${via}${problems.length ? ` — ${problems.join('; ')}` : ''}`
    : `nothing copied: ${problems.join('; ') || 'no terminal and no clipboard program'}`;
  return { ok, bytes, lines, osc52, program: used, problems, summary };
}
