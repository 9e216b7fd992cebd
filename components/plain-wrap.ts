// Hard word-wrapping of one line of plain text (no escape sequences, every character one column
// wide on its own), giving exactly what wrap-ansi gives with { hard: true, trim: true }, without
// its cost: wrap-ansi measures the row so far once per word and each character of a long word
// with its own copy of string-width, which builds its emoji regex again for every character —
// 4.4 ms for one 416-character paragraph. Here a character's width is 1, so a row's width is its
// length. The steps are wrap-ansi's own (rows grow word by word; a word wider than the row is cut
// where the row ends; rows lose their spaces at both ends); test/components/plain-wrap.test.ts
// checks the two against each other.
import { isSimpleColumn } from './text-width.js';

// Per UTF-16 code unit of the simple range: 0 not yet known, 1 plain, 2 not.
const plainKind = new Uint8Array(0x2c00);
// Characters that can be emoji (©, ™, ↔, ☀…): wrap-ansi's string-width counts them two columns.
const EMOJI = /\p{Emoji}/u;

/**
 * One column wide (for wrap-ansi too), never joined with a neighbour, and unchanged by NFC
 * (wrap-ansi normalizes first).
 */
export function isPlainColumn(c: number): boolean {
  if (c >= 0x20 && c <= 0x7e) return true;
  if (c >= plainKind.length) return false;
  if (plainKind[c] === 0) {
    const ch = String.fromCharCode(c);
    plainKind[c] = isSimpleColumn(c) && ch.normalize() === ch && !EMOJI.test(ch) ? 1 : 2;
  }
  return plainKind[c] === 1;
}

function isPlain(line: string): boolean {
  for (let i = 0; i < line.length; i++) if (!isPlainColumn(line.charCodeAt(i))) return false;
  return true;
}

/** A word longer than the row: cut where the row ends (wrap-ansi's wrapWord, one column per character). */
function cutWord(rows: string[], word: string, columns: number): void {
  let visible = rows[rows.length - 1]!.length;
  for (let i = 0; i < word.length; i++) {
    const ch = word[i]!;
    if (visible + 1 <= columns) rows[rows.length - 1] += ch;
    else {
      rows.push(ch);
      visible = 0;
    }
    visible++;
    if (visible === columns && i < word.length - 1) {
      rows.push('');
      visible = 0;
    }
  }
}

/**
 * `line` (no newline) wrapped to `columns` as wrap-ansi(line, columns, { hard: true, trim: true })
 * wraps it, rows joined with '\n'; null when the line is not plain (wrap-ansi's to wrap).
 */
export function wrapPlainLine(line: string, columns: number): string | null {
  if (!isPlain(line)) return null;
  if (line.trim() === '') return '';
  const words = line.split(' ');
  const rows = [''];
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    rows[rows.length - 1] = rows[rows.length - 1]!.trimStart();
    let rowLength = rows[rows.length - 1]!.length;
    if (index !== 0 && rowLength > 0) {
      rows[rows.length - 1] += ' ';
      rowLength++;
    }
    if (word.length > columns) {
      const remaining = columns - rowLength;
      const breaksStartingThisLine = 1 + Math.floor((word.length - remaining - 1) / columns);
      const breaksStartingNextLine = Math.floor((word.length - 1) / columns);
      if (breaksStartingNextLine < breaksStartingThisLine) rows.push('');
      cutWord(rows, word, columns);
      continue;
    }
    if (rowLength + word.length > columns && rowLength > 0 && word.length > 0) rows.push('');
    rows[rows.length - 1] += word;
  }
  // Spaces at a row's end go (U+0020 only, as wrap-ansi trims them).
  return rows.map((row) => row.replace(/ +$/, '')).join('\n');
}
