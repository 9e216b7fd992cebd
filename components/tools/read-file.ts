// read_file: one row — the path, then how many lines were read.
import type { ToolItem } from '../../src/store/transcript.js';
import { toSafeText } from '../../src/core/text/safe-text.js';
import { countOf } from '../text-layout.js';
import { defineRenderer, indented, inputField } from './card-parts.js';

function readSummary(item: ToolItem): string {
  const d = item.details;
  if (d?.kind !== 'read') return item.status === 'error' ? 'error' : '';
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
    return indented(`${d.path}  lines ${d.startLine}–${d.endLine} of ${d.totalLines}${d.more ? ' (more below)' : ''}`, width);
  },
  copyableInput: (item) => (item.details?.kind === 'read' ? item.details.path : (inputField(item, 'path') ?? '')),
});
