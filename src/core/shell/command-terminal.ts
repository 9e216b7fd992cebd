// The headless terminal one command's bytes are fed into. Renders like a real terminal (colours,
// \r progress bars, cursor movement) with a bounded scrollback, and takes every row as it leaves
// the screen for the model's text and the log, so nothing is lost when the scrollback trims.
import xterm from '@xterm/headless';
import type { IBuffer, IBufferCell, IMarker, Terminal as TerminalType } from '@xterm/headless';
import type { TerminalSnapshot } from '../tools/details.js';
import { KeptOutput } from './kept-output.js';
import type { OutputLog } from './output-log.js';
import type { Redact } from '../redact.js';
import { takeSnapshot } from './screen-text.js';
import { SENTINEL_OSC, parseSentinel } from './sentinel.js';

const { Terminal } = xterm;

export const EMULATOR_SCROLLBACK = 1000;

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
  private consumedAny = false;
  /** Length of the last row taken, as trimmed (see takeRow). */
  private lastRowLength = 0;
  /** Rows at the top of the screen that were already taken (a resize pulled them back from scrollback). */
  private skipRows = 0;
  private lastBaseY = 0;
  /** Counts scrollback trims: markers move up one line per trimmed line. */
  private probe: IMarker | undefined;
  private probeLine = 0;
  private resizing = false;
  /** Set by finish(): later output (e.g. the tty echoing our ACK) is not the command's. */
  private finished = false;

  constructor(opts: CommandTerminalOptions) {
    this.log = opts.log;
    this.redact = opts.redact;
    this.term = new Terminal({
      cols: opts.cols,
      rows: opts.rows,
      scrollback: opts.scrollback ?? EMULATOR_SCROLLBACK,
      allowProposedApi: true,
      // xterm logs a "Parsing error" through console for every DEL byte and other odd input:
      // binary output would flood stderr (in -p) or the TUI's screen.
      logLevel: 'off',
    });
    this.buffers = this.term.buffer;
    this.cell = this.buffers.normal.getNullCell();
    this.term.parser.registerOscHandler(SENTINEL_OSC, (payload) => {
      const rc = parseSentinel(payload, opts.nonce);
      if (rc === null) return false;
      opts.onSentinel(rc);
      return true;
    });
    // A full reset (ESC c) replaces the buffers: the probe must be placed again.
    this.term.parser.registerEscHandler({ final: 'c' }, () => {
      this.probe?.dispose();
      this.probe = undefined;
      this.lastBaseY = 0;
      this.skipRows = 0;
      return false;
    });
    // Erasing the scrollback (ESC[3J, sent by `clear`) trims it without a scroll event; every row
    // in it was taken already, and afterwards there is none.
    this.term.parser.registerCsiHandler({ final: 'J' }, (params) => {
      if (params[0] === 3 && this.buffers.active.type === 'normal') {
        this.probe?.dispose();
        this.probe = undefined;
        this.lastBaseY = 0;
      }
      return false;
    });
    this.term.onScroll(() => this.takeScrolledRows());
    // Programs that ask the terminal where the cursor is (ESC[6n) wait for the answer.
    if (opts.onReply) this.term.onData(opts.onReply);
  }

  get cols(): number {
    return this.term.cols;
  }

  get rows(): number {
    return this.term.rows;
  }

  write(data: Uint8Array | string, onParsed: () => void): void {
    this.pendingBytes += data.length;
    this.term.write(data, () => {
      this.pendingBytes -= data.length;
      onParsed();
    });
  }

  /** Resolves once everything written so far has been parsed. */
  drain(): Promise<void> {
    return new Promise((resolve) => this.term.write('', resolve));
  }

  /**
   * The probe sits on the newest scrollback row: only trims move it there. On the screen, lines
   * inserted or deleted (CSI L / CSI M) would move it too and be miscounted as trims.
   */
  private ensureProbe(): void {
    if (this.probe && !this.probe.isDisposed && this.probe.line >= 16) return;
    this.probe?.dispose();
    this.probe = undefined;
    const normal = this.buffers.normal;
    if (normal.baseY < 1) return; // no scrollback yet, so nothing can be trimmed
    this.probe = this.term.registerMarker(-normal.cursorY - 1);
    this.probeLine = this.probe?.line ?? 0;
  }

  /**
   * onScroll fires for every scroll, including scrolls inside a region that push nothing into the
   * scrollback; rows entered the scrollback when baseY grew or the scrollback trimmed (probe moved).
   */
  private takeScrolledRows(): void {
    const buffer = this.buffers.active;
    if (this.resizing || this.finished || buffer.type !== 'normal') return;
    const trims = this.probe && !this.probe.isDisposed ? this.probeLine - this.probe.line : 0;
    const entered = buffer.baseY - this.lastBaseY + trims;
    this.lastBaseY = buffer.baseY;
    for (let i = entered; i > 0; i--) {
      if (this.skipRows > 0) this.skipRows--;
      else this.takeRow(buffer, buffer.baseY - i);
    }
    this.ensureProbe();
    if (this.probe) this.probeLine = this.probe.line;
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
      if (this.consumedAny) this.log.append('\n');
      this.log.append(text);
    }
    this.kept.addRow(text, wrapped);
    this.lastRowLength = text.length;
    this.consumedAny = true;
  }

  /** Resizes the emulator, keeping track of which rows were already taken across the reflow. */
  resize(cols: number, rows: number): void {
    if (cols === this.term.cols && rows === this.term.rows) return;
    if (this.finished) {
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
    this.probe?.dispose();
    this.probe = undefined;
    this.ensureProbe();
  }

  /** Takes the rows still on the normal screen (trailing blank rows dropped); later calls do nothing. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    const normal = this.buffers.normal;
    const top = normal.baseY + this.skipRows;
    let last = normal.baseY + this.term.rows - 1;
    while (last >= top && (normal.getLine(last)?.translateToString(true) ?? '') === '') last--;
    for (let y = top; y <= last; y++) this.takeRow(normal, y);
    this.skipRows = last - normal.baseY + 1;
    if (this.consumedAny) this.log.append('\n');
  }

  /** Rows on the screen now that hold something (for totalLines while running). */
  private screenRowsUsed(): number {
    const buffer = this.buffers.active;
    let last = buffer.baseY + this.term.rows - 1;
    const top = buffer.baseY + (buffer.type === 'normal' ? this.skipRows : 0);
    while (last >= top && (buffer.getLine(last)?.translateToString(true) ?? '') === '') last--;
    return last - top + 1;
  }

  snapshot(historyRows: number): TerminalSnapshot {
    const total = this.kept.lineCount + Math.max(0, this.screenRowsUsed());
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
    this.probe?.dispose();
    this.term.dispose();
  }
}
