// A command terminal's fast path while its output is plain text (plain-output.ts): lines from the
// bytes to the log and the kept text, and to the emulator only what can be on screen, when the
// screen is read (feedScreen). The first byte that is not plain hands the rest to the emulator.
import { PlainLines, PlainScreenFeed, plainLfText, plainPrefix, startsWithText } from './plain-output.js';

const CR = Uint8Array.of(13);

/** What the plain-text path needs of its terminal (command-terminal.ts). */
export interface PlainTextTerminal {
  /** Complete lines kept back for the emulator to show (the screen's rows; 0 for a background job's). */
  holdLines(): number;
  /** Lines of plain text that can matter to the screen and the snapshot's history rows. */
  screenLines(): number;
  /** The longest unfinished line the path keeps: the emulator must still hold all of a longer one's rows. */
  partialMax(): number;
  /** `count` plain lines joined by '\n' (no line end after the last) that have left the screen: to the log and the kept text. */
  takeText(text: string, count: number): void;
  /** Plain text to the emulator; `parsed` once parsed. */
  emulate(text: string, parsed: () => void): void;
  /**
   * The emulator parsed the plain text to its end: `held`, the complete lines the path had kept
   * back, are its rows to take from here (`allTaken`: the output ended and every line was taken).
   */
  parsedToEnd(held: string[], allTaken: boolean): void;
}

export class PlainTextPath {
  /** The input side: lines from the bytes. */
  private readonly lines: PlainLines;
  /** What the emulator is fed when the screen is read. */
  private readonly feed: PlainScreenFeed;

  constructor(
    private readonly terminal: PlainTextTerminal,
    /** The sentinel's start: plain text that ends at it is the whole output. */
    private readonly sentinelStart: string,
  ) {
    this.lines = new PlainLines((block, count) => terminal.takeText(block, count));
    this.feed = new PlainScreenFeed(
      () => terminal.screenLines(),
      (text, parsed) => terminal.emulate(text, parsed),
    );
  }

  /**
   * Takes the plain prefix of `data` from the bytes; returns null when all of it was plain, else
   * the rest, which the emulator parses once it has the plain text: the path is left for good.
   */
  take(data: Uint8Array | string): Uint8Array | string | null {
    const plain = this.lines;
    if (plain.pendingCr) {
      plain.pendingCr = false;
      data = typeof data === 'string' ? `\r${data}` : Buffer.concat([CR, data]);
    }
    const { end, pendingCr, lineEnds } = plainPrefix(data);
    const head = typeof data === 'string' ? data.slice(0, end) : Buffer.from(data.buffer, data.byteOffset, end).toString('latin1');
    if (head !== '') plain.add(lineEnds === 0 ? head : plainLfText(data, end), lineEnds, this.terminal.holdLines());
    const rest = typeof data === 'string' ? data.slice(end) : data.subarray(end);
    // A long unfinished line leaves the fast path: the emulator must still hold all of its rows.
    if ((pendingCr || rest.length === 0) && plain.partialLength <= this.terminal.partialMax()) {
      plain.pendingCr = pendingCr;
      this.feed.append(head);
      return null;
    }
    this.feed.append(head);
    this.leave(startsWithText(rest, this.sentinelStart));
    return rest;
  }

  /**
   * Hands the emulator the plain text that arrived since the last feed (its newest lines), then
   * `then` once parsed.
   */
  feedScreen(then: () => void): void {
    if (!this.feed.empty) this.feed.flush(then);
    else then();
  }

  /** Hands the emulator what waits, now. */
  flush(): void {
    this.feed.flush();
  }

  /** The complete lines kept back for the emulator to show. */
  get held(): string[] {
    return this.lines.held;
  }

  /** Takes the complete lines kept back (a background job logs lines as they finish); the unfinished one stays. */
  takeHeld(): string[] {
    return this.lines.takeHeld();
  }

  /** Lines seen and not taken yet (held ones and the unfinished one). */
  get pendingLines(): number {
    return this.lines.pendingLines;
  }

  /** No more plain input: the emulator gets the rest of the plain text, then takes the rows from there. */
  private leave(atSentinel: boolean): void {
    const plain = this.lines;
    if (atSentinel) {
      // The output ends here: nothing can change the screen any more, so the lines still on it are
      // what the bytes say (the emulator's reflow after a resize may not be), trailing blanks dropped.
      const last = plain.partial ? [...plain.held, plain.partial] : plain.held;
      while (last.length > 0 && last.at(-1) === '') last.pop();
      if (last.length > 0) this.terminal.takeText(last.join('\n'), last.length);
      this.feed.flush(() => this.terminal.parsedToEnd([], true));
      return;
    }
    this.feed.flush(() => this.terminal.parsedToEnd(plain.held, false));
  }
}
