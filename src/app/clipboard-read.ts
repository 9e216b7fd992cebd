// Ctrl+V's clipboard read through the local clipboard program: wl-paste on Wayland, xclip on X11,
// pbpaste on macOS (text only). An image (PNG, JPEG, GIF or WebP offered by the clipboard) is saved
// as a scratch file for its chip; otherwise the clipboard's text comes back. Over ssh the local
// programs read the remote machine's clipboard, not the person's, so none is asked there.
import { execFile } from 'node:child_process';
import type { ClipboardContent } from '../store/clipboard-content.js';
import { findOnPath } from './clipboard.js';
import { CLIPBOARD_IMAGE_TYPES, saveClipboardImage } from './clipboard-image-file.js';

/** A screenshot is a few MB; this is the read_file limit for images. */
const MAX_BYTES = 50 * 1024 * 1024;
const TIMEOUT_MS = 3000;

interface Reader {
  name: string;
  path: string;
  /** Arguments that list the types on offer, one per line. */
  types: string[];
  /** Arguments that print the clipboard as `type` (null: as text). */
  read(type: string | null): string[];
}

function readerFor(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Reader | null {
  if (env.SSH_CONNECTION || env.SSH_TTY) return null;
  const on = (name: string) => findOnPath(name, env.PATH ?? '');
  const wl = env.WAYLAND_DISPLAY ? on('wl-paste') : null;
  if (wl) return { name: 'wl-paste', path: wl, types: ['--list-types'], read: (t) => (t ? ['--no-newline', '--type', t] : ['--no-newline']) };
  const x = env.DISPLAY ? on('xclip') : null;
  if (x) return { name: 'xclip', path: x, types: ['-selection', 'clipboard', '-t', 'TARGETS', '-o'], read: (t) => ['-selection', 'clipboard', ...(t ? ['-t', t] : []), '-o'] };
  const pb = platform === 'darwin' ? on('pbpaste') : null;
  if (pb) return { name: 'pbpaste', path: pb, types: [], read: () => [] };
  return null;
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { encoding: 'buffer', maxBuffer: MAX_BYTES, timeout: TIMEOUT_MS, env }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
  });
}

/** The clipboard's image or text. `scratchDir`: where an image is saved (the pid-named scratch is swept when inkling is gone). */
export async function readClipboard(opts: { env?: NodeJS.ProcessEnv; platform?: NodeJS.Platform; scratchDir?: string } = {}): Promise<ClipboardContent> {
  const env = opts.env ?? process.env;
  const reader = readerFor(env, opts.platform ?? process.platform);
  if (!reader) {
    const why = env.SSH_CONNECTION || env.SSH_TTY ? "over ssh no clipboard program here can reach your machine's clipboard" : 'no clipboard program found (install wl-clipboard or xclip)';
    return { kind: 'none', reason: `nothing to paste: ${why}` };
  }
  try {
    const offered = reader.types.length ? (await run(reader.path, reader.types, env)).toString('utf8').split(/\r?\n/).map((t) => t.trim()) : [];
    const type = Object.keys(CLIPBOARD_IMAGE_TYPES).find((t) => offered.includes(t));
    if (type) {
      const bytes = await run(reader.path, reader.read(type), env);
      return { kind: 'image', file: saveClipboardImage(bytes, type, opts.scratchDir) };
    }
    const text = (await run(reader.path, reader.read(null), env)).toString('utf8');
    return text === '' ? { kind: 'none', reason: 'the clipboard is empty' } : { kind: 'text', text };
  } catch (err) {
    return { kind: 'none', reason: `${reader.name} could not read the clipboard: ${(err as Error).message.split('\n')[0]}` };
  }
}
