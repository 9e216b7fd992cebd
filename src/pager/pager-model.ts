/**
 * The pager's state machine: scrolling, wrap, search over a LineSource, no React.
 *
 * How the TUI uses it: src/keys/pager-open.ts makes one when `o` opens a call's output (or /diff a
 * text) and puts it in the app store's pager slot; `<Pager model={pager} …/>` (components/Pager.tsx)
 * renders `pager.store`, and src/keys/pager-keys.ts turns every key into a PagerAction (the pager
 * context of the key map) inside `pager.input(…)`. Keys are queued and interpreted one at a time against the latest
 * state, so a fast burst ("/error⏎nn") is never split across stale states.
 *
 * Lines are shown as plain text (colour dropped, tabs expanded) so wrap points and search
 * highlights fall on exact columns.
 */
import stringWidth from 'string-width';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LineSource } from './log-reader.js';
import { columnRange, displayText, scrolledRight, wrapOffsets } from './pager-layout.js';
import { countMatches, findMatches, isCaseSensitive, matchOrdinal, searchLines, type Match } from './pager-search.js';

export { columnRange, displayText, wrapOffsets } from './pager-layout.js';
export type { Match } from './pager-search.js';
import type { PagerAction, PagerEffect, PagerView, Position, VisibleRow } from './pager-view.js';
export type { PagerAction, PagerEffect, PagerView, Position, VisibleRow } from './pager-view.js';

const CACHE_MAX = 4000;

const COUNT_BATCH = 2000;

export class PagerModel {
  readonly store: StoreApi<PagerView>;
  private cache = new Map<number, string>();
  private queue: Promise<unknown> = Promise.resolve();
  private countGeneration = 0;
  private closed = false;
  private counting: Promise<void> = Promise.resolve();
  /** Matches per COUNT_BATCH lines for the current term, once counted. */
  private batchCounts: number[] | null = null;

  constructor(
    /** What the pager shows; `y` copies all of it (log-reader's `collectText`). */
    readonly source: LineSource,
    size: { width: number; height: number },
    opts: { wrap?: boolean } = {},
  ) {
    this.store = createStore<PagerView>(() => ({
      rows: [], top: { line: 0, row: 0 }, width: Math.max(1, size.width), height: Math.max(1, size.height),
      wrap: opts.wrap ?? true, left: 0, totalLines: source.lineCount, complete: source.complete,
      bottomLine: 0, percent: 0, term: '', current: null, matchCount: 0, countDone: false, matchIndex: null,
      prompt: null, message: null, error: source.error,
    }));
    void this.enqueue(() => this.render());
    void this.indexInBackground();
  }

  private get s(): PagerView {
    return this.store.getState();
  }

