// Where a pasted clipboard image goes before its chip can show it: a scratch file named after our
// pid (swept once inkling is gone), readable by us only. Ctrl+V's two readers share it: the local
// clipboard program (clipboard-read.ts) and the terminal's own protocol (terminal-clipboard.ts).
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The image types a chip can send, by MIME type, with the file extension each is saved under. */
export const CLIPBOARD_IMAGE_TYPES: Readonly<Record<string, string>> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

let saved = 0;

/** Saves `bytes` of `mime` (one of CLIPBOARD_IMAGE_TYPES) and returns the file's path. */
export function saveClipboardImage(bytes: Uint8Array, mime: string, scratchDir = os.tmpdir()): string {
  const file = path.join(scratchDir, `inkling-${process.pid}-clipboard-${++saved}.${CLIPBOARD_IMAGE_TYPES[mime] ?? 'img'}`);
  writeFileSync(file, bytes, { mode: 0o600 });
  return file;
}
