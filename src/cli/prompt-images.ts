// Images in -p: the ones a prompt sends (every --image file, and every @name.png (.jpg, .jpeg, .gif,
// .webp) the prompt mentions, in that order, each once; the text keeps the @name, so the model
// knows which image is which), and stream-json events without image bytes.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageBlock } from '../core/conversation.js';
import type { AgentEvent } from '../core/events.js';
import { imageBlockFromBytes } from '../core/images/image-blocks.js';

const MENTION = /(?:^|\s)@(\S+\.(?:png|jpe?g|gif|webp))(?=$|[\s,.;:!?)])/gi;

/** What `@…` in the prompt names as image files, as written. A URI (`@server:pic://shot.png`, an MCP resource) names no file. */
export function mentionedImages(prompt: string): string[] {
  return [...prompt.matchAll(MENTION)].map((m) => m[1]!).filter((name) => !name.includes('://'));
}

/** The image blocks, or the first file that is missing or not an image, said plainly. */
export async function promptImages(prompt: string, files: readonly string[], cwd: string): Promise<{ images: ImageBlock[] } | { error: string }> {
  const images: ImageBlock[] = [];
  const seen = new Set<string>();
  for (const given of [...files, ...mentionedImages(prompt)]) {
    const full = path.resolve(cwd, given);
    if (seen.has(full)) continue;
    seen.add(full);
    let bytes: Buffer;
    try {
      bytes = await readFile(full);
    } catch (err) {
      return { error: `cannot read the image ${given}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}` };
    }
    const image = imageBlockFromBytes(path.basename(given), bytes);
    if (!image) return { error: `${given} is not a PNG, JPEG, GIF or WebP image (or its header gives no size)` };
    images.push(image);
  }
  return { images };
}

/** A tool result's images as stream-json prints them: what they are, not their bytes. */
export function withoutImageBytes<E extends { type: string }>(event: E): E {
  const images = (event as Partial<Extract<AgentEvent, { type: 'tool_result' }>>).images;
  if (event.type !== 'tool_result' || !images) return event;
  return { ...event, images: images.map(({ data: _, ...meta }) => meta) };
}
