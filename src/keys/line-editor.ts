// The one line editor: text and a cursor, and the editing actions of the key map. The prompt
// input, the history filter and the pager's search prompt all edit through it, so Ctrl+W, Alt+B,
// Home and the rest do the same everywhere. Every function takes the line and returns the next
// one, so keystrokes arriving faster than React renders can never read a stale value.
import { lineActionFor, type LineAction } from './keymap.js';
import type { KeyPress } from './key-names.js';

export interface EditLine { text: string; cursor: number }
/** The prompt input's state is an edited line (multi-line: ↑/↓ move between its lines). */
type InputState = EditLine;

export const emptyLine = (): EditLine => ({ text: '', cursor: 0 });

export function insertText(s: InputState, text: string): InputState {
  return { text: s.text.slice(0, s.cursor) + text + s.text.slice(s.cursor), cursor: s.cursor + text.length };
}

export function backspace(s: InputState): InputState {
  if (s.cursor === 0) return s;
  // Step over a whole surrogate pair so an emoji is removed in one press.
  const step = isLowSurrogate(s.text.charCodeAt(s.cursor - 1)) && s.cursor > 1 ? 2 : 1;
  return { text: s.text.slice(0, s.cursor - step) + s.text.slice(s.cursor), cursor: s.cursor - step };
}

export function moveLeft(s: InputState): InputState {
  if (s.cursor === 0) return s;
  const step = isLowSurrogate(s.text.charCodeAt(s.cursor - 1)) && s.cursor > 1 ? 2 : 1;
  return { ...s, cursor: s.cursor - step };
}

export function moveRight(s: InputState): InputState {
  if (s.cursor >= s.text.length) return s;
  const step = isHighSurrogate(s.text.charCodeAt(s.cursor)) ? 2 : 1;
  return { ...s, cursor: Math.min(s.text.length, s.cursor + step) };
}

function lineStartOf(text: string, cursor: number): number {
  return text.lastIndexOf('\n', cursor - 1) + 1;
}

function lineEndOf(text: string, cursor: number): number {
  const end = text.indexOf('\n', cursor);
  return end === -1 ? text.length : end;
}

export const lineStart = (s: InputState): InputState => ({ ...s, cursor: lineStartOf(s.text, s.cursor) });
export const lineEnd = (s: InputState): InputState => ({ ...s, cursor: lineEndOf(s.text, s.cursor) });

/** Ctrl+U: delete from the start of the line to the cursor. */
export function killToLineStart(s: InputState): InputState {
  const start = lineStartOf(s.text, s.cursor);
  return { text: s.text.slice(0, start) + s.text.slice(s.cursor), cursor: start };
}

/** Ctrl+K: delete from the cursor to the end of the line. */
export function killToLineEnd(s: InputState): InputState {
  const end = lineEndOf(s.text, s.cursor);
  return { text: s.text.slice(0, s.cursor) + s.text.slice(end), cursor: s.cursor };
}

function wordStartBefore(text: string, cursor: number): number {
  let i = cursor;
  while (i > 0 && /\s/.test(text[i - 1]!)) i--;
  while (i > 0 && !/\s/.test(text[i - 1]!)) i--;
  return i;
}

function wordEndAfter(text: string, cursor: number): number {
  let i = cursor;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  while (i < text.length && !/\s/.test(text[i]!)) i++;
  return i;
}

/** Ctrl+W: delete the word before the cursor (and the spaces after it). */
export function deleteWordBack(s: InputState): InputState {
  const start = wordStartBefore(s.text, s.cursor);
  return { text: s.text.slice(0, start) + s.text.slice(s.cursor), cursor: start };
}

export const wordLeft = (s: InputState): InputState => ({ ...s, cursor: wordStartBefore(s.text, s.cursor) });
export const wordRight = (s: InputState): InputState => ({ ...s, cursor: wordEndAfter(s.text, s.cursor) });

export function onFirstLine(s: InputState): boolean {
  return s.text.lastIndexOf('\n', s.cursor - 1) === -1;
}

export function onLastLine(s: InputState): boolean {
  return s.text.indexOf('\n', s.cursor) === -1;
}

/** Moves the cursor one line up or down, keeping the column where the line allows. */
export function moveLine(s: InputState, dir: -1 | 1): InputState {
  const start = lineStartOf(s.text, s.cursor);
  const col = s.cursor - start;
  if (dir < 0) {
    if (start === 0) return s;
    const prevStart = lineStartOf(s.text, start - 1);
    return { ...s, cursor: Math.min(prevStart + col, start - 1) };
  }
  const end = lineEndOf(s.text, s.cursor);
  if (end === s.text.length) return s;
  const nextStart = end + 1;
  return { ...s, cursor: Math.min(nextStart + col, lineEndOf(s.text, nextStart)) };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

const ACTIONS: Record<LineAction, (s: EditLine) => EditLine> = {
  left: moveLeft,
  right: moveRight,
  lineStart,
  lineEnd,
  killToStart: killToLineStart,
  killToEnd: killToLineEnd,
  deleteWord: deleteWordBack,
  wordLeft,
  wordRight,
  backspace,
};

export function applyLineAction(line: EditLine, action: LineAction): EditLine {
  return ACTIONS[action](line);
}

/**
 * What a key does to a one-line prompt (filter, search): an editing action, or typed text
 * (control characters dropped); null when the key is neither.
 */
export function editLine(line: EditLine, press: KeyPress): EditLine | null {
  const action = lineActionFor(press.name);
  if (action) return applyLineAction(line, action);
  if (press.text === '' || (press.name !== null && (press.name.includes('+') || press.name.startsWith('unknown:')))) return null;
  const typed = press.text.replace(/[\x00-\x1f\x7f]/g, '');
  return typed === '' ? null : insertText(line, typed);
}
