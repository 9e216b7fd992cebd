// Images larger than the providers take are made smaller before the model sees them: the long edge
// down to the limit (aspect ratio kept), and then, past the byte limit, re-encoded as JPEG at
// falling quality. @napi-rs/image (native, prebuilt per platform) loads on the first image that
// needs it, never at start-up.
import type { ImageBlock } from '../conversation.js';
import { formatBytes } from '../files/binary.js';
import { modelInfo } from '../providers/models.js';
import { describeImage, imageBlockFromBytes } from './image-blocks.js';

/** Anthropic's long edge before it scales an image itself; the default for models the catalog does not size. */
export const DEFAULT_MAX_LONG_EDGE = 1568;
/** Anthropic refuses an image over 5 MB (OpenAI's limit is larger): one limit for both keeps it simple. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface ImageLimits {
  maxLongEdge: number;
  maxBytes: number;
}

/** The limits for a model: setting images.maxLongEdge, else the catalog's figure, else 1,568 px. */
export function imageLimits(model: string, maxLongEdge?: number): ImageLimits {
  return { maxLongEdge: maxLongEdge ?? modelInfo(model)?.imageLongEdge ?? DEFAULT_MAX_LONG_EDGE, maxBytes: MAX_IMAGE_BYTES };
}

/** The size that fits `maxLongEdge` with the same aspect ratio (each side at least 1 px). */
export function fittedSize(width: number, height: number, maxLongEdge: number): { width: number; height: number } {
  const scale = Math.min(1, maxLongEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** True when the image goes as it is. */
export function fits(image: ImageBlock, limits: ImageLimits): boolean {
  return Math.max(image.width, image.height) <= limits.maxLongEdge && image.bytes <= limits.maxBytes;
}

/** A smaller image within the limits. Throws when the bytes cannot be decoded. */
export async function downscale(image: ImageBlock, limits: ImageLimits): Promise<ImageBlock> {
  const { Transformer } = await import('@napi-rs/image');
  const source = Buffer.from(image.data, 'base64');
  const size = fittedSize(image.width, image.height, limits.maxLongEdge);
  const resized = () => new Transformer(source).resize(size.width, size.height);
  // GIF has no encoder here: a resized GIF (its first frame) becomes a PNG.
  let bytes: Buffer = image.mediaType === 'image/jpeg' ? await resized().jpeg(90) : image.mediaType === 'image/webp' ? await resized().webp(90) : await resized().png();
  for (const quality of [85, 70, 55, 40, 25]) {
    if (bytes.length <= limits.maxBytes) break;
    bytes = await resized().jpeg(quality);
  }
  const smaller = imageBlockFromBytes(image.name, bytes);
  if (!smaller) throw new Error('the downscaled image could not be read back');
  if (smaller.bytes > limits.maxBytes) throw new Error(`even at low JPEG quality it is ${formatBytes(smaller.bytes)}, over ${formatBytes(limits.maxBytes)}`);
  return smaller;
}

/**
 * Every image within the limits, with a line for each one that changed: downscaled (from what size)
 * or, when it could not be decoded, left out. Never throws.
 */
export async function fitImages(images: readonly ImageBlock[], limits: ImageLimits): Promise<{ images: ImageBlock[]; notes: string[] }> {
  const kept: ImageBlock[] = [];
  const notes: string[] = [];
  for (const image of images) {
    if (fits(image, limits)) {
      kept.push(image);
      continue;
    }
    try {
      const smaller = await downscale(image, limits);
      kept.push(smaller);
      notes.push(`${image.name} is sent downscaled: ${image.width}×${image.height}, ${formatBytes(image.bytes)} → ${smaller.width}×${smaller.height}, ${formatBytes(smaller.bytes)}.`);
    } catch (err) {
      notes.push(`${describeImage(image)}, is over the model's image limits and could not be made smaller (${err instanceof Error ? err.message : String(err)}): it was not sent.`);
    }
  }
  return { images: kept, notes };
}
