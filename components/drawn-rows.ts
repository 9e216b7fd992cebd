// Rows that reach the terminal without going through Ink's output step. Every frame, Ink lays
// the whole screen out as a grid of styled cells (tokenizing each row's ANSI, measuring each
// character) and turns the grid back into strings: for a full screen that is most of a frame's
// cost, paid again on every spinner tick although the rows did not change (bench/frames.ts
// --profile). The transcript's rows are final already (fitted to the width by its own layout),
// so the transcript hands Ink one short placeholder, one row tall, and the frame writer
// (src/app/drawn-frames.ts: the stdout stream given to Ink's render) puts the rows in its place in
// the finished frame. Components reach the writer's rows through React context (drawn-rows-context.ts).
// The prompt box and the status line are drawn the same way (Input.tsx, StatusBar.tsx); the
// header and every other region are Ink's own rows (each rendered only when what it reads changes).
import { fitLine, stringWidth } from './text-layout.js';

// A placeholder is its block's id in base 36 between SGR 8 and 28 (concealed; Ink passes both
// through as they are). Text from outside never carries an escape (safe-text.ts) and our own
// paint never conceals, so nothing else looks like one; and to Ink it is plain ASCII once the
// escapes are stripped, which string-width measures on its fast path — a private-use character
// sent every first frame through string-width's grapheme segmenter and emoji tables (~45 ms of
// CPU at start-up, bench/frames.ts startup.frameCpu).
export const PLACEHOLDER_OPEN = '\x1b[8m';
const OPEN = PLACEHOLDER_OPEN;
const CLOSE = '\x1b[28m';
const SLOT = /\x1b\[8m([0-9a-z]+)\x1b\[28m/g;
// CSI sequences other than SGR would move the cursor inside a row Ink never measured (Ink itself
// strips them from text); everything else is left for the frame guard to judge, as before.
const CSI = /\x1b\[[0-?]*[ -/]*[@-~]/g;
const SGR = /^\x1b\[[\d;:]*m$/;

export interface DrawnRows {
  /**
   * One placeholder for a block of rows, exactly `height` of them on screen (cut or padded with
   * blank rows). Render it as a single row.
   */
  place(rows: readonly string[], width: number, height: number): string;
  /**
   * Text with each placeholder replaced by its rows, and how many rows that added. (Rows laid out
   * before a resize, wider than the terminal now, are cut on their way out: src/app/resize-frames.ts.)
   */
  fill(text: string): { text: string; added: number };
  /**
   * The block behind `placeholder` holds `rows` from now on (cut or padded to its height), its
   * placeholder the same, and the frame writer draws it again without Ink (a live pane's new line:
   * components/Transcript.tsx). False, with nothing changed, when the writer cannot: it does not
   * know what is on screen, or Ink's frame on screen does not hold the block — then a real frame
   * has to draw the rows.
   */
  redraw(placeholder: string, rows: readonly string[]): boolean;
  /** Rows and blocks held now (bounded by a few screens, whatever the session's length). */
  size(): number;
}

/** What a row becomes on screen: only colours kept, never wider than `width`, colours closed. */
export function finalRow(row: string, width: number): string {
  let out = row.includes('\t') ? row.replace(/\t/g, '  ') : row;
  if (!out.includes('\x1b')) return stringWidth(out) > width ? fitLine(out, width) : out;
  out = out.replace(CSI, (seq) => (SGR.test(seq) ? seq : ''));
  if (stringWidth(out) > width) out = fitLine(out, width);
  return `${out}\x1b[0m`;
}

interface Kept<T> {
  value: T;
  used: number;
}

interface Block {
  key: string;
  text: string;
  rows: number;
  width: number;
  /** The rows it was made of (cut to its height) and what each became. */
  source: readonly string[];
  drawn: readonly string[];
}

/** What the frame writer lends drawn rows so a block can change in place (src/app/frame-diff.ts). */
export interface RowsPainter {
  /** Whether the frame on screen holds this placeholder. */
  shows(placeholder: string): boolean;
  /** Draw the frame on screen again, its blocks as they are now (at once: one frame for all asked in one moment). */
  repaint(): void;
}

export function createDrawnRows(painter: RowsPainter | null = null): DrawnRows {
  // One generation per frame filled: what the last frame showed, or was placed since, is kept.
  let generation = 0;
  const rows = new Map<string, Kept<string>>();
  const blockIds = new Map<string, number>();
  const blocks = new Map<number, Kept<Block>>();
  // Ids are reused, so the placeholders Ink ever sees (and caches the sizes of) stay few.
  const free: number[] = [];
  let next = 0;

  const finalOf = (row: string, width: number): string => {
    const key = `${width}:${row}`;
    let kept = rows.get(key);
    if (!kept) {
      kept = { value: finalRow(row, width), used: generation };
      rows.set(key, kept);
    } else kept.used = generation;
    return kept.value;
  };

  const evict = () => {
    for (const [key, kept] of rows) if (kept.used < generation - 1) rows.delete(key);
    for (const [id, kept] of blocks) {
      if (kept.used >= generation - 1) continue;
      blocks.delete(id);
      // (A block redrawn in place may have taken this content's key over.)
      if (blockIds.get(kept.value.key) === id) blockIds.delete(kept.value.key);
      free.push(id);
    }
  };

  const cutTo = (shown: readonly string[], n: number) => (shown.length > n ? shown.slice(0, n) : shown);
  const keyOf = (cut: readonly string[], width: number, n: number) => `${width}:${n}\n${cut.join('\n')}`;
  /** `before`: the block these rows replace, whose rows in the same places are taken as drawn. */
  const blockOf = (cut: readonly string[], key: string, width: number, n: number, before?: Block): Block => {
    const same = before !== undefined && before.width === width ? before : undefined;
    const drawn = cut.map((r, i) => (r === '' ? '' : same?.source[i] === r ? same.drawn[i]! : finalOf(r, width)));
    while (drawn.length < n) drawn.push('');
    return { key, text: drawn.join('\n'), rows: n, width, source: cut, drawn };
  };

  return {
    place(shown, width, height) {
      const n = Math.max(1, height);
      const cut = cutTo(shown, n);
      const key = keyOf(cut, width, n);
      let id = blockIds.get(key);
      if (id === undefined) {
        id = free.pop() ?? next++;
        blockIds.set(key, id);
        blocks.set(id, { value: blockOf(cut, key, width, n), used: generation });
      } else blocks.get(id)!.used = generation;
      if (blocks.size > 64 || rows.size > 1000) evict();
      return `${OPEN}${id.toString(36)}${CLOSE}`;
    },
    fill(text) {
      if (!text.includes(OPEN)) return { text, added: 0 };
      let added = 0;
      const out = text.replace(SLOT, (_, id: string) => {
        const kept = blocks.get(parseInt(id, 36));
        if (!kept) return '';
        // On screen: kept while it stays there (a region that does not redraw places nothing).
        kept.used = generation;
        added += kept.value.rows - 1;
        return kept.value.text;
      });
      generation++;
      return { text: out, added };
    },
    redraw(placeholder, shown) {
      const m = /^\x1b\[8m([0-9a-z]+)\x1b\[28m$/.exec(placeholder);
      const id = m ? parseInt(m[1]!, 36) : -1;
      const kept = blocks.get(id);
      if (!kept || !painter?.shows(placeholder)) return false;
      const { width, rows: n, key } = kept.value;
      const cut = cutTo(shown, n);
      const nextKey = keyOf(cut, width, n);
      if (nextKey === key) return true;
      // Its content's key leads to it from now on, so placing the same rows again (the next real
      // render) gives Ink the same placeholder: the frame Ink would draw is the one on screen.
      if (blockIds.get(key) === id) blockIds.delete(key);
      kept.value = blockOf(cut, nextKey, width, n, kept.value);
      kept.used = generation;
      blockIds.set(kept.value.key, id);
      // A command printing for minutes between two renders must not grow the rows kept.
      if (rows.size > 1000) evict();
      painter.repaint();
      return true;
    },
    size: () => rows.size + blocks.size,
  };
}
