// Reads rows back out of the emulator: plain text for the model and the log, SGR-coloured text for
// the UI's pane. Built from the cell API (not SerializeAddon) because the snapshot must hold no
// cursor-movement codes, only colours and styles, one string per row.
import type { IBuffer, IBufferCell, IBufferLine } from '@xterm/headless';
import type { Redact } from '../redact.js';
import type { TerminalSnapshot } from '../tools/details.js';
import { secretsAcrossRows } from './wrapped-secrets.js';

function colourCodes(mode: 'fg' | 'bg', cell: IBufferCell): string {
  const isFg = mode === 'fg';
  if (isFg ? cell.isFgDefault() : cell.isBgDefault()) return '';
  const colour = isFg ? cell.getFgColor() : cell.getBgColor();
  if (isFg ? cell.isFgRGB() : cell.isBgRGB()) {
    return `;${isFg ? 38 : 48};2;${(colour >> 16) & 255};${(colour >> 8) & 255};${colour & 255}`;
  }
  if (colour < 8) return `;${(isFg ? 30 : 40) + colour}`;
  if (colour < 16) return `;${(isFg ? 90 : 100) + colour - 8}`;
  return `;${isFg ? 38 : 48};5;${colour}`;
}

/** The full SGR for a cell's attributes, starting from a reset; '' for default attributes. */
function sgrOf(cell: IBufferCell): string {
  if (cell.isAttributeDefault()) return '';
  let codes = '0';
  if (cell.isBold()) codes += ';1';
  if (cell.isDim()) codes += ';2';
  if (cell.isItalic()) codes += ';3';
  if (cell.isUnderline()) codes += ';4';
  if (cell.isBlink()) codes += ';5';
  if (cell.isInverse()) codes += ';7';
  if (cell.isInvisible()) codes += ';8';
  if (cell.isStrikethrough()) codes += ';9';
  if (cell.isOverline()) codes += ';53';
  codes += colourCodes('fg', cell) + colourCodes('bg', cell);
  return `\x1b[${codes}m`;
}

function styleBits(c: IBufferCell): number {
  return (
    (c.isBold() ? 1 : 0) |
    (c.isDim() ? 2 : 0) |
    (c.isItalic() ? 4 : 0) |
    (c.isUnderline() ? 8 : 0) |
    (c.isBlink() ? 16 : 0) |
    (c.isInverse() ? 32 : 0) |
    (c.isInvisible() ? 64 : 0) |
    (c.isStrikethrough() ? 128 : 0) |
    (c.isOverline() ? 256 : 0)
  );
}

/** A cell that shows nothing: blank or space, no background, no inverse/underline to draw. */
function isInvisibleBlank(cell: IBufferCell): boolean {
  const chars = cell.getChars();
  return (chars === '' || chars === ' ') && cell.isBgDefault() && !cell.isInverse() && !cell.isUnderline();
}

/**
 * One row with SGR colour codes, trailing blanks trimmed; ends with a reset if any style was on.
 * `replace` maps a cell's column to what is shown instead of its character ('' shows nothing).
 */
export function rowToSgr(line: IBufferLine, cell: IBufferCell, replace?: ReadonlyMap<number, string>): string {
  let end = line.length;
  while (end > 0) {
    const c = line.getCell(end - 1, cell);
    if (!c || !isInvisibleBlank(c)) break;
    end--;
  }
  let out = '';
  let current = '';
  // Building an SGR string per cell dominates the cost; rebuild only when the attributes change.
  let lastFg = -1;
  let lastBg = -1;
  let lastStyle = -1;
  for (let x = 0; x < end; x++) {
    const c = line.getCell(x, cell);
    if (!c) break;
    if (c.getWidth() === 0) continue; // the right half of a wide character
    const fg = c.getFgColorMode() * 0x1000000 + c.getFgColor();
    const bg = c.getBgColorMode() * 0x1000000 + c.getBgColor();
    const style = styleBits(c);
    if (fg !== lastFg || bg !== lastBg || style !== lastStyle) {
      lastFg = fg;
      lastBg = bg;
      lastStyle = style;
      const sgr = sgrOf(c);
      if (sgr !== current) {
        out += sgr === '' ? '\x1b[0m' : sgr;
        current = sgr;
      }
    }
    const chars = replace?.get(x) ?? c.getChars();
    out += chars === '' && !replace?.has(x) ? ' ' : chars;
  }
  if (current !== '') out += '\x1b[0m';
  return out;
}

/** Recent rows of the active buffer (scrollback then screen), coloured, trailing blank rows dropped. */
export function takeSnapshot(
  buffer: IBuffer,
  cols: number,
  rows: number,
  historyRows: number,
  totalLines: number,
  cell: IBufferCell,
  redact?: Redact,
): TerminalSnapshot {
  const screenEnd = Math.min(buffer.baseY + rows, buffer.length);
  const start = Math.max(0, buffer.baseY - historyRows);
  const hidden = redact?.spans ? secretsAcrossRows(buffer, start, screenEnd, cell, redact.spans) : undefined;
  const lines: string[] = [];
  const wrapped: number[] = [];
  for (let y = start; y < screenEnd; y++) {
    const line = buffer.getLine(y);
    if (line?.isWrapped && y > start) wrapped.push(lines.length);
    lines.push(line ? rowToSgr(line, cell, hidden?.get(y)) : '');
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  while (wrapped.length > 0 && wrapped[wrapped.length - 1]! >= lines.length) wrapped.pop();
  return { cols, rows, lines, totalLines, ...(wrapped.length > 0 ? { wrapped } : {}) };
}

/** The last row from `top` to `bottom` that holds something; top - 1 when none does. */
export function lastFilledRow(buffer: IBuffer, top: number, bottom: number): number {
  let last = bottom;
  while (last >= top && (buffer.getLine(last)?.translateToString(true) ?? '') === '') last--;
  return last;
}
