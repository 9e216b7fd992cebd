// A secret the terminal wrapped onto two or more rows is in no single row, so redacting each row
// misses it: find it on the joined logical line and hide its cells, row by row, for the pane.
import type { IBuffer, IBufferCell } from '@xterm/headless';
import { REDACTED } from '../redact.js';

/** Per row: the columns to show differently (the marker's characters, then nothing). */
export type HiddenCells = Map<number, Map<number, string>>;

/**
 * The cells of every secret that crosses a row boundary within rows [start, end). Only wrapped
 * lines are read twice; a line of one row is left to the per-row redaction.
 */
export function secretsAcrossRows(
  buffer: IBuffer,
  start: number,
  end: number,
  cell: IBufferCell,
  spans: (text: string) => [number, number][],
): HiddenCells | undefined {
  let hidden: HiddenCells | undefined;
  for (let y = start; y < end; ) {
    let last = y;
    while (last + 1 < buffer.length && buffer.getLine(last + 1)?.isWrapped) last++;
    // A line that began above the snapshot still counts: its secret may end inside it.
    let first = y;
    while (first > 0 && buffer.getLine(first)?.isWrapped) first--;
    if (last > first && hasSecret(buffer, first, last, spans)) {
      const found = hideInLine(buffer, first, last, cell, spans);
      for (const [row, cells] of found) {
        if (row < start || row >= end) continue;
        (hidden ??= new Map()).set(row, cells);
      }
    }
    y = last + 1;
  }
  return hidden;
}

/** A quick look first: most wrapped lines hold no secret, and the emulator joins a row's text fast. */
function hasSecret(buffer: IBuffer, first: number, last: number, spans: (text: string) => [number, number][]): boolean {
  let text = '';
  for (let row = first; row <= last; row++) text += buffer.getLine(row)?.translateToString(false) ?? '';
  return spans(text).length > 0;
}

/** Rows first..last are one logical line: join their characters, find the secrets, map them back to cells. */
function hideInLine(
  buffer: IBuffer,
  first: number,
  last: number,
  cell: IBufferCell,
  spans: (text: string) => [number, number][],
): HiddenCells {
  let text = '';
  const at: { row: number; x: number }[] = [];
  for (let row = first; row <= last; row++) {
    const line = buffer.getLine(row);
    if (!line) continue;
    for (let x = 0; x < line.length; x++) {
      const c = line.getCell(x, cell);
      if (!c || c.getWidth() === 0) continue;
      const chars = c.getChars() || ' ';
      for (let i = 0; i < chars.length; i++) at.push({ row, x });
      text += chars;
    }
  }
  const hidden: HiddenCells = new Map();
  for (const [from, to] of spans(text)) {
    const rowsTouched = new Set<number>();
    let shown = 0;
    let lastX = -1;
    let lastRow = -1;
    for (let i = from; i < to; i++) {
      const { row, x } = at[i]!;
      rowsTouched.add(row);
      if (row === lastRow && x === lastX) continue; // a cell of several code units
      lastRow = row;
      lastX = x;
      let cells = hidden.get(row);
      if (!cells) hidden.set(row, (cells = new Map()));
      cells.set(x, shown < REDACTED.length ? REDACTED[shown]! : '');
      shown++;
    }
    // A secret inside one row is the per-row redaction's; keep the row as the emulator drew it.
    if (rowsTouched.size === 1) {
      const row = [...rowsTouched][0]!;
      const cells = hidden.get(row)!;
      for (let i = from; i < to; i++) cells.delete(at[i]!.x);
      if (cells.size === 0) hidden.delete(row);
    }
  }
  return hidden;
}
