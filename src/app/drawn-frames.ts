// Puts the transcript's rows back into Ink's frames (see components/drawn-rows.ts). Ink writes a
// frame as "erase the rows of my last frame" + the frame, counting only the rows it knows of; a
// frame here is taller than Ink thinks by the rows its placeholders stood for, so the count of
// rows to erase is translated too, and what comes out is exactly what Ink would have written had
// it drawn the rows itself.
import type { DrawnRows } from '../../components/drawn-rows.js';

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

/** `rows`: the terminal's height. */
export function createDrawnFrames(drawn: DrawnRows, rows: () => number = () => Infinity): DrawnFrames {
  // Ink's line count of its last frame (rows + 1, the frame ends in a newline) and ours.
  let inkLines = 0;
  let realLines = 0;
  // Whether the last frame filled the terminal (a resize caught the old layout).
  let lastTall = false;
  return {
    write(chunk) {
      const m = ERASE_LINES.exec(chunk);
      if (!m && inkLines === realLines && !chunk.includes('\uE000')) return chunk;
      const erased = m ? m[0].split('\x1b[2K').length - 1 : 0;
      const rest = m ? chunk.slice(m[0].length) : chunk;
      const prefix = m && erased === inkLines ? eraseLines(realLines) : (m?.[0] ?? '');
      const { text, added } = drawn.fill(rest);
      if (m && rest === '') {
        // Ink cleared its frame (before console output): it starts counting from nothing.
        inkLines = 0;
        realLines = 0;
      } else if (m || rest.endsWith('\n')) {
        inkLines = rest.split('\n').length;
        realLines = inkLines + added;
        // As Ink does for a frame as tall as the terminal (and for the one after it): clear the
        // screen and write it without the newline, so that nothing scrolls.
        const tall = realLines - 1 >= rows();
        if (tall || lastTall) {
          lastTall = tall;
          return CLEAR_TERMINAL + (tall ? text.slice(0, -1) : text);
        }
      }
      return prefix + text;
    },
  };
}
