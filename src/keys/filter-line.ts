// The pickers' filter fields (/resume, /model) as edited lines: the text and cursor are store
// state, changed through line-editor.ts one key at a time, like the prompt input.
import { editLine, insertText, type EditLine } from './line-editor.js';
import type { KeyPress } from './key-names.js';

/** The filter as a line (its cursor at the end until the person moves it). */
export function filterLine(p: { filter: string; filterCursor?: number }): EditLine {
  return { text: p.filter, cursor: Math.min(p.filterCursor ?? p.filter.length, p.filter.length) };
}

export function editFilter(p: { filter: string; filterCursor?: number }, press: KeyPress): EditLine | null {
  return editLine(filterLine(p), press);
}

/** Pasted text on one line: newlines and tabs become spaces, other control characters go. */
export function pastedFilter(p: { filter: string; filterCursor?: number }, text: string): EditLine {
  return insertText(filterLine(p), text.replace(/[\r\n\t]+/g, ' ').replace(/[\x00-\x1f\x7f]/g, ''));
}
