// read_file: one row — the path, then how many lines were read (an image: its size and dimensions).
import type { ToolItem } from '../../src/store/transcript.js';
import { toSafeText } from '../../src/core/text/safe-text.js';
import { countOf } from '../text-layout.js';
import { imageCardText } from '../../src/core/images/image-blocks.js';
import { defineRenderer, indented, inputField } from './card-parts.js';

function readSummary(item: ToolItem): string {
  const d = item.details;
  if (d?.kind !== 'read') return item.status === 'error' ? 'error' : '';
  // An image read: what the model was sent of it (the file's name is the summary's path).
  if (d.image) return `image ${imageCardText({ name: '', ...d.image }).replace(/^ · /, '')}`;
  const n = Math.max(0, d.endLine - d.startLine + 1);
  return d.more || d.startLine > 1 ? `lines ${d.startLine}–${d.endLine} of ${d.totalLines}` : countOf(n, 'line');
}

export const readFileRenderer = defineRenderer({
  kind: 'read',
  tools: ['read_file'],
  summary: (item) => inputField(item, 'path') ?? (item.details?.kind === 'read' ? item.details.path : toSafeText('')),
  result: readSummary,
  expandedInput(item, width) {
    const d = item.details;
    if (d?.kind !== 'read') return indented(inputField(item, 'path') ?? '', width);
    if (d.image) return indented(`${d.path}  ${readSummary(item)}`, width);
    return indented(`${d.path}  lines ${d.startLine}–${d.endLine} of ${d.totalLines}${d.more ? ' (more below)' : ''}`, width);
  },
  copyableInput: (item) => (item.details?.kind === 'read' ? item.details.path : (inputField(item, 'path') ?? '')),
});
