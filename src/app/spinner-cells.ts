// Spinners turned by the frame writer, not by React. With a frame writer the layout puts a
// SPINNER_CELL where a spinner's glyph goes (components/text-layout.ts), so Ink's frame stays the
// same from tick to tick; this stage, just before the row differ, draws the cells as the glyph
// of the ticker's last tick and keeps the last frame that has any. A tick is that frame again with
// the next glyph: the differ rewrites the one or two rows it changes, with no store update, React
// commit or layout. Ticks and Ink's frames are whole writes on one thread, so neither can tear
// the other, and a real frame always shows the glyph of now.
import { SPINNER_CELL, spinnerAt } from '../../components/text-layout.js';
import { eraseLines } from './drawn-frames.js';

// What may start a frame: Ink's "erase the rows of my last frame", the clear the frame writer
// puts before a frame after the terminal got shorter (drawn-frames.ts), or the repaint of the
// first frame after a resize (resize-frames.ts).
const FRAME_START = /^(?:(?:\x1b\[2K\x1b\[1A)*\x1b\[2K\x1b\[G|\x1b\[2J\x1b\[3J\x1b\[H|\x1b\[H\x1b\[2J)/;
// Writes that only switch modes (synchronized update, cursor visibility) leave the screen as it is.
const CONTROL_ONLY = /^(?:\x1b\[\?(?:2026|25)[hl])+$/;

export interface SpinnerCells {
  /** A write on its way to the terminal, its spinner cells drawn; remembers it if it is a frame with some. */
  draw(chunk: string): string;
  /**
   * The last frame again as Ink writes a frame (erase its rows, draw it), with the glyph of `tick`;
   * null when the screen shows no spinner or is not known (after a resize, a clear, console text).
   */
  tick(tick: number): string | null;
  /** Forget the screen (the terminal was resized). */
  forget(): void;
}

export function createSpinnerCells(): SpinnerCells {
  let glyph = spinnerAt(0);
  // The last frame on screen, with its cells, when it has any.
  let shown: string | null = null;
  const paint = (text: string) => (text.includes(SPINNER_CELL) ? text.replaceAll(SPINNER_CELL, glyph) : text);
  return {
    draw(chunk) {
      if (CONTROL_ONLY.test(chunk)) return chunk;
      const m = FRAME_START.exec(chunk);
      const rest = m ? chunk.slice(m[0].length) : chunk;
      shown = rest.endsWith('\n') && rest.includes(SPINNER_CELL) ? rest : null;
      return paint(chunk);
    },
    tick(tick) {
      glyph = spinnerAt(tick);
      if (shown === null) return null;
      return eraseLines(shown.split('\n').length) + paint(shown);
    },
    forget() {
      shown = null;
    },
  };
}
