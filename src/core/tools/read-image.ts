// read_file on a PNG, JPEG, GIF or WebP: the image itself for the model, and one line saying what
// it is (the model can name its size without decoding it).
import path from 'node:path';
import type { WorkspaceHandle } from '../files/workspace-open.js';
import { recordFileState } from '../files/read-state.js';
import { formatBytes } from '../files/binary.js';
import { imageBlockFromBytes, imageMediaType } from '../images/image-blocks.js';
import type { SessionState, ToolResult } from './tool.js';

/** Larger image files are refused: no provider takes them, and downscaling one would stall the turn. */
export const READ_IMAGE_MAX_BYTES = 50 * 1024 * 1024;

/** Whether the file's first bytes say it is an image read_file sends as one. */
export const isReadableImage = (head: Buffer): boolean => imageMediaType(head) !== null;

export async function readImage(shown: string, file: WorkspaceHandle, session: SessionState): Promise<ToolResult> {
  const { stat } = file;
  if (stat.size > READ_IMAGE_MAX_BYTES) {
    return { content: `${shown} is an image of ${formatBytes(stat.size)}, over the ${formatBytes(READ_IMAGE_MAX_BYTES)} limit for images.`, isError: true };
  }
  const bytes = await file.handle.readFile();
  const image = imageBlockFromBytes(path.basename(shown), bytes);
  if (!image) return { content: `${shown} looks like an image but its header gives no size; it cannot be sent.`, isError: true };
  await recordFileState(session, file.realPath, stat);
  const format = image.mediaType.slice('image/'.length).toUpperCase();
  return {
    content: `Image ${shown}: ${format}, ${image.width}×${image.height} pixels, ${formatBytes(image.bytes)}.`,
    images: [image],
    isError: false,
    details: { kind: 'read', path: shown, startLine: 0, endLine: 0, totalLines: 0, more: false, image: { width: image.width, height: image.height, bytes: image.bytes } },
  };
}
