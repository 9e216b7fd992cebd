// The headless terminal one command's bytes are fed into. Renders like a real terminal (colours,
// \r progress bars, cursor movement) with a bounded scrollback, and takes every row as it leaves
// the screen for the model's text and the log, so nothing is lost when the scrollback trims.
// While the output is plain text its lines are taken from the bytes instead, and the emulator only
// sees what can still be on screen, when the screen is read (feedScreen; plain-text-path.ts).
import { createRequire } from 'node:module';
import type { IBuffer, IBufferCell, Terminal as TerminalType } from '@xterm/headless';
import type { TerminalSnapshot } from '../tools/details.js';
import { KeptOutput } from './kept-output.js';
import { ScrollbackTrims } from './scrollback-trims.js';
import type { OutputLog } from './output-log.js';
import type { Redact } from '../redact.js';
import { PlainTextPath } from './plain-text-path.js';
import { lastFilledRow, takeSnapshot } from './screen-text.js';
import { sentinelPrefix } from './sentinel.js';
import { registerParserHooks } from './terminal-parser-hooks.js';

// Required, not imported: the package is one 180 KB CommonJS file, which an ESM import first scans
// for its export names (cjs-module-lexer): 29-58 ms to load it that way, 13 ms required.
const { Terminal } = createRequire(import.meta.url)('@xterm/headless') as typeof import('@xterm/headless');

export const EMULATOR_SCROLLBACK = 1000;
/** Rows of scrollback a live snapshot shows above the screen. */
export const SNAPSHOT_HISTORY_ROWS = 200;

export interface CommandTerminalOptions {
  cols: number;
  rows: number;
  nonce: string;
  log: OutputLog;
  onSentinel(exitCode: number): void;
  /** What the terminal answers to the program's queries (cursor position, device attributes). */
  onReply?(data: string): void;
  scrollback?: number;
  /** Hides secrets that wrapping split across rows, in the snapshots (each row is redacted later too). */
  redact?: Redact;
  /** Take plain text from the bytes (default true; false emulates every byte, for comparison). */
  plainFastPath?: boolean;
}

export class CommandTerminal {
  private readonly term: TerminalType;
  /** Cached: every `term.buffer` access re-checks an option through a proxy, per scrolled row. */
  private readonly buffers: TerminalType['buffer'];
  readonly kept = new KeptOutput();
  private readonly log: OutputLog;
  private readonly redact: Redact | undefined;
  private readonly cell: IBufferCell;
  /** Bytes handed to the emulator but not parsed yet (flow control). */
  pendingBytes = 0;
  /** Characters handed to the emulator in all (a plain flood skips most). */
  emulatedChars = 0;
  /** Writes of plain text to the emulator (feedScreen, the end of the plain text, drain). */
  plainFeeds = 0;
  private consumedAny = false;
  /** Length of the last row taken, as trimmed (see takeRow). */
  private lastRowLength = 0;
  /** Rows at the top of the screen that were already taken (a resize pulled them back from scrollback). */
  private skipRows = 0;
  private lastBaseY = 0;
  private readonly trims: ScrollbackTrims;
  private resizing = false;
  /** Set by finish(): later output (e.g. the tty echoing our ACK) is not the command's. */
  private finished = false;
  /** The log's last line still lacks its line end. */
  private lineOpen = false;
  /** The plain fast path's input side and feed; null once a byte that is not plain arrived. */
  private plain: PlainTextPath | null;
  /** The emulator has parsed nothing but plain text: its rows were taken from the bytes already. */
  private parsePlain: boolean;
  private readonly scrollback: number;
  /**
   * A background job's terminal: finished lines go to the log as soon as they are finished, not
   * when they leave the screen, so a reader of the log (job_output) sees a server's last line.
   */
  private eager = false;

  constructor(opts: CommandTerminalOptions) {
    this.log = opts.log;
    this.redact = opts.redact;
    this.plain = opts.plainFastPath === false ? null : this.plainTextPath(sentinelPrefix(opts.nonce));
    this.parsePlain = this.plain !== null;
    this.term = new Terminal({
      cols: opts.cols,
      rows: opts.rows,
      scrollback: (this.scrollback = opts.scrollback ?? EMULATOR_SCROLLBACK),
      allowProposedApi: true,
      // xterm logs a "Parsing error" through console for every DEL byte and other odd input:
      // binary output would flood stderr (in -p) or the TUI's screen.
      logLevel: 'off',
    });
    this.buffers = this.term.buffer;
    this.trims = new ScrollbackTrims(this.term);
    this.cell = this.buffers.normal.getNullCell();
    registerParserHooks(this.term, {
      nonce: opts.nonce,
      onSentinel: opts.onSentinel,
      // A reset replaces the buffers, and an erased scrollback has no rows: the probe goes, placed again when needed.
      onReset: () => {
        this.dropProbe();
        this.skipRows = 0;
      },
      onScrollbackErased: () => this.dropProbe(),
    });
    this.term.onScroll(() => this.takeScrolledRows());
    // Programs that ask the terminal where the cursor is (ESC[6n) wait for the answer.
    if (opts.onReply) this.term.onData(opts.onReply);
  }

