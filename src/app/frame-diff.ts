// Rewrites Ink's frames so only the rows that changed reach the terminal. Ink 6.8 redraws the
// whole frame on every render (erase every row, write every row); its incrementalRendering
// option would write only changed rows but puts each frame one row lower when frames end in a
// newline (which every non-fullscreen frame does), so the screen scrolls and garbles.
// This sits between Ink and stdout: a write of "erase the previous frame's rows + new frame"
// becomes "go to the frame's top row, rewrite the rows that differ, erase what is left below".
// Anything else passes through untouched and forgets the previous frame.
import { createFrameGuard, type FrameGuardStats } from './frame-guard.js';
import { createDrawnRows, type DrawnRows } from '../../components/drawn-rows.js';
import { createDrawnFrames } from './drawn-frames.js';
import { createResizeFrames } from './resize-frames.js';
import { createLiveCells } from './live-cells.js';

const ERASE_LINE = '\x1b[2K';
// ansi-escapes' eraseLines(n): n × ERASE_LINE joined by CURSOR_UP_1, then CURSOR_LEFT.
const ERASE_LINES = /^((?:\x1b\[2K\x1b\[1A)*\x1b\[2K\x1b\[G)/;

export interface FrameDiffStats {
  frames: number;
  /** Of those, frames the writer drew again by itself (a spinner's tick, a block changed in place: live-cells.ts). */
  redrawn: number;
  diffed: number;
  rowsWritten: number;
  rowsSkipped: number;
}

export interface FrameDiffer {
  write(chunk: string): void;
  /** Forget the screen (after a resize the terminal may have moved or cut rows). */
  reset(): void;
  stats: FrameDiffStats;
}

/** `rows` is the terminal height: a frame that did not fit scrolled, so rows cannot be matched. */
export function createFrameDiffer(write: (data: string) => void, rows: () => number = () => Infinity): FrameDiffer {
  // Rows of the frame on screen (split on \n, so the last element is '' after a trailing \n);
  // null when we do not know what is on screen.
  let prev: string[] | null = null;
  const stats: FrameDiffStats = { frames: 0, redrawn: 0, diffed: 0, rowsWritten: 0, rowsSkipped: 0 };

  return {
    stats,
    reset() {
      prev = null;
    },
    write(chunk: string) {
      const m = ERASE_LINES.exec(chunk);
      const erased = m ? m[1]!.split(ERASE_LINE).length - 1 : 0;
      const rest = m ? chunk.slice(m[1]!.length) : chunk;
      const isFrame = rest.endsWith('\n') && (m !== null || prev === null) && !rest.startsWith('\x1b[2J');
      if (!isFrame) {
        // Cursor moves, clears, console output: pass on; we no longer know the screen.
        if (!isControlOnly(chunk)) prev = null;
        write(chunk);
        return;
      }
      stats.frames++;
      const next = rest.split('\n');
      if (prev === null || erased !== prev.length || prev.length > rows()) {
        prev = next;
        write(chunk);
        return;
      }
      stats.diffed++;
      const prevVisible = prev.length - 1;
      const nextVisible = next.length - 1;
      // The cursor sits on the row below the previous frame.
      let out = prevVisible > 0 ? `\x1b[${prevVisible}A\r` : '\r';
      let skip = 0;
      for (let i = 0; i < nextVisible; i++) {
        if (i < prevVisible && next[i] === prev[i]) {
          skip++;
          stats.rowsSkipped++;
          continue;
        }
        if (skip > 0) out += `\x1b[${skip}B`;
        skip = 0;
        // "\n" as Ink writes it: the tty turns it into CR LF.
        out += `${ERASE_LINE}${compressBlanks(next[i]!)}\n`;
        stats.rowsWritten++;
      }
      if (skip > 0) out += `\x1b[${skip}B`;
      if (nextVisible < prevVisible) out += '\x1b[J';
      const same = skip === nextVisible && nextVisible === prevVisible;
      prev = next;
      // Every row as it was: nothing to write (the cursor would only go up and back).
      if (!same) write(out);
    },
  };
}

// SGR parameters that leave a blank cell looking blank (bold, dim, italic, foreground colours).
const BLANK_SAFE = new Set([1, 2, 3, 22, 23, 39, ...range(30, 37), ...range(90, 97)]);

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

/**
 * On a freshly erased row, a run of blanks can be a cursor move instead of spaces, and trailing
 * blanks can be left out — unless an attribute that shows on blanks (inverse, underline,
 * background…) is on at that point.
 */
export function compressBlanks(row: string): string {
  let out = '';
  let visibleOnBlank = false;
  let i = 0;
  while (i < row.length) {
    if (row.startsWith('\x1b[', i)) {
      const end = row.slice(i + 2).search(/[@-~]/);
      if (end === -1) return out + row.slice(i);
      const seq = row.slice(i, i + 3 + end);
      if (seq.endsWith('m')) visibleOnBlank = sgrLeavesVisible(seq.slice(2, -1), visibleOnBlank);
      out += seq;
      i += seq.length;
      continue;
    }
    if (row[i] === ' ' && !visibleOnBlank) {
      let j = i;
      while (row[j] === ' ') j++;
      const n = j - i;
      if (j === row.length) return out;
      out += n >= 5 ? `\x1b[${n}C` : ' '.repeat(n);
      i = j;
      continue;
    }
    out += row[i];
    i++;
  }
  return out;
}

function sgrLeavesVisible(params: string, before: boolean): boolean {
  let visible = before;
  const codes = params === '' ? [0] : params.split(';').map(Number);
  for (let k = 0; k < codes.length; k++) {
    const c = codes[k]!;
    if (c === 0) visible = false;
    else if (c === 38) k += codes[k + 1] === 5 ? 2 : 4;
    else if (!BLANK_SAFE.has(c)) visible = true;
  }
  return visible;
}

/** Writes that only switch modes (synchronized update, cursor visibility) leave the screen as it is. */
function isControlOnly(chunk: string): boolean {
  return /^(?:\x1b\[\?(?:2026|25)[hl])+$/.test(chunk);
}

const BEGIN_SYNC = '\x1b[?2026h';
const END_SYNC = '\x1b[?2026l';

export interface DiffingStdout {
  stdout: NodeJS.WriteStream;
  /** The rows this writer puts in place of their placeholders: given to the components (screen-render.ts). */
  drawn: DrawnRows;
  stats: FrameDiffStats;
  guard: FrameGuardStats;
  /**
   * The spinners on screen turn to the glyph of `tick` (the ticker calls it, src/store/ticker.ts):
   * the rows that hold them are rewritten, nothing else happens. Components rendered to `stdout`
   * leave the spinners to this (live-cells.ts), so whoever renders to it must tick it.
   */
  spin(tick: number): void;
  /**
   * Ink's last frame again, whole, on a cleared screen from the top (Ctrl+L: something else wrote
   * over the screen, so no row the differ believes unchanged can be trusted).
   */
  repaint(): void;
  /** Redraws go out as each is asked for, not once for all asked in one moment (the test render option, screen-render.ts). */
  redrawEachAtOnce(): void;
}

/** A stdout for Ink whose writes go through the frame differ; everything else is the real stream. */
export function diffingStdout(stream: NodeJS.WriteStream): DiffingStdout {
  // Everything Ink writes passes the frame guard first (see frame-guard.ts).
  const frameGuard = createFrameGuard();
  const cells = createLiveCells();
  // A block changed in place is drawn by Ink's last frame again (live-cells.ts) at once: what
  // changes a block is a store commit, and the event binding commits at most once a frame of the
  // clock (src/store/event-binding.ts). A second frame's wait here, counted from the writer's
  // last frame (a spinner's tick, an Ink frame), put up to another frame between an answer's
  // last word and the screen (bench/frames.ts firstturn). The redraws asked in one moment (a
  // commit's blocks, several commits of one tick) are one, a microtask later.
  let redrawAsked = false;
  let eachAtOnce = false;
  const drawn = createDrawnRows({
    shows: (placeholder) => cells.shows(placeholder),
    repaint() {
      if (eachAtOnce) return redraw();
      if (redrawAsked) return;
      redrawAsked = true;
      queueMicrotask(() => {
        if (redrawAsked) redraw();
      });
    },
  });
  const drawnFrames = createDrawnFrames(drawn, () => stream.rows || Infinity);
  // Ink writes "begin synchronized update" on its own before each frame: it goes out with the
  // frame's write (one write per frame instead of three), or not at all when nothing follows it
  // but the end of the update (a render that changed nothing).
  let held = '';
  // Whether Ink's frames come inside synchronized updates; a redrawn frame's rows are collected here.
  let synced = false;
  let redrawnRows: string | null = null;
  const differ = createFrameDiffer(
    (data) => {
      if (redrawnRows !== null) redrawnRows += data;
      else stream.write(held + data);
      held = '';
    },
    () => stream.rows || Infinity,
  );
  // Registered before Ink's own listener, so Ink's first frame after a resize goes out whole, on
  // a cleared screen, with no row wider than the terminal (resize-frames.ts).
  const resizeFrames = createResizeFrames(() => stream.columns || Infinity);
  stream.on('resize', () => {
    differ.reset();
    resizeFrames.resized();
    cells.forget();
  });
  // Every frame, Ink's or drawn again: the transcript's rows go back in before the guard sees it.
  const draw = (text: string) => {
    differ.write(cells.draw(resizeFrames.write(frameGuard.guard(drawnFrames.write(text)))));
  };
  // Ink's last frame again, with the blocks and glyph of now: one write, inside a synchronized
  // update when Ink's frames are.
  function redraw() {
    redrawAsked = false;
    const frame = cells.again();
    if (frame === null) return;
    differ.stats.redrawn++;
    redrawnRows = '';
    draw(frame);
    const out: string = redrawnRows;
    redrawnRows = null;
    if (out !== '') stream.write(synced ? BEGIN_SYNC + out + END_SYNC : out);
  }
  const write = (chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text === BEGIN_SYNC) {
      held = BEGIN_SYNC;
      synced = true;
    } else if (text === END_SYNC && held !== '') held = '';
    else {
      cells.remember(text);
      draw(text);
    }
    const cb = rest.find((r): r is () => void => typeof r === 'function');
    cb?.();
    return true;
  };
  const stdout = new Proxy(stream, {
    get(target, prop) {
      if (prop === 'write') return write;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const spin = (tick: number) => {
    if (cells.turn(tick)) redraw();
  };
  const repaint = () => {
    // As after a resize: the differ forgets the screen and the next frame lands on a cleared one.
    differ.reset();
    resizeFrames.resized();
    redraw();
  };
  const redrawEachAtOnce = () => {
    eachAtOnce = true;
  };
  return { stdout, drawn, stats: differ.stats, guard: frameGuard.stats, spin, repaint, redrawEachAtOnce };
}
