/**
 * Where the pager's text goes on screen: the display form of a line (tabs expanded), where it
 * wraps at a width, and which part of it a horizontal scroll shows. Offsets are code units of the
 * display form; widths are terminal columns (wide characters count 2).
 */
import stringWidth from 'string-width';

/** Tab stops every 8 columns, as the terminal that produced the log had. */
export function displayText(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  let col = 0;
  for (const ch of line) {
    if (ch === '\t') {
      const n = 8 - (col % 8);
      out += ' '.repeat(n);
      col += n;
    } else {
      out += ch;
      col += ch.charCodeAt(0) < 0x7f ? 1 : stringWidth(ch);
    }
  }
  return out;
}

const isAsciiPrintable = (s: string) => /^[\x20-\x7e]*$/.test(s);

/** Code-unit offsets where each wrapped row of `text` starts, at `width` columns. */
export function wrapOffsets(text: string, width: number): number[] {
  const w = Math.max(1, width);
  if (isAsciiPrintable(text)) {
    const starts = [0];
    for (let at = w; at < text.length; at += w) starts.push(at);
    return starts;
  }
  const starts = [0];
  let col = 0;
  let offset = 0;
  for (const ch of text) {
    const cw = stringWidth(ch);
    if (col + cw > w && col > 0) {
      starts.push(offset);
      col = 0;
    }
    col += cw;
    offset += ch.length;
  }
  return starts;
}

/** The code-unit range of `text` covering columns [fromCol, fromCol + width). */
export function columnRange(text: string, fromCol: number, width: number): [number, number] {
  if (isAsciiPrintable(text)) return [Math.min(fromCol, text.length), Math.min(fromCol + width, text.length)];
  let col = 0;
  let offset = 0;
  let start = -1;
  for (const ch of text) {
    const cw = stringWidth(ch);
    if (start === -1 && col >= fromCol) start = offset;
    if (start !== -1 && col + cw > fromCol + width) return [start, offset];
    col += cw;
    offset += ch.length;
  }
  return [start === -1 ? text.length : start, text.length];
}

/** Columns a display line takes (ASCII lines without measuring each character). */
function displayWidth(text: string): number {
  return isAsciiPrintable(text) ? text.length : stringWidth(text);
}

/**
 * Where → (half a screen right, wrap off) lands: never past the point where the widest of the
 * lines on screen ends at the right edge, so the screen never scrolls into nothing. It never
 * moves left (a search may have put the view further right).
 */
export function scrolledRight(left: number, width: number, lines: readonly string[]): number {
  const widest = lines.reduce((w, l) => Math.max(w, displayWidth(l)), 0);
  return Math.max(left, Math.min(left + Math.max(1, width >> 1), widest - width));
}