  private plainTextPath(sentinelStart: string): PlainTextPath {
    return new PlainTextPath(
      {
        holdLines: () => (this.eager ? 0 : this.term.rows),
        screenLines: () => this.term.rows + SNAPSHOT_HISTORY_ROWS,
        partialMax: () => (this.term.cols * (this.term.rows + this.scrollback)) / 2,
        takeText: (text, count) => this.takePlainText(text, count),
        emulate: (text, parsed) => {
          this.plainFeeds++;
          this.emulate(text, parsed);
        },
        parsedToEnd: (held, allTaken) => this.leavePlainParse(held, allTaken),
      },
      sentinelStart,
    );
  }

  private dropProbe(): void {
    this.trims.drop();
    this.lastBaseY = 0;
  }

  get cols(): number {
    return this.term.cols;
  }

  get rows(): number {
    return this.term.rows;
  }

  /** The command's bytes; `onParsed` runs once parsed, or at once for plain text (fed at feedScreen). */
  write(data: Uint8Array | string, onParsed: () => void): void {
    if (this.plain) {
      const rest = this.plain.take(data);
      if (rest === null) {
        onParsed();
        return;
      }
      // Not plain any more: the path handed the emulator the rest of the plain text, and is left for good.
      this.plain = null;
      data = rest;
    }
    this.emulate(data, onParsed);
  }

  private emulate(data: Uint8Array | string, onParsed: () => void): void {
    this.pendingBytes += data.length;
    this.emulatedChars += data.length;
    this.term.write(data, () => {
      this.pendingBytes -= data.length;
      onParsed();
    });
  }

  /**
   * Hands the emulator the plain text that arrived since the last feed (its newest lines), then
   * `then` once parsed: who reads the screen feeds it first, so plain text has no clock of its own.
   * Outside the fast path the emulator has every byte already: `then` at once.
   */
  feedScreen(then: () => void): void {
    if (this.plain) this.plain.feedScreen(then);
    else then();
  }

  /**
   * Resolves once everything written so far has been parsed, but a CR that ended the plain text:
   * its LF may come next, and if nothing comes a CR at the end changes nothing on screen.
   */
  drain(): Promise<void> {
    if (this.plain) this.plain.flush();
    return new Promise((resolve) => this.term.write('', resolve));
  }

  /** Plain lines that have left the screen, to the log and the kept text. */
  private takePlainLines(lines: string[]): void {
    this.takePlainText(lines.join('\n'), lines.length);
  }

  /** `count` plain lines joined by '\n' (no line end after the last), as one string. */
  private takePlainText(text: string, count: number): void {
    this.log.append(`${this.lineOpen ? '\n' : ''}${text}\n`);
    this.lineOpen = false;
    this.kept.addLines(text, count);
    this.lastRowLength = 0;
    this.consumedAny = true;
  }

  /**
   * The emulator reached the end of the plain text: from here on its rows are taken as they scroll.
   * The held lines and the unfinished one are the emulator's rows to take, as the terminal shows
   * them now; held lines it no longer has (trimmed from its scrollback) are taken from the bytes.
   */
  private leavePlainParse(held: string[], allTaken = false): void {
    if (!this.parsePlain) return;
    this.parsePlain = false;
    const buffer = this.buffers.normal;
    if (allTaken) {
      this.skipRows = buffer.cursorY + 1;
      this.lastBaseY = buffer.baseY;
      return;
    }
    let start = buffer.baseY + buffer.cursorY;
    while (start > 0 && buffer.getLine(start)?.isWrapped) start--;
    let found = 0;
    while (found < held.length && start > 0) {
      let row = start - 1;
      while (row > 0 && buffer.getLine(row)?.isWrapped) row--;
      if (buffer.getLine(row)?.isWrapped) break; // its first rows were trimmed
      start = row;
      found++;
    }
    if (found < held.length) this.takePlainLines(held.slice(0, held.length - found));
    this.skipRows = Math.max(0, start - buffer.baseY);
    this.lastBaseY = buffer.baseY;
    for (let y = start; y < buffer.baseY; y++) this.takeRow(buffer, y);
    this.trims.drop();
    this.trims.place();
  }

  /**
   * onScroll fires for every scroll, including scrolls inside a region that push nothing into the
   * scrollback; rows entered the scrollback when baseY grew or the scrollback trimmed.
   */
  private takeScrolledRows(): void {
    const buffer = this.buffers.active;
    if (this.parsePlain || this.resizing || this.finished || buffer.type !== 'normal') return;
    const entered = buffer.baseY - this.lastBaseY + this.trims.count();
    this.lastBaseY = buffer.baseY;
    for (let i = entered; i > 0; i--) {
      if (this.skipRows > 0) this.skipRows--;
      else this.takeRow(buffer, buffer.baseY - i);
    }
    this.trims.place();
  }

