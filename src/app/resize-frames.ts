// The frames that reach the terminal just after it changed size. The moment the terminal changes
// size, Ink draws its last layout again, before the app has laid out for the new size: a row laid
// out for the wider terminal (a help row, a pager line — whatever Ink draws itself) wraps there
// and scrolls the screen, and from then on the frame differ's picture of the screen is wrong, so
// the rows it believes unchanged (short rows alike in both layouts: the header, an expanded
// card's "input" and "output" labels) stay wrong until something changes them. A terminal that
// reflows its screen on resize also moves the rows and the cursor that Ink's erase counts from.
// So the first frame after a resize is drawn on a cleared screen from the top, and until a frame
// laid out for the new width arrives, a row wider than the terminal is cut instead of wrapping.
import { fitLine, stringWidth } from '../../components/text-layout.js';

// ansi-escapes' eraseLines(n), which Ink's log-update writes before each frame.
const ERASE_LINES = /^(?:\x1b\[2K\x1b\[1A)*\x1b\[2K\x1b\[G/;
// What drawn-frames.ts writes before a frame taller than the terminal.
const CLEAR_TERMINAL = '\x1b[2J\x1b[3J\x1b[H';
/** Cursor home, then erase the screen: where the frame lands no longer depends on the cursor. */
export const REPAINT = '\x1b[H\x1b[2J';

export interface ResizeFrames {
  /** The terminal changed size (before Ink's own resize listener draws). */
  resized(): void;
  /** One write on its way to the terminal, its drawn rows filled in. */
  write(chunk: string): string;
}

/** `cols`: the terminal's width now. */
export function createResizeFrames(cols: () => number): ResizeFrames {
  let repaint = false;
  let cutting = false;
  return {
    resized() {
      repaint = true;
      cutting = true;
    },
    write(chunk) {
      if (!repaint && !cutting) return chunk;
      const prefix = chunk.startsWith(CLEAR_TERMINAL) ? CLEAR_TERMINAL : (ERASE_LINES.exec(chunk)?.[0] ?? '');
      const rest = chunk.slice(prefix.length);
      // Not a frame (Ink clearing its rows, a copy, a bell): the screen is not drawn by it.
      if (!rest.endsWith('\n')) return chunk;
      const width = cols();
      let cut = false;
      const rows = rest.split('\n').map((row) => {
        if (stringWidth(row) <= width) return row;
        cut = true;
        return fitLine(row, width);
      });
      // A frame whose every row fits was laid out for this width: the frames after it are too.
      cutting = cut;
      const head = repaint && prefix !== CLEAR_TERMINAL ? REPAINT : prefix;
      repaint = false;
      return head + rows.join('\n');
    },
  };
}
