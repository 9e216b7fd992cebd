// A markdown table as screen rows: columns sized by display width (CJK and emoji count two),
// cells aligned as the `:---:`/`---:` markers say, and cells wrapped when the table is wider
// than the screen. Cells arrive already painted (ANSI), so widths are measured, never counted.
import { paint, stringWidth, wrapText } from './text-layout.js';

export type ColumnAlign = 'left' | 'center' | 'right' | null;

const SEP = ' │ ';
const SEP_W = 3;
/** Narrower than this per column and a grid is unreadable: each row becomes "header: value" lines. */
const MIN_COL = 3;

/** Lays out `header` and `rows` (painted cell strings) in at most `width` columns. */
export function layoutTable(header: string[], rows: string[][], align: ColumnAlign[], width: number): string[] {
  const cols = Math.max(header.length, ...rows.map((r) => r.length));
  if (cols === 0) return [];
  const cell = (r: string[], i: number) => r[i] ?? '';
  const natural = Array.from({ length: cols }, (_, i) =>
    Math.max(1, ...[header, ...rows].map((r) => widest(cell(r, i)))),
  );
  const room = width - SEP_W * (cols - 1);
  if (room < MIN_COL * cols) return stackedRows(header, rows, width);
  const widths = fitWidths(natural, room);
  const line = (r: string[], bold: boolean) => gridRow(Array.from({ length: cols }, (_, i) => cell(r, i)), widths, align, bold);
  const rule = paint.dim(widths.map((w) => '─'.repeat(w)).join('─┼─'));
  return [...line(header, true), rule, ...rows.flatMap((r) => line(r, false))];
}

/** The widest row of a cell (a `<br>` puts a newline in it). */
function widest(text: string): number {
  return Math.max(0, ...text.split('\n').map((l) => stringWidth(l)));
}

/** Shrinks the widest columns first until the sum fits `room`; narrow columns keep their width. */
export function fitWidths(natural: number[], room: number): number[] {
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= room) return [...natural];
  // Find the cap c such that Σ min(natural, c) ≤ room, then hand out what is left one by one.
  const sorted = [...natural].sort((a, b) => a - b);
  let rest = room;
  let cap = 0;
  for (let i = 0; i < sorted.length; i++) {
    const share = Math.floor(rest / (sorted.length - i));
    if (sorted[i]! <= share) {
      rest -= sorted[i]!;
      continue;
    }
    cap = share;
    break;
  }
  const widths = natural.map((n) => Math.min(n, cap));
  let left = room - widths.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0 && i < widths.length; i++) {
    if (widths[i]! < natural[i]!) {
      widths[i]!++;
      left--;
    }
  }
  return widths;
}

/** One table row as one or more screen rows: each cell wrapped to its column and padded. */
function gridRow(cells: string[], widths: number[], align: ColumnAlign[], bold: boolean): string[] {
  const wrapped = cells.map((c, i) => (c === '' ? [''] : wrapText(c, widths[i]!)).map((l) => (bold && l ? paint.bold(l) : l)));
  const height = Math.max(...wrapped.map((w) => w.length));
  const out: string[] = [];
  for (let r = 0; r < height; r++) {
    const parts = wrapped.map((w, i) => pad(w[r] ?? '', widths[i]!, align[i] ?? null));
    // No trailing spaces after the last column: they would only widen the copied text.
    const row = parts.join(paint.dim(SEP)).replace(/ +$/, '');
    out.push(row);
  }
  return out;
}

function pad(text: string, width: number, align: ColumnAlign): string {
  const gap = Math.max(0, width - stringWidth(text));
  if (align === 'right') return ' '.repeat(gap) + text;
  if (align === 'center') return ' '.repeat(Math.floor(gap / 2)) + text + ' '.repeat(gap - Math.floor(gap / 2));
  return text + ' '.repeat(gap);
}

/** Too narrow for a grid: every row as "header: value" lines, rows apart by a blank line. */
function stackedRows(header: string[], rows: string[][], width: number): string[] {
  const out: string[] = [];
  rows.forEach((r, n) => {
    if (n > 0) out.push('');
    r.forEach((c, i) => {
      const name = header[i] ? `${paint.bold(header[i]!)}: ` : '';
      out.push(...wrapText(name + c, width));
    });
  });
  return out;
}
