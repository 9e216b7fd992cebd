// Image blocks: made from a file's bytes (format and dimensions from its header), the line that
// names one, and what one costs in tokens. The providers' own shapes live beside each provider.
import type { ImageBlock, ImageMediaType, ImageMeta } from '../conversation.js';
import { formatBytes } from '../files/binary.js';
import { imageSize } from '../mcp/image-size.js';

/** The formats both providers accept. SVG is text and stays text. */
export function imageMediaType(bytes: Uint8Array): ImageMediaType | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 16));
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const head = b.toString('latin1', 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** An image block for these bytes, or null when they are not a PNG, JPEG, GIF or WebP we can size. */
export function imageBlockFromBytes(name: string, bytes: Buffer): ImageBlock | null {
  const mediaType = imageMediaType(bytes);
  if (!mediaType) return null;
  const data = bytes.toString('base64');
  const size = imageSize(data);
  if (!size || size.width < 1 || size.height < 1) return null;
  return { type: 'image', mediaType, data, name, width: size.width, height: size.height, bytes: bytes.length };
}

/** What the screen gets of an image (`path` only when it has one): never its bytes. */
export function imageMeta(image: ImageBlock): ImageMeta {
  return { name: image.name, width: image.width, height: image.height, bytes: image.bytes, ...(image.path ? { path: image.path } : {}) };
}

/** "shot.png · 800×600 · 41 KB": an image on a card's line (the screen's short sizes). */
export function imageCardText(image: Pick<ImageMeta, 'name' | 'width' | 'height' | 'bytes'>): string {
  const b = image.bytes;
  const size = b < 1024 ? `${b} B` : b < 1024 * 1024 ? `${Math.round(b / 1024)} KB` : `${(b / (1024 * 1024)).toFixed(1)} MB`;
  return `${image.name} · ${image.width}×${image.height} · ${size}`;
}

/** "shot.png, 800×600, 41 KB": what a card, a chip and a placeholder say of an image. */
export function describeImage(image: ImageBlock): string {
  return `${image.name}, ${image.width}×${image.height}, ${formatBytes(image.bytes)}`;
}

/** The text sent instead of an image to a model that cannot see images. */
export function blindPlaceholder(image: ImageBlock): string {
  return `[image: ${image.name}, ${image.width}×${image.height} — this model cannot see images]`;
}

/**
 * Visual tokens, as Anthropic documents them (width × height / 750, after the provider's own
 * downscaling to 1,568 px on the long edge); OpenAI's tiles cost about the same at these sizes.
 */
export function estimateImageTokens(image: Pick<ImageBlock, 'width' | 'height'>): number {
  const scale = Math.min(1, 1568 / Math.max(image.width, image.height, 1));
  return Math.ceil((image.width * scale * image.height * scale) / 750);
}
