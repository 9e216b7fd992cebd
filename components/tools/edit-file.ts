// edit_file: the path and "+2 −1" in the header, the diff under it once done; expanded, the
// whole diff under the input and the result's own words (not its copy of the diff) as output.
import type { ToolItem } from '../../src/store/transcript.js';
import { toSafeText } from '../../src/core/text/safe-text.js';
import { defineRenderer, headerCard, headerLine, indented, inputField, resultRows } from './card-parts.js';
import { diffLines } from './diff-lines.js';

/** An edit's result text without the diff it repeats (the diff is shown once, under input). */
function editSummary(content: string, diff: string): string {
  const diffStart = diff.split('\n')[0] ?? '';
  const at = diffStart ? content.indexOf(`\n${diffStart}`) : -1;
  return at >= 0 ? content.slice(0, at) : (content.split('\n')[0] ?? '');
}

const path = (item: ToolItem) => inputField(item, 'path') ?? (item.details?.kind === 'edit' ? item.details.path : toSafeText(''));

export const editFileRenderer = defineRenderer({
  kind: 'edit',
  tools: ['edit_file'],
  summary: path,
  result(item) {
    const d = item.details;
    if (d?.kind !== 'edit') return item.status === 'error' ? 'error' : '';
    const added = d.hunks.reduce((a, h) => a + h.newLines.length, 0);
    const removed = d.hunks.reduce((a, h) => a + h.oldLines.length, 0);
    return `${d.created ? 'created ' : ''}+${added} −${removed}`;
  },
  cardLines(item, width, frame, now) {
    if (item.details?.kind !== 'edit' || item.status !== 'done') return headerCard(editFileRenderer, item, width, frame, now);
    return [headerLine(editFileRenderer, item, width, frame, now), ...diffLines(item.details, width)];
  },
  expandedInput(item, width) {
    const d = item.details;
    if (d?.kind !== 'edit') return indented(path(item), width);
    return [...indented(d.path, width), ...diffLines(d, width, Number.MAX_SAFE_INTEGER)];
  },
  expandedOutput(item, width) {
    const d = item.details;
    if (d?.kind !== 'edit' || item.result?.isError) return resultRows(item, width);
    return resultRows(item, width, editSummary(item.result?.content ?? '', d.diff));
  },
  copyableInput: path,
});
