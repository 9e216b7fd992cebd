// The images a prompt sends: files named outright (-p --image, a chip in the prompt) and every
// @name.png (.jpg, .jpeg, .gif, .webp) the prompt mentions, in that order, each once; the text
// keeps the @name, so the model knows which image is which. -p and the TUI both read them here.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageBlock } from '../conversation.js';
import type { ImageMeta } from '../conversation.js';
import { imageBlockFromBytes, imageMeta } from './image-blocks.js';

const MENTION = /(?:^|\s)@(\S+\.(?:png|jpe?g|gif|webp))(?=$|[\s,.;:!?)])/gi;

/** What `@…` in the prompt names as image files, as written. A URI (`@server:pic://shot.png`, an MCP resource) names no file. */
export function mentionedImages(prompt: string): string[] {
  return [...prompt.matchAll(MENTION)].map((m) => m[1]!).filter((name) => !name.includes('://'));
}

/** One image file as a block that remembers where it came from, or what is wrong with it, said plainly. */
export async function readImageFile(given: string, cwd: string): Promise<ImageBlock | { error: string }> {
  const full = path.resolve(cwd, given);
  let bytes: Buffer;
  try {
    bytes = await readFile(full);
  } catch (err) {
    return { error: `cannot read the image ${given}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}` };
  }
  const image = imageBlockFromBytes(path.basename(given), bytes);
  if (!image) return { error: `${given} is not a PNG, JPEG, GIF or WebP image (or its header gives no size)` };
  return { ...image, path: full };
}

/** The image blocks of `files` and the prompt's @mentions, or the first file that is missing or not an image. */
export async function promptImages(prompt: string, files: readonly string[], cwd: string): Promise<{ images: ImageBlock[] } | { error: string }> {
  const images: ImageBlock[] = [];
  const seen = new Set<string>();
  for (const given of [...files, ...mentionedImages(prompt)]) {
    const full = path.resolve(cwd, given);
    if (seen.has(full)) continue;
    seen.add(full);
    const image = await readImageFile(given, cwd);
    if ('error' in image) return image;
    images.push(image);
  }
  return { images };
}

/** What a pasted path names, when it is an image file that can be sent (read now, for its size); else null. */
export function imageFileMeta(full: string): ImageMeta | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(full);
  } catch {
    return null;
  }
  const image = imageBlockFromBytes(path.basename(full), bytes);
  return image ? imageMeta({ ...image, path: full }) : null;
}

const IMAGE_NAME = /\.(?:png|jpe?g|gif|webp)$/i;

/**
 * The file a pasted text names, as terminals paste a dropped or copied file: a plain path, one in
 * quotes, one with backslash-escaped spaces, or a file:// URL. Null for anything else (text with
 * line breaks, several words, a name that is not an image's).
 */
export function pastedImagePath(text: string, cwd: string): string | null {
  let t = text.trim();
  if (t === '' || t.includes('\n')) return null;
  if (/^(['"]).*\1$/.test(t)) t = t.slice(1, -1);
  else if (/(?<!\\)\s/.test(t)) return null;
  else t = t.replace(/\\(.)/g, '$1');
  if (t.startsWith('file://')) {
    try {
      t = decodeURIComponent(new URL(t).pathname);
    } catch {
      return null;
    }
  }
  if (t.startsWith('~/')) t = path.join(process.env.HOME ?? '~', t.slice(2));
  return IMAGE_NAME.test(t) ? path.resolve(cwd, t) : null;
}
