// web_fetch: the URL, then status, content type and size; the page's title under it. Expanded: the
// start of the page's markdown; `o` opens the whole saved text in the pager.
import type { ToolItem } from '../../src/store/transcript.js';
import { toSafeText } from '../../src/core/text/safe-text.js';
import { fitLine, paint } from '../text-layout.js';
import { defineRenderer, headerCard, indented, inputField, INDENT, resultRows } from './card-parts.js';

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function fetched(item: ToolItem) {
  return item.details?.kind === 'web-fetch' ? item.details : undefined;
}

export const webFetchRenderer = defineRenderer({
  kind: 'web-fetch',
  tools: ['web_fetch'],
  summary: (item) => inputField(item, 'url') ?? fetched(item)?.url ?? toSafeText(''),
  result(item) {
    const d = fetched(item);
    if (!d || d.status === undefined) return item.status === 'error' ? 'error' : '';
    const type = d.contentType?.split(';')[0]?.trim();
    const parts = [`${d.status}`, type || 'no type', d.bytes !== undefined ? size(d.bytes) : ''];
    if (d.offset !== undefined) parts.push(`from character ${d.offset}`);
    return parts.filter(Boolean).join(' · ');
  },
  cardLines(item, width, frame, now) {
    const lines = headerCard(webFetchRenderer, item, width, frame, now);
    const d = fetched(item);
    if (item.status === 'error') return lines;
    if (d?.title) lines.push(fitLine(`${INDENT}${paint.bold(d.title)}`, width));
    if (d?.finalUrl && d.finalUrl !== d.url) lines.push(fitLine(paint.dim(`${INDENT}→ ${d.finalUrl}`), width));
    if (d?.chars !== undefined) {
      const how = d.extracted === 'article' ? 'article as markdown' : d.extracted === 'whole page' ? 'whole page as markdown' : 'text as sent';
      lines.push(fitLine(paint.dim(`${INDENT}${d.chars.toLocaleString('en')} characters · ${how}`), width));
    }
    return lines;
  },
  expandedInput(item, width) {
    const d = fetched(item);
    const url = inputField(item, 'url') ?? d?.url ?? '';
    const offset = d?.offset !== undefined ? `  (from character ${d.offset})` : '';
    return indented(`${url}${offset}`, width);
  },
  expandedOutput(item, width) {
    const d = fetched(item);
    if (!d?.preview || item.status === 'error') return resultRows(item, width);
    const rows = indented(d.preview.replace(/\s+$/, ''), width);
    if ((d.chars ?? 0) > d.preview.length) rows.push(paint.dim(`${INDENT}… ${(d.chars! - d.preview.length).toLocaleString('en')} more characters: o opens the whole text`));
    return rows;
  },
  copyableInput: (item) => inputField(item, 'url') ?? fetched(item)?.url ?? '',
});
