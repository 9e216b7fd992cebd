// Turns an MCP tool result's content blocks into what the model reads: text as is, images both
// named ("[image 640×480]") and sent as images when in a format the providers take, audio
// summarised, resources by their URI (with their text when they carry text), structured content
// as JSON when nothing else was sent.
import type { ImageBlock } from '../conversation.js';
import { imageBlockFromBytes } from '../images/image-blocks.js';
import { imageSize } from './image-size.js';

/** The part of a CallToolResult this module reads; everything else is ignored. */
export interface ToolResultPayload {
  content?: unknown;
  structuredContent?: unknown;
  isError?: unknown;
}

export interface FormattedResult {
  text: string;
  isError: boolean;
  /** One line per block that was not text ("[image 20×20]", a resource URI), for the card. */
  summaries: string[];
  /** The image blocks the model sees, in order ("image #1"…). */
  images: ImageBlock[];
}

export function formatToolResult(result: ToolResultPayload): FormattedResult {
  const parts: string[] = [];
  const summaries: string[] = [];
  const images: ImageBlock[] = [];
  const blocks = Array.isArray(result.content) ? result.content : [];
  for (const raw of blocks) {
    if (typeof raw !== 'object' || raw === null) continue;
    const block = raw as Record<string, unknown>;
    if (block.type === 'text' && typeof block.text === 'string') {
      parts.push(block.text);
      continue;
    }
    if (block.type === 'image' && typeof block.data === 'string') {
      const image = imageBlockFromBytes(`image #${images.length + 1}`, Buffer.from(block.data, 'base64'));
      if (image) images.push(image);
    }
    const summary = summarizeBlock(block);
    summaries.push(summary.line);
    parts.push(summary.text ?? summary.line);
  }
  if (parts.length === 0 && result.structuredContent !== undefined) parts.push(JSON.stringify(result.structuredContent, null, 2));
  return { text: parts.join('\n'), isError: result.isError === true, summaries, images };
}

function summarizeBlock(block: Record<string, unknown>): { line: string; text?: string } {
  const mime = typeof block.mimeType === 'string' ? block.mimeType : undefined;
  switch (block.type) {
    case 'image': {
      const data = typeof block.data === 'string' ? block.data : '';
      const size = imageSize(data);
      const what = size ? `${size.width}×${size.height}` : (mime ?? 'unknown format');
      return { line: `[image ${what}${size && mime ? `, ${mime}` : ''}]` };
    }
    case 'audio': {
      const data = typeof block.data === 'string' ? block.data : '';
      return { line: `[audio ${mime ?? 'unknown format'}, ${formatBytes(Math.floor((data.length * 3) / 4))}]` };
    }
    case 'resource_link':
      return { line: `[resource ${String(block.uri ?? '?')}${typeof block.name === 'string' ? ` "${block.name}"` : ''}]` };
    case 'resource': {
      const res = (typeof block.resource === 'object' && block.resource !== null ? block.resource : {}) as Record<string, unknown>;
      const resMime = typeof res.mimeType === 'string' ? `, ${res.mimeType}` : '';
      const line = `[resource ${String(res.uri ?? '?')}${resMime}]`;
      return typeof res.text === 'string' ? { line, text: `${line}\n${res.text}` } : { line };
    }
    default:
      return { line: `[${typeof block.type === 'string' ? block.type : 'unknown'} content]` };
  }
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
