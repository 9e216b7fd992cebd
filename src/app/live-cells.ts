// What the frame writer draws again by itself, without a store update, a React commit or a
// layout: the spinners' glyphs and blocks of drawn rows changed in place (a live pane's new line,
// components/Transcript.tsx). The layout puts a SPINNER_CELL where a spinner's glyph goes
// (components/text-layout.ts) and a block's placeholder where its rows go (drawn-rows.ts), so
// Ink's frame stays the same while they change; this stage keeps Ink's last frame as Ink wrote
// it, placeholders and cells unfilled, and gives it back on demand: the writer sends it down the
// same pipeline as one of Ink's (rows filled, cells drawn as the glyph of the last tick), and the
// row differ rewrites only the rows that changed. Ink's frames and these are whole writes on one
// thread, so neither can tear the other, and a real frame always shows the rows and glyph of now.
import { SPINNER_CELL, spinnerAt } from '../../components/text-layout.js';
import { eraseLines } from './drawn-frames.js';

// ansi-escapes' eraseLines(n), which Ink's log-update writes before each frame.
const ERASE_LINES = /^(?:\x1b\[2K\x1b\[1A)*\x1b\[2K\x1b\[G/;
// Writes that only switch modes (synchronized update, hiding the cursor) leave the screen as it is.
const CONTROL_ONLY = /^(?:\x1b\[\?2026[hl]|\x1b\[\?25l)+$/;

export interface LiveCells {
  /** One of Ink's writes, before anything fills it: remembered when it is a frame, else the screen is forgotten. */
  remember(chunk: string): void;
  /** A write just before the differ: its spinner cells drawn as the glyph of the last tick. */
  draw(chunk: string): string;
  /** Ink's last frame as Ink would write it again now; null when the screen is not known (resize, clear, console text, exit). */
  again(): string | null;
  /** Whether Ink's last frame holds `text` (a block's placeholder), so drawing it again shows that block. */
  shows(text: string): boolean;
  /** The spinners turn to the glyph of `tick`; whether any is on screen. */
  turn(tick: number): boolean;
  /** Forget the screen (the terminal was resized). */
  forget(): void;
}

export function createLiveCells(): LiveCells {
  let glyph = spinnerAt(0);
  // Ink's last frame (its rows, ending in a newline) and whether it was drawn with spinner cells.
  let last: string | null = null;
  let spinning = false;
  return {
    remember(chunk) {
      if (CONTROL_ONLY.test(chunk)) return;
      const m = ERASE_LINES.exec(chunk);
      const rest = m ? chunk.slice(m[0].length) : chunk;
      // Anything else (Ink clearing its rows, a copy, a bell, showing the cursor when it is done):
      // what is on screen is no longer only this frame.
      last = rest.endsWith('\n') && (m !== null || last === null) ? rest : null;
      if (last === null) spinning = false;
    },
    draw(chunk) {
      if (!chunk.includes(SPINNER_CELL)) {
        if (chunk.endsWith('\n')) spinning = false;
        return chunk;
      }
      spinning = true;
      return chunk.replaceAll(SPINNER_CELL, glyph);
    },
    again() {
      return last === null ? null : eraseLines(last.split('\n').length) + last;
    },
    shows(text) {
      return last !== null && last.includes(text);
    },
    turn(tick) {
      glyph = spinnerAt(tick);
      return last !== null && spinning;
    },
    forget() {
      last = null;
      spinning = false;
    },
  };
}
