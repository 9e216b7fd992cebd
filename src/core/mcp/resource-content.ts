// A resources/read answer as the text the model reads: each content's URI and type, then its text;
// an image (PNG, JPEG, GIF, WebP) is named by its size and sent as an image, any other binary
// content (blob) is summarised by its type and length.
import type { ImageBlock } from '../conversation.js';
import { imageBlockFromBytes } from '../images/image-blocks.js';
import { imageSize } from './image-size.js';

export interface FormattedResource {
  text: string;
  /** One line per content, for the card and the notice of an @ attachment. */
  summaries: string[];
  /** The image contents, in order, named by their URIs; the text names each one too. */
  images: ImageBlock[];
}

export function formatResourceContents(contents: readonly unknown[]): FormattedResource {
  const parts: string[] = [];
  const summaries: string[] = [];
  const images: ImageBlock[] = [];
  for (const raw of contents) {
    if (typeof raw !== 'object' || raw === null) continue;
    const c = raw as Record<string, unknown>;
    const uri = typeof c.uri === 'string' ? c.uri : '?';
    const mime = typeof c.mimeType === 'string' ? c.mimeType : undefined;
    if (typeof c.text === 'string') {
      const line = `[resource ${uri}${mime ? `, ${mime}` : ''}, ${c.text.length} characters]`;
      summaries.push(line);
      parts.push(`${line}\n${c.text}`);
      continue;
    }
    const blob = typeof c.blob === 'string' ? c.blob : '';
    const image = mime?.startsWith('image/') ? imageBlockFromBytes(uri, Buffer.from(blob, 'base64')) : null;
    const size = !image && mime?.startsWith('image/') ? imageSize(blob) : null;
    if (image) images.push(image);
    const line = image
      ? `[image ${uri}, ${image.width}×${image.height}, ${image.mediaType}]`
      : size
        ? `[image ${uri}, ${size.width}×${size.height}, ${mime}: not in a format the model takes (PNG, JPEG, GIF, WebP)]`
        : `[binary resource ${uri}, ${mime ?? 'unknown type'}, ${formatBytes(Math.floor((blob.length * 3) / 4))}: not shown as text]`;
    summaries.push(line);
    parts.push(line);
  }
  return { text: parts.length > 0 ? parts.join('\n\n') : '(the resource has no contents)', summaries, images };
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
