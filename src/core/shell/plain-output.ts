// The fast path of a command's output while it is plain text: printable ASCII lines ended by CR LF,
// as `seq`, `find`, a build log without colours print them. Such text renders on a terminal as
// itself, so its lines go to the log and the kept head/tail straight from the bytes, and the
// emulator is fed only the lines that can still be on screen (or in the pane's history rows): a
// flood costs a scan and a split instead of emulating every row that scrolls off unseen. The first
// byte that is not plain (an escape, a tab, a lone CR or LF, UTF-8) ends the fast path for good.

/** Where the plain prefix of `data` from `from` ends, and whether it ends on a CR whose LF may follow. */
export function plainPrefix(data: Uint8Array | string, from = 0): { end: number; pendingCr: boolean } {
  const len = data.length;
  const isString = typeof data === 'string';
  let i = from;
  while (i < len) {
    const c = isString ? data.charCodeAt(i) : data[i]!;
    if (c >= 0x20 && c <= 0x7e) {
      i++;
      continue;
    }
    if (c !== 13) return { end: i, pendingCr: false };
    if (i + 1 === len) return { end: i, pendingCr: true };
    const next = isString ? data.charCodeAt(i + 1) : data[i + 1]!;
    if (next !== 10) return { end: i, pendingCr: false };
    i += 2;
  }
  return { end: i, pendingCr: false };
}

/** Whether `data` begins with the ASCII text `prefix`. */
export function startsWithText(data: Uint8Array | string, prefix: string): boolean {
  if (typeof data === 'string') return data.startsWith(prefix);
  if (data.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (data[i] !== prefix.charCodeAt(i)) return false;
  return true;
}

/** The complete lines of plain text, as the emulator's rows hold them (spaces written are kept). */
export function completeLines(text: string): string[] {
  return text.split('\r\n');
}

/** While plain text floods, the emulator gets the newest lines at most this often (the first at once). */
export const PLAIN_FEED_INTERVAL_MS = 20;

/**
 * The text still to be fed to the emulator, handed over one write at a time and at most every
 * PLAIN_FEED_INTERVAL_MS while text floods. Only its last `keepLines` lines matter for what the
 * screen and its history rows show, so older lines are dropped as more arrive. When some were
 * dropped, the text handed out starts on a fresh row (CR LF) so the emulator's unfinished row is
 * closed, as the dropped lines would have closed it.
 */
export class PlainScreenFeed {
  private text = '';
  private skipped = false;
  /** Callbacks for text not parsed yet; called once the write that holds it is parsed. */
  private waiting: (() => void)[] = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private lastWrite = Number.NEGATIVE_INFINITY;
  /** After the last flush(then): the emulator takes every byte from here on. */
  private closed = false;
  /** Characters at which appending trims (so memory stays bounded between writes). */
  private static readonly TRIM_AT = 64 * 1024;

  constructor(
    private readonly keepLines: () => number,
    private readonly write: (text: string, parsed: () => void) => void,
  ) {}

  get empty(): boolean {
    return this.text === '';
  }

  /** More plain text; `parsed` is called once the emulator has it (or has skipped it). */
  append(text: string, parsed?: () => void): void {
    this.text += text;
    if (this.text.length >= PlainScreenFeed.TRIM_AT) this.trim();
    if (!parsed) return;
    this.waiting.push(parsed);
    this.schedule();
  }

  /** Writes what is waiting now; with `then`, the last write: `then` runs once it is parsed. */
  flush(then?: () => void): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (then) this.closed = true;
    this.lastWrite = performance.now();
    const text = this.take();
    const done = this.waiting;
    this.waiting = [];
    this.inFlight++;
    this.write(text, () => {
      this.inFlight--;
      then?.();
      for (const cb of done) cb();
      if (!this.empty || this.waiting.length > 0) this.schedule();
    });
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.closed = true;
  }

  private schedule(): void {
    if (this.closed || this.timer || this.inFlight > 0) return;
    const wait = this.lastWrite + PLAIN_FEED_INTERVAL_MS - performance.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  /** What to write to the emulator now (empties the feed). */
  take(): string {
    this.trim();
    const out = this.skipped ? `\r\n${this.text}` : this.text;
    this.text = '';
    this.skipped = false;
    return out;
  }

  private trim(): void {
    let at = this.text.length;
    // The unfinished line after the last line end, and keepLines whole lines before it.
    for (let n = this.keepLines() + 1; n > 0; n--) {
      at = this.text.lastIndexOf('\n', at - 1);
      if (at <= 0) return;
    }
    this.text = this.text.slice(at + 1);
    this.skipped = true;
  }
}

/**
 * The input side: complete lines go to `take` once they have certainly left the screen; the last
 * `hold` complete lines and the unfinished one are still the emulator's to show, and to take
 * (or lose, if the program clears them) when the output stops being plain.
 */
export class PlainLines {
  /** The unfinished line after the last line end. */
  partial = '';
  /** The chunk ended on a CR: its LF may start the next chunk. */
  pendingCr = false;
  held: string[] = [];

  constructor(private readonly take: (lines: string[]) => void) {}

  add(text: string, hold: number): void {
    const lastEnd = text.lastIndexOf('\r\n');
    if (lastEnd < 0) {
      this.partial += text;
      return;
    }
    const lines = completeLines(this.partial + text.slice(0, lastEnd));
    this.partial = text.slice(lastEnd + 2);
    const held = this.held.length > 0 ? this.held.concat(lines) : lines;
    if (held.length <= hold) {
      this.held = held;
      return;
    }
    this.held = held.slice(held.length - hold);
    held.length -= hold;
    this.take(held);
  }

  /** Lines seen and not taken yet (held ones and the unfinished one). */
  get pendingLines(): number {
    return this.held.length + (this.partial !== '' ? 1 : 0);
  }
}