  private takeRow(buffer: IBuffer, y: number): void {
    const line = buffer.getLine(y);
    if (!line) return;
    const text = line.translateToString(true);
    const wrapped = line.isWrapped && this.consumedAny;
    if (wrapped) {
      // The previous row was trimmed, but this row continues it: its trailing spaces were text.
      // Looking back only for wrapped rows saves a second row lookup for every ordinary one.
      const previous = buffer.getLine(y - 1)?.translateToString(false);
      const pad = previous !== undefined ? previous.length - this.lastRowLength : 0;
      if (pad > 0) {
        this.kept.addRow(' '.repeat(pad), true);
        this.log.append(' '.repeat(pad));
      }
      this.log.append(text);
    } else {
      if (this.lineOpen) this.log.append('\n');
      this.log.append(text);
    }
    this.lineOpen = true;
    this.kept.addRow(text, wrapped);
    this.lastRowLength = text.length;
    this.consumedAny = true;
  }

  /** Resizes the emulator, keeping track of which rows were already taken across the reflow. */
  resize(cols: number, rows: number): void {
    if (cols === this.term.cols && rows === this.term.rows) return;
    // Plain rows were taken from the bytes; leaving the fast path finds the unfinished line again.
    if (this.finished || this.parsePlain) {
      this.term.resize(cols, rows);
      return;
    }
    const normal = this.buffers.normal;
    const inNormal = this.buffers.active.type === 'normal';
    // Marks the first row not taken yet; markers follow their line through reflow.
    const boundary = inNormal ? this.term.registerMarker(this.skipRows - normal.cursorY) : undefined;
    this.resizing = true;
    try {
      this.term.resize(cols, rows);
    } finally {
      this.resizing = false;
    }
    this.skipRows = 0;
    if (boundary && !boundary.isDisposed) {
      if (boundary.line > normal.baseY) this.skipRows = boundary.line - normal.baseY;
      else for (let y = boundary.line; y < normal.baseY; y++) this.takeRow(normal, y);
    }
    boundary?.dispose();
    this.lastBaseY = normal.baseY;
    this.trims.drop();
    this.trims.place();
  }

  /**
   * From now on finished lines are taken at once (see `eager`); takes the finished lines on screen
   * now. Called again on every report: rows above the cursor are finished. A program that later
   * rewrites them (cursor up) is logged as it first printed them.
   */
  settle(): void {
    if (this.finished) return;
    if (!this.eager) {
      this.eager = true;
      const held = this.plain?.takeHeld() ?? [];
      if (held.length > 0) this.takePlainLines(held);
    }
    if (this.parsePlain || this.buffers.active.type !== 'normal') return;
    const normal = this.buffers.normal;
    const top = normal.baseY + this.skipRows;
    const cursorRow = normal.baseY + normal.cursorY;
    for (let y = top; y < cursorRow; y++) this.takeRow(normal, y);
    this.skipRows = Math.max(this.skipRows, normal.cursorY);
  }

  /** Takes the rows still on the normal screen (trailing blank rows dropped); later calls do nothing. */
  finish(): void {
    if (this.finished) return;
    const held = this.plain?.held ?? [];
    this.plain = null;
    this.leavePlainParse(held);
    this.finished = true;
    const normal = this.buffers.normal;
    const top = normal.baseY + this.skipRows;
    const last = lastFilledRow(normal, top, normal.baseY + this.term.rows - 1);
    for (let y = top; y <= last; y++) this.takeRow(normal, y);
    this.skipRows = last - normal.baseY + 1;
    if (this.lineOpen) this.log.append('\n');
    this.lineOpen = false;
  }

  /** Rows on the screen now that hold something (for totalLines while running). */
  private screenRowsUsed(): number {
    const buffer = this.buffers.active;
    const top = buffer.baseY + (buffer.type === 'normal' ? this.skipRows : 0);
    return lastFilledRow(buffer, top, buffer.baseY + this.term.rows - 1) - top + 1;
  }

  snapshot(historyRows: number): TerminalSnapshot {
    const total = this.parsePlain
      ? this.kept.lineCount + (this.plain?.pendingLines ?? 0)
      : this.kept.lineCount + Math.max(0, this.screenRowsUsed());
    const snap = takeSnapshot(this.buffers.active, this.term.cols, this.term.rows, historyRows, total, this.cell, this.redact);
    // How the command wants keys encoded, for typing into it from the UI (Ctrl+T).
    const modes = this.term.modes;
    if (modes.applicationCursorKeysMode) snap.applicationCursorKeys = true;
    if (modes.bracketedPasteMode) snap.bracketedPaste = true;
    return snap;
  }

  /** Emulator rows held in memory (bounded by the scrollback). */
  bufferedRows(): number {
    return this.buffers.normal.length;
  }

  dispose(): void {
    this.trims.drop();
    this.term.dispose();
  }
}
