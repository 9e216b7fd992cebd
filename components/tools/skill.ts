// skill: which skill the model started ("skill pdf active", pinned so compaction keeps it), or
// which of a skill's files it read.
import { toSafeText } from '../../src/core/text/safe-text.js';
import { defineRenderer, inputField } from './card-parts.js';

export const skillRenderer = defineRenderer({
  kind: 'skill',
  tools: ['skill'],
  summary: (item) => {
    const file = inputField(item, 'file');
    return toSafeText(`${inputField(item, 'name') ?? ''}${file ? ` ${file}` : ''}`);
  },
  result(item) {
    const d = item.details;
    if (d?.kind !== 'skill') return item.status === 'error' ? 'error' : '';
    if (d.file) return `read from skill ${d.name}`;
    return `skill ${d.name} active · ${d.files} file${d.files === 1 ? '' : 's'}`;
  },
});
