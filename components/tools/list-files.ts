// list_files: the folder, then how many entries.
import { toSafeText } from '../../src/core/text/safe-text.js';
import { defineRenderer, indented, inputField } from './card-parts.js';

export const listFilesRenderer = defineRenderer({
  kind: 'list',
  tools: ['list_files'],
  summary: (item) => inputField(item, 'path') ?? (item.details?.kind === 'list' ? item.details.path : toSafeText('')),
  result(item) {
    const d = item.details;
    if (d?.kind !== 'list') return item.status === 'error' ? 'error' : '';
    return `${d.entries} entr${d.entries === 1 ? 'y' : 'ies'}${d.truncated ? '+' : ''}`;
  },
  expandedInput: (item, width) => indented(listFilesRenderer.summary(item), width),
  copyableInput: (item) => inputField(item, 'path') ?? '',
});
