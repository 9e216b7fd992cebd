// A round-bordered box as finished rows, drawn as Ink draws <Box borderStyle="round"
// paddingX={1}> (the same characters and colours), for regions the frame writer draws itself.
import { fitLine, stringWidth } from './text-layout.js';
import { inkPaint, type InkRole } from './palette.js';

/** `rows` inside a box `width` wide: a border, one column of padding each side. */
export function boxRows(rows: readonly string[], width: number, border: InkRole): string[] {
  const c = inkPaint(border);
  const inner = Math.max(0, width - 4);
  const side = c('│');
  const body = rows.map((r) => {
    const fitted = fitLine(r, inner);
    return `${side} ${fitted}${' '.repeat(Math.max(0, inner - stringWidth(fitted)))} ${side}`;
  });
  const rule = '─'.repeat(Math.max(0, width - 2));
  return [c(`╭${rule}╮`), ...body, c(`╰${rule}╯`)];
}
