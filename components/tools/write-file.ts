// write_file: the path, then "created 4 lines" or "wrote 4 lines".
import { toSafeText } from '../../src/core/text/safe-text.js';
import { countOf } from '../text-layout.js';
import { defineRenderer, indented, inputField } from './card-parts.js';

export const writeFileRenderer = defineRenderer({
  kind: 'write',
  tools: ['write_file'],
  summary: (item) => inputField(item, 'path') ?? (item.details?.kind === 'write' ? item.details.path : toSafeText('')),
  result(item) {
    const d = item.details;
    if (d?.kind !== 'write') return item.status === 'error' ? 'error' : '';
    return `${d.created ? 'created' : 'wrote'} ${countOf(d.lines, 'line')}`;
  },
  // The content is the file: the path says which; the pager (o) and the file itself have the rest.
  expandedInput: (item, width) => indented(item.details?.kind === 'write' ? item.details.path : (inputField(item, 'path') ?? ''), width),
  copyableInput: (item) => inputField(item, 'path') ?? '',
});
