// A session's images live once each in <session folder>/images/<sha256>.<ext> (0600), never inline
// in the JSONL: records name the file by its full path, so a rewind fork carries it like a bash log
// (session-fork links every file the kept records name) and resume reads it back.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ImageBlock, ImageMediaType, UserBlock } from '../conversation.js';
import { makePrivateDir } from './session-paths.js';

/** What a record keeps of an image: everything but the bytes, and where they are. */
export interface StoredImage {
  file: string;
  mediaType: ImageMediaType;
  name: string;
  width: number;
  height: number;
  bytes: number;
}

/** A prompt's image in its record: its file beside the session, never its bytes. */
export type StoredImageBlock = { type: 'image_file' } & StoredImage;

const EXTENSIONS: Record<ImageMediaType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

/** Writes each image's bytes under `sessionDir` (once per content) and returns what the record keeps. */
export function storeImages(sessionDir: string, images: readonly ImageBlock[]): StoredImage[] {
  const dir = path.join(sessionDir, 'images');
  makePrivateDir(dir);
  return images.map((image) => {
    const bytes = Buffer.from(image.data, 'base64');
    const hash = createHash('sha256').update(bytes).digest('hex');
    const file = path.join(dir, `${hash}.${EXTENSIONS[image.mediaType]}`);
    // 'wx': an image already stored is the same bytes (its name is their hash).
    if (!existsSync(file)) {
      try {
        writeFileSync(file, bytes, { mode: 0o600, flag: 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    return { file, mediaType: image.mediaType, name: image.name, width: image.width, height: image.height, bytes: image.bytes };
  });
}

/** The images back from their files; one whose file is gone becomes a line saying so. */
export function loadImages(stored: readonly StoredImage[]): { images: ImageBlock[]; gone: string[] } {
  const images: ImageBlock[] = [];
  const gone: string[] = [];
  for (const s of stored) {
    try {
      const data = readFileSync(s.file).toString('base64');
      images.push({ type: 'image', mediaType: s.mediaType, data, name: s.name, width: s.width, height: s.height, bytes: s.bytes });
    } catch {
      gone.push(`[image: ${s.name}, ${s.width}×${s.height} — its file ${s.file} is gone]`);
    }
  }
  return { images, gone };
}

/** A prompt's blocks as its record keeps them: each image stored beside the session. */
export function storePromptImages(sessionDir: string, content: readonly UserBlock[]): (UserBlock | StoredImageBlock)[] {
  if (!content.some((b) => b.type === 'image')) return [...content];
  return content.map((b) => (b.type === 'image' ? { type: 'image_file' as const, ...storeImages(sessionDir, [b])[0]! } : b));
}

/** A prompt record's blocks back: each stored image read from its file (or a line saying it is gone). */
export function loadPromptImages(content: readonly (UserBlock | StoredImageBlock)[]): UserBlock[] {
  return content.map((b) => {
    if (b.type !== 'image_file') return b;
    const { type: _, ...stored } = b;
    const { images, gone } = loadImages([stored]);
    return images[0] ?? { type: 'text', text: gone[0]! };
  });
}
