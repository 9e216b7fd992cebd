// grep_search: the pattern (and where), then how many matches in how many files.
import type { ToolItem } from '../../src/store/transcript.js';
import { joinSafe, type SafeText } from '../../src/core/text/safe-text.js';
import { defineRenderer, inputField, oneLine } from './card-parts.js';

function asked(item: ToolItem): SafeText {
  const pattern = inputField(item, 'pattern') ?? (item.details?.kind === 'grep' ? item.details.pattern : undefined);
  const where = inputField(item, 'path');
  return oneLine(joinSafe([pattern, where].filter((p): p is SafeText => !!p), '  '));
}

export const grepSearchRenderer = defineRenderer({
  kind: 'grep',
  tools: ['grep_search'],
  summary: asked,
  result(item) {
    const d = item.details;
    if (d?.kind !== 'grep') return item.status === 'error' ? 'error' : '';
    return `${d.matches} match${d.matches === 1 ? '' : 'es'} in ${d.files} file${d.files === 1 ? '' : 's'}${d.truncated ? '+' : ''}`;
  },
  copyableInput: (item) => (item.details?.kind === 'grep' ? item.details.pattern : (inputField(item, 'pattern') ?? '')),
});
