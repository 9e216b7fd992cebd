// The pickers' filter fields (/resume, /model) as edited lines: the text and cursor are store
// state, changed through line-editor.ts one key at a time, like the prompt input.
import { editLine, insertText, type EditLine } from './line-editor.js';
import { keyPressOf, type KeyPress } from './key-names.js';

/** The filter as a line (its cursor at the end until the person moves it). */
export function filterLine(p: { filter: string; filterCursor?: number }): EditLine {
  return { text: p.filter, cursor: Math.min(p.filterCursor ?? p.filter.length, p.filter.length) };
}

export function editFilter(p: { filter: string; filterCursor?: number }, press: KeyPress): EditLine | null {
  return editLineByParts(filterLine(p), press);
}

/**
 * One key press on a one-line field, where a read may hold several keys: text and editing
 * control characters that arrived together ("ab\x7f\x7f", Backspace held down while the app was
 * busy) are applied one by one, in order. Null when nothing changed.
 */
export function editLineByParts(line: EditLine, press: KeyPress): EditLine | null {
  if (press.name !== null || press.text.length < 2 || press.text.includes('\x1b') || !/[\x01-\x08\x0b\x0c\x0e-\x1a\x7f]/.test(press.text)) return editLine(line, press);
  let next: EditLine | null = null;
  for (const part of press.text.match(/[\x01-\x08\x0b\x0c\x0e-\x1a\x7f]|[^\x01-\x08\x0b\x0c\x0e-\x1a\x7f]+/g) ?? []) {
    const key = part.length === 1 && (part < ' ' || part === '\x7f') ? keyPressOf(part) : { name: null, text: part };
    next = editLine(next ?? line, key) ?? next;
  }
  return next;
}

/** Pasted text on one line: newlines and tabs become spaces, other control characters go. */
export function pastedFilter(p: { filter: string; filterCursor?: number }, text: string): EditLine {
  return insertText(filterLine(p), text.replace(/[\r\n\t]+/g, ' ').replace(/[\x00-\x1f\x7f]/g, ''));
}
