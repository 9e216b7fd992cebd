// The person's prompt in the transcript. A long one (a big paste) shows its first rows and a
// count, so it does not push everything else off the screen; history mode expands it.
import type { UserItem } from '../src/store/transcript.js';
import { LONG_PROMPT_ROWS } from '../src/store/history-mode.js';
import { countOf, paint, wrapText, wrapWithPrefix } from './text-layout.js';
import { imageCardText } from '../src/core/images/image-blocks.js';

/** Rows a collapsed long prompt keeps above its "… N more lines" row. */
export const PROMPT_PREVIEW_ROWS = 8;

/** `expandedRows`: history mode opened it in place, bounded to that many rows. */
export function userLines(item: UserItem, width: number, expandedRows?: number): string[] {
  return [...promptLines(item, width, expandedRows), ...imageLines(item, width)];
}

/** One row per image the prompt sent: what it is, never its bytes. */
function imageLines(item: UserItem, width: number): string[] {
  return (item.images ?? []).flatMap((image) => wrapText(`  image: ${imageCardText(image)}`, width).map((row) => paint.dim(row)));
}

function promptLines(item: UserItem, width: number, expandedRows?: number): string[] {
  // A paste's last newline is not a line of the prompt.
  const text = item.text.replace(/\n+$/, '');
  const rows = wrapWithPrefix(text, width, paint.user('› '));
  const room = expandedRows !== undefined ? Math.max(1, expandedRows - 1) : rows.length > LONG_PROMPT_ROWS ? PROMPT_PREVIEW_ROWS : rows.length;
  if (rows.length <= room) return rows;
  // Cut between the prompt's own lines and count those; one huge line is cut by rows.
  const lines = text.split('\n');
  let keep = 0;
  let whole = 0;
  for (const line of lines) {
    const n = wrapText(line, Math.max(1, width - 2)).length;
    if (keep + n > room) break;
    keep += n;
    whole++;
  }
  const hidden = whole === 0 ? countOf(rows.length - room, 'more row') : countOf(lines.length - whole, 'more line');
  const how = expandedRows !== undefined ? ' — o opens the pager' : ' — Ctrl+O, Enter expands';
  return [...rows.slice(0, whole === 0 ? room : keep), paint.dim(`  … ${hidden}${how}`)];
}
