// Rows that reach the terminal without going through Ink's output step. Every frame, Ink lays
// the whole screen out as a grid of styled cells (tokenizing each row's ANSI, measuring each
// character) and turns the grid back into strings: for a full screen that is most of a frame's
// cost, paid again on every spinner tick although the rows did not change (bench/frames.ts
// --profile). The transcript's rows are final already (fitted to the width by its own layout),
// so the transcript hands Ink one short placeholder, one row tall, and the frame writer
// (src/app/drawn-frames.ts) puts the rows in its place in the finished frame. The header, the
// prompt and the status line are drawn the same way (Lines with a width), so Ink's grid is only
// a column of placeholders.
import { fitLine, stringWidth } from './text-layout.js';

// Private-use characters: one column each to Ink, never produced by the layout around them.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const SLOT = /\uE000([0-9a-z]+)\uE001/g;
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
}

export function createDrawnRows(): DrawnRows {
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
      blockIds.delete(kept.value.key);
      free.push(id);
    }
  };

  return {
    place(shown, width, height) {
      const n = Math.max(1, height);
      const cut = shown.length > n ? shown.slice(0, n) : shown;
      const key = `${width}:${n}\n${cut.join('\n')}`;
      let id = blockIds.get(key);
      if (id === undefined) {
        id = free.pop() ?? next++;
        const drawn = cut.map((r) => (r === '' ? '' : finalOf(r, width)));
        while (drawn.length < n) drawn.push('');
        blockIds.set(key, id);
        blocks.set(id, { value: { key, text: drawn.join('\n'), rows: n, width }, used: generation });
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
    size: () => rows.size + blocks.size,
  };
}

// The DrawnRows a stdout's writer fills, found from the stdout Ink renders to.
const byStdout = new WeakMap<object, DrawnRows>();

export function attachDrawnRows(stdout: object, drawn: DrawnRows): void {
  byStdout.set(stdout, drawn);
}

/** The DrawnRows of a stdout, or null when its writer does not fill placeholders (rows go to Ink). */
export function drawnRowsOf(stdout: object): DrawnRows | null {
  return byStdout.get(stdout) ?? null;
}
