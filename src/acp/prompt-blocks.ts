// An ACP prompt (content blocks) as inkling's prompt: text as it is; images as image blocks
// (PNG, JPEG, GIF, WebP); an embedded resource (the editor's selection, a file it attached) as a
// <context> section with its URI; a resource link as the path or URI it names, for the model to read.
import { fileURLToPath } from 'node:url';
import type { ContentBlock } from '@agentclientprotocol/sdk';
import type { ImageBlock } from '../core/conversation.js';
import { imageBlockFromBytes } from '../core/images/image-blocks.js';

export interface InklingPrompt {
  text: string;
  images: ImageBlock[];
  /** What was left out, to say to the person (an audio block, an image of an unknown format). */
  skipped: string[];
}

function pathOf(uri: string): string {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : uri;
  } catch {
    return uri;
  }
}

export function promptFromBlocks(blocks: readonly ContentBlock[]): InklingPrompt {
  const parts: string[] = [];
  const images: ImageBlock[] = [];
  const skipped: string[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'text':
        parts.push(block.text);
        break;
      case 'image': {
        const image = imageBlockFromBytes(block.uri ? pathOf(block.uri) : `image #${images.length + 1}`, Buffer.from(block.data, 'base64'));
        if (image) images.push(image);
        else skipped.push(`an image (${block.mimeType}) that is not PNG, JPEG, GIF or WebP`);
        break;
      }
      case 'resource': {
        const r = block.resource;
        if ('text' in r) parts.push(`<context uri="${pathOf(r.uri)}">\n${r.text}\n</context>`);
        else skipped.push(`the binary resource ${r.uri}`);
        break;
      }
      case 'resource_link':
        parts.push(`@${pathOf(block.uri)}`);
        break;
      case 'audio':
        skipped.push('an audio clip');
        break;
    }
  }
  return { text: parts.join('\n\n'), images, skipped };
}
