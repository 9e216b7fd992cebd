// Puts the transcript's rows back into Ink's frames (see components/drawn-rows.ts). Ink writes a
// frame as "erase the rows of my last frame" + the frame, counting only the rows it knows of; a
// frame here is taller than Ink thinks by the rows its placeholders stood for, so the count of
// rows to erase is translated too, and what comes out is exactly what Ink would have written had
// it drawn the rows itself.
import type { DrawnRows } from '../../components/drawn-rows.js';
import { PLACEHOLDER_OPEN } from '../../components/drawn-rows.js';

// ansi-escapes' eraseLines(n), which Ink's log-update writes before each frame.
const ERASE_LINES = /^(?:\x1b\[2K\x1b\[1A)*\x1b\[2K\x1b\[G/;

export function eraseLines(n: number): string {
  if (n <= 0) return '';
  return `${'\x1b[2K\x1b[1A'.repeat(n - 1)}\x1b[2K\x1b[G`;
}

export interface DrawnFrames {
  /** One write of Ink's, as it goes to the terminal. */
  write(chunk: string): string;
}

const CLEAR_TERMINAL = '\x1b[2J\x1b[3J\x1b[H';

/** `rows`: the terminal's height now. */
export function createDrawnFrames(drawn: DrawnRows, rows: () => number = () => Infinity): DrawnFrames {
  // Ink's line count of its last frame (rows + 1, the frame ends in a newline) and ours.
  let inkLines = 0;
  let realLines = 0;
  // Whether the last frame filled the terminal (a resize caught the old layout).
  let lastTall = false;
  let lastRows = rows();
  return {
    write(chunk) {
      const m = ERASE_LINES.exec(chunk);
      if (!m && inkLines === realLines && !chunk.includes(PLACEHOLDER_OPEN)) return chunk;
      const erased = m ? m[0].split('\x1b[2K').length - 1 : 0;
      const rest = m ? chunk.slice(m[0].length) : chunk;
      const prefix = m && erased === inkLines ? eraseLines(realLines) : (m?.[0] ?? '');
      const filled = drawn.fill(rest);
      let { text, added } = filled;
      const frame = (m !== null && rest !== '') || rest.endsWith('\n');
      // A frame as tall as the terminal (the old layout, drawn just after the terminal got
      // shorter): Ink clears the screen for it and for the frame after it. (A frame whose regions
      // do not fit a tiny terminal is only cut, as Ink clipped it.)
      let tall = false;
      if (frame && text.endsWith('\n')) {
        const visible = text.split('\n');
        tall = visible.length - 1 >= rows() && rows() < lastRows;
        lastRows = rows();
        // Never taller than the frame Ink would have clipped: one row short of the terminal.
        const limit = rows() - 1;
        if (visible.length - 1 > limit) {
          added -= visible.length - 1 - limit;
          text = `${visible.slice(0, limit).join('\n')}\n`;
        }
      }
      if (m && rest === '') {
        // Ink cleared its frame (before console output): it starts counting from nothing.
        inkLines = 0;
        realLines = 0;
      } else if (frame) {
        inkLines = rest.split('\n').length;
        realLines = inkLines + added;
        if (tall || lastTall) {
          lastTall = tall;
          return CLEAR_TERMINAL + text;
        }
      }
      return prefix + text;
    },
  };
}