  private set(patch: Partial<PagerView>): void {
    this.store.setState(patch);
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every queued key has been applied, the rows redrawn and matches counted. */
  async idle(): Promise<void> {
    // Loop: a finished task may have queued another (the component's copy after `y`).
    let seen: Promise<unknown>;
    do {
      seen = this.queue;
      await seen;
      await this.counting;
    } while (seen !== this.queue);
  }

  /** Runs `task` after every key queued so far (the component's copy), in the same queue. */
  run<T>(task: () => Promise<T>): Promise<T> {
    return this.enqueue(task);
  }

  /** The state as it is now (inside `input`, after every earlier key). */
  get view(): PagerView {
    return this.s;
  }

  /**
   * Runs one key's handling (src/keys/pager-keys.ts) in the queue, after every key before it,
   * then redraws; resolves to what the component must do (close, copy) if anything. `perform`,
   * `setPrompt` and `search` are meant to be called from inside `handle`.
   */
  input(handle: () => Promise<PagerEffect>): Promise<PagerEffect> {
    return this.enqueue(async () => {
      const effect = await handle();
      await this.render();
      return effect;
    });
  }

  resize(width: number, height: number): Promise<void> {
    return this.enqueue(async () => {
      this.set({ width: Math.max(1, width), height: Math.max(1, height) });
      this.set({ top: await this.clampTop(this.s.top) });
      await this.render();
    });
  }

  /**
   * Picks up new lines of a growing source; a view showing the last line follows the new ones. A
   * refresh that finds nothing new (a running command printing nothing) changes and draws nothing.
   */
  refresh(): Promise<void> {
    return this.enqueue(async () => {
      const atEnd = this.s.bottomLine >= this.source.lineCount;
      const before = this.source.lineCount;
      const was = this.sourceState();
      await this.source.refresh();
      if (this.sourceState() === was) return;
      // The last line known may have been partial and grown since.
      this.cache.delete(before - 1);
      if (atEnd && this.source.lineCount > before) this.set({ top: await this.maxTop() });
      await this.render();
    });
  }

  /**
   * Indexes the rest of the source a few MB at a time, so the first page shows at once and the
   * line count ("lines 1–23/200000") settles shortly after.
   */
  private async indexInBackground(): Promise<void> {
    while (!this.closed && !this.source.complete && !this.source.error) {
      await this.source.refresh(4 * 1024 * 1024);
      this.set({ totalLines: this.source.lineCount, complete: this.source.complete, error: this.source.error });
    }
  }

  /** Indexes everything the source holds now, new output of a running command included (G, search). */
  private async indexed(): Promise<void> {
    if (!this.source.error) await this.source.refresh();
  }

  /** What a refresh can change about the source. */
  private sourceState(): string {
    const src = this.source;
    return `${src.lineCount} ${src.bytesIndexed ?? ''} ${src.complete} ${src.error ?? ''}`;
  }

  /** Stops background work and closes the source (the pager unmounts). */
  async close(): Promise<void> {
    this.closed = true;
    this.countGeneration++;
    await this.idle();
    await this.source.close();
  }

  setMessage(message: string | null): void {
    this.set({ message });
  }

  /** One action, against the latest state (call it inside `input`). A message gives way to it. */
  async perform(action: PagerAction | undefined): Promise<PagerEffect> {
    this.set({ message: null });
    const page = this.s.height;
    switch (action) {
      case 'lineUp': return this.scroll(-1);
      case 'lineDown': return this.scroll(1);
      case 'pageUp': return this.scroll(-page);
      case 'pageDown': return this.scroll(page);
      case 'top': this.set({ top: { line: 0, row: 0 } }); return null;
      case 'bottom': await this.indexed(); this.set({ top: await this.maxTop() }); return null;
      case 'left': this.set({ left: Math.max(0, this.s.left - Math.max(1, this.s.width >> 1)) }); return null;
      case 'right': if (!this.s.wrap) this.set({ left: scrolledRight(this.s.left, this.s.width, await this.lines(this.s.top.line, this.s.top.line + this.s.height)) }); return null;
      case 'wrap': this.set({ wrap: !this.s.wrap, left: 0, top: { line: this.s.top.line, row: 0 } }); return null;
      case 'search': this.set({ prompt: { text: '', cursor: 0 } }); return null;
      case 'nextMatch': await this.findFrom(1); return null;
      case 'prevMatch': await this.findFrom(-1); return null;
      case 'copy': return 'copy';
      case 'close': return 'close';
      default: return null; // unbound keys do nothing
    }
  }

  /** The search prompt's line while it is typed; null closes it. */
  setPrompt(prompt: { text: string; cursor: number } | null): void {
    this.set({ prompt });
  }

  /** Searches forward for `term` from the top of the screen and counts its matches (Enter on `/`). */
  search(term: string): Promise<void> {
    return this.startSearch(term);
  }

  // ---- lines and rows -------------------------------------------------------------------

  private async lines(from: number, to: number): Promise<string[]> {
    const a = Math.max(0, from);
    const b = Math.min(to, this.source.lineCount);
    let missing = false;
    for (let i = a; i < b && !missing; i++) missing = !this.cache.has(i);
    if (missing) {
      if (this.cache.size > CACHE_MAX) this.cache.clear();
      const got = await this.source.readLines(a, b);
      got.forEach((l, i) => this.cache.set(a + i, displayText(l)));
    }
    const out: string[] = [];
    for (let i = a; i < b; i++) out.push(this.cache.get(i) ?? '');
    return out;
  }

  private rowCount(text: string): number {
    return this.s.wrap ? wrapOffsets(text, this.s.width).length : 1;
  }

  /** The top position `n` rows away from `from` (negative: up), unclamped at the bottom. */
  private async moveRows(from: Position, n: number): Promise<Position> {
    let { line, row } = from;
    if (n > 0) {
      const texts = await this.lines(line, line + n + 1);
      let left = n;
      for (let i = 0; left > 0 && i < texts.length; ) {
        const rows = this.rowCount(texts[i]!);
        if (row + 1 < rows) row++;
        else if (line + 1 < this.source.lineCount) { line++; row = 0; i++; }
        else break;
        left--;
      }
    } else {
      const texts = await this.lines(Math.max(0, line + n), line);
      let left = -n;
      let idx = texts.length - 1;
      while (left > 0) {
        if (row > 0) row--;
        else if (line > 0 && idx >= 0) { line--; row = this.rowCount(texts[idx--]!) - 1; }
        else break;
        left--;
      }
    }
    return { line, row };
  }

  /** Topmost position that still fills the screen down to the last line. */
  private async maxTop(): Promise<Position> {
    const total = this.source.lineCount;
    if (total === 0) return { line: 0, row: 0 };
    const lastRows = this.rowCount((await this.lines(total - 1, total))[0] ?? '');
    return this.moveRows({ line: total - 1, row: lastRows - 1 }, -(this.s.height - 1));
  }

  private async clampTop(p: Position): Promise<Position> {
    const max = await this.maxTop();
    if (p.line > max.line || (p.line === max.line && p.row > max.row)) return max;
    const text = (await this.lines(p.line, p.line + 1))[0] ?? '';
    return { line: p.line, row: Math.min(p.row, this.rowCount(text) - 1) };
  }

  private async scroll(n: number): Promise<null> {
    this.set({ top: await this.clampTop(await this.moveRows(this.s.top, n)) });
    return null;
  }

  private async render(): Promise<void> {
    const { top, height, width, wrap, left, term, current } = this.s;
    const texts = await this.lines(top.line, top.line + height);
    const rows: VisibleRow[] = [];
    const caseSensitive = isCaseSensitive(term);
    for (let i = 0; i < texts.length && rows.length < height; i++) {
      const line = top.line + i;
      const text = texts[i]!;
      const matches = term ? findMatches(text, term, caseSensitive) : [];
      const spans: [number, number][] = [];
      if (wrap) {
        const starts = wrapOffsets(text, width);
        for (let r = i === 0 ? top.row : 0; r < starts.length; r++) spans.push([starts[r]!, starts[r + 1] ?? text.length]);
      } else spans.push(columnRange(text, left, width));
      for (const [a, b] of spans) {
        if (rows.length >= height) break;
        const marks = matches
          .filter(([s, e]) => s < b && e > a)
          .map(([s, e]) => ({
            start: Math.max(s, a) - a,
            end: Math.min(e, b) - a,
            current: current !== null && current.line === line && current.start === s,
          }));
        rows.push({ line, text: text.slice(a, b), marks });
      }
    }
    const total = this.source.lineCount;
    const bottomLine = rows.length ? rows[rows.length - 1]!.line + 1 : 0;
    this.set({
      rows, totalLines: total, complete: this.source.complete, error: this.source.error, bottomLine,
      percent: total === 0 ? 100 : Math.floor((bottomLine / total) * 100),
    });
  }

  // ---- search ---------------------------------------------------------------------------

  private async startSearch(term: string): Promise<void> {
    await this.indexed(); // search and count the whole output, not only what is indexed so far
    this.countGeneration++; // stop counting the previous term
    this.set({ term, current: null, matchCount: 0, countDone: false, matchIndex: null });
    const from = { line: this.s.top.line, start: -1, end: -1 };
    await this.goToMatch(from, 1);
    this.counting = this.countAll(term).catch(() => undefined);
  }

  private async findFrom(dir: 1 | -1): Promise<void> {
    const { term, current, top } = this.s;
    if (!term) {
      this.set({ message: 'no search yet: press / to search' });
      return;
    }
    // From the current match while it is on screen; after g, G or scrolling away, from the view
    // (the first match in it or after it, as less does), not from a match no longer shown.
    if (current && (await this.onScreen(current))) return this.goToMatch(current, dir);
    const line = dir === 1 ? top.line : (await this.moveRows(top, this.s.height - 1)).line;
    await this.goToMatch({ line, start: dir === 1 ? -1 : Number.MAX_SAFE_INTEGER, end: 0 }, dir);
  }

  private async onScreen(m: Match): Promise<boolean> {
    const { top, height } = this.s;
    const end = await this.moveRows(top, height - 1);
    return m.line >= top.line && m.line <= end.line;
  }

  private async goToMatch(from: Match, dir: 1 | -1): Promise<void> {
    const { term } = this.s;
    const found = await searchLines(this.source, term, from, dir);
    if (!found.match) {
      this.set({ message: `pattern not found: ${term}`, current: null });
      return;
    }
    const m = found.match;
    this.set({ current: m, message: found.wrapped ? (dir === 1 ? 'search wrapped to top' : 'search wrapped to bottom') : null });
    await this.reveal(m);
    this.set({ matchIndex: await this.indexOf(m) }); // null until the count is done
  }

  /** Scrolls so that `m` is on screen, a third of the way down when it was not. */
  private async reveal(m: Match): Promise<void> {
    const { top, height, wrap, width } = this.s;
    const text = (await this.lines(m.line, m.line + 1))[0] ?? '';
    const offsets = wrap ? wrapOffsets(text, width) : [0];
    let row = 0;
    while (row + 1 < offsets.length && offsets[row + 1]! <= m.start) row++;
    const target = { line: m.line, row };
    const end = await this.moveRows(top, height - 1);
    const before = target.line < top.line || (target.line === top.line && target.row < top.row);
    const after = target.line > end.line || (target.line === end.line && target.row > end.row);
    if (before || after) this.set({ top: await this.clampTop(await this.moveRows(target, -Math.floor(height / 3))) });
    if (!wrap) {
      const colA = stringWidth(text.slice(0, m.start));
      const colB = stringWidth(text.slice(0, m.end));
      if (colA < this.s.left || colB > this.s.left + width) this.set({ left: Math.max(0, colA - Math.floor(width / 3)) });
    }
  }

  /** Counts matches over the whole source in the background; a newer search cancels it. */
  private async countAll(term: string): Promise<void> {
    const gen = ++this.countGeneration;
    this.batchCounts = null;
    const stale = () => gen !== this.countGeneration;
    const counts = await countMatches(this.source, term, COUNT_BATCH, (n) => {
      if (!stale()) this.set({ matchCount: n });
    }, stale);
    if (!counts || stale()) return;
    this.batchCounts = counts;
    const current = this.s.current;
    const index = current ? await this.indexOf(current) : null;
    if (stale()) return;
    // n/N may have moved on meanwhile; then their own lookup sets the index.
    this.set({ countDone: true, ...(this.s.current === current ? { matchIndex: index } : {}) });
  }

  private async indexOf(m: Match): Promise<number | null> {
    if (!this.batchCounts) return null;
    return matchOrdinal(this.source, this.s.term, m, this.batchCounts, COUNT_BATCH);
  }
}
