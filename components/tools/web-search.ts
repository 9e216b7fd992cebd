// web_search (Anthropic's server-side search): the query, how many results; under it the first
// results' titles and addresses. Expanded: every result. The API ran it, so there is no result
// text: the card reads its details.
import type { ToolItem } from '../../src/store/transcript.js';
import { toSafeText } from '../../src/core/text/safe-text.js';
import { countOf, fitLine, paint } from '../text-layout.js';
import { defineRenderer, headerCard, indented, inputField, INDENT } from './card-parts.js';

const SHOWN = 3;

function searched(item: ToolItem) {
  return item.details?.kind === 'web-search' ? item.details : undefined;
}

function resultRow(r: { title: string; url: string }, width: number): string {
  return fitLine(`${INDENT}${r.title} ${paint.dim(r.url)}`, width);
}

export const webSearchRenderer = defineRenderer({
  kind: 'web-search',
  tools: ['web_search'],
  summary: (item) => inputField(item, 'query') ?? searched(item)?.query ?? toSafeText(''),
  result(item) {
    const d = searched(item);
    if (!d) return '';
    return d.error ? `search failed: ${d.error}` : countOf(d.results.length, 'result');
  },
  cardLines(item, width, frame, now) {
    const lines = headerCard(webSearchRenderer, item, width, frame, now);
    const d = searched(item);
    if (!d || d.error) return lines;
    lines.push(...d.results.slice(0, SHOWN).map((r) => resultRow(r, width)));
    if (d.results.length > SHOWN) lines.push(paint.dim(`${INDENT}… ${countOf(d.results.length - SHOWN, 'more result')}`));
    return lines;
  },
  expandedInput: (item, width) => indented(inputField(item, 'query') ?? searched(item)?.query ?? '', width),
  expandedOutput(item, width) {
    const d = searched(item);
    if (!d) return [];
    if (d.error) return [paint.error(`${INDENT}search failed: ${d.error}`)];
    return d.results.flatMap((r) => [fitLine(`${INDENT}${r.title}`, width), fitLine(paint.dim(`${INDENT}  ${r.url}${r.pageAge ? ` · ${r.pageAge}` : ''}`), width)]);
  },
  copyableInput: (item) => inputField(item, 'query') ?? searched(item)?.query ?? '',
});
