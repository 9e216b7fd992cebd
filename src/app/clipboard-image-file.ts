// Where a pasted clipboard image goes before its chip can show it: a file in one private scratch
// folder of this process (made with mkdtemp, so no one can guess or plant it; the sweep removes the
// folder once inkling is gone), readable by us only. Ctrl+V's two readers share it: the local
// clipboard program (clipboard-read.ts) and the terminal's own protocol (terminal-clipboard.ts).
import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scratchPath } from '../core/cleanup/scratch-root.js';

/** The image types a chip can send, by MIME type, with the file extension each is saved under. */
export const CLIPBOARD_IMAGE_TYPES: Readonly<Record<string, string>> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

let saved = 0;
let ownDir: string | null = null;

/** This process's clipboard folder, made on the first pasted image. */
function clipboardDir(): string {
  ownDir ??= mkdtempSync(scratchPath('clipboard-'));
  return ownDir;
}

/** Saves `bytes` of `mime` (one of CLIPBOARD_IMAGE_TYPES) and returns the file's path. */
export function saveClipboardImage(bytes: Uint8Array, mime: string, scratchDir = clipboardDir()): string {
  const file = path.join(scratchDir, `inkling-${process.pid}-clipboard-${++saved}.${CLIPBOARD_IMAGE_TYPES[mime] ?? 'img'}`);
  // 'wx': never through something already at that name (a link planted there).
  writeFileSync(file, bytes, { mode: 0o600, flag: 'wx' });
  return file;
}
