// The fast path of a command's output while it is plain text: printable ASCII lines ended by CR LF,
// as `seq`, `find`, a build log without colours print them. Such text renders on a terminal as
// itself, so its lines go to the log and the kept head/tail straight from the bytes, and the
// emulator is fed only the lines that can still be on screen (or in the pane's history rows): a
// flood costs a scan and a split instead of emulating every row that scrolls off unseen. The first
// byte that is not plain (an escape, a tab, a lone CR or LF, UTF-8) ends the fast path for good.

/**
 * Where the plain prefix of `data` from `from` ends, whether it ends on a CR whose LF may follow,
 * and how many line ends (CR LF) it holds.
 */
export function plainPrefix(data: Uint8Array | string, from = 0): { end: number; pendingCr: boolean; lineEnds: number } {
  const len = data.length;
  const isString = typeof data === 'string';
  let i = from;
  let lineEnds = 0;
  while (i < len) {
    const c = isString ? data.charCodeAt(i) : data[i]!;
    if (c >= 0x20 && c <= 0x7e) {
      i++;
      continue;
    }
    if (c !== 13) return { end: i, pendingCr: false, lineEnds };
    if (i + 1 === len) return { end: i, pendingCr: true, lineEnds };
    const next = isString ? data.charCodeAt(i + 1) : data[i + 1]!;
    if (next !== 10) return { end: i, pendingCr: false, lineEnds };
    i += 2;
    lineEnds++;
  }
  return { end: i, pendingCr: false, lineEnds };
}

let scratch = Buffer.allocUnsafe(0);

/**
 * The plain text `data` holds before `end` (a plainPrefix end) with every CR LF as LF, as the log
 * and the kept text hold lines: one pass over the bytes, no string per line.
 */
export function plainLfText(data: Uint8Array | string, end: number): string {
  if (typeof data === 'string') return data.slice(0, end).replace(/\r\n/g, '\n');
  if (scratch.length < end) scratch = Buffer.allocUnsafe(Math.max(end, 64 * 1024));
  const out = scratch;
  let o = 0;
  for (let i = 0; i < end; i++) {
    const c = data[i]!;
    if (c !== 13) out[o++] = c;
  }
  return out.toString('latin1', 0, o);
}

/** Whether `data` begins with the ASCII text `prefix`. */
export function startsWithText(data: Uint8Array | string, prefix: string): boolean {
  if (typeof data === 'string') return data.startsWith(prefix);
  if (data.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (data[i] !== prefix.charCodeAt(i)) return false;
  return true;
}

/**
 * The text still to be fed to the emulator, handed over only when something reads the screen: the
 * frame's snapshot (snapshot-tick.ts), the end of the plain text, a drain. It has no clock of its own.
 * Only its last `keepLines` lines matter for what the screen and its history rows show, so older
 * lines are dropped as more arrive (memory stays bounded however long nobody reads). When some were
 * dropped, the text handed out starts on a fresh row (CR LF) so the emulator's unfinished row is
 * closed, as the dropped lines would have closed it.
 */
export class PlainScreenFeed {
  private text = '';
  private skipped = false;
  /** Characters at which appending trims (so memory stays bounded between writes). */
  private static readonly TRIM_AT = 64 * 1024;

  constructor(
    private readonly keepLines: () => number,
    private readonly write: (text: string, parsed: () => void) => void,
  ) {}

  get empty(): boolean {
    return this.text === '' && !this.skipped;
  }

  /** More plain text, for the emulator's next feed. */
  append(text: string): void {
    this.text += text;
    if (this.text.length >= PlainScreenFeed.TRIM_AT) this.trim();
  }

  /** Writes what is waiting now; `parsed` runs once the emulator has parsed it. */
  flush(parsed: () => void = () => {}): void {
    this.write(this.take(), parsed);
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
 * The input side: complete lines go to `take` once they have certainly left the screen, as one
 * block per chunk (lines joined by LF, no line end after the last); the last `hold` complete
 * lines and the unfinished one are still the emulator's to show, and to take (or lose, if the
 * program clears them) when the output stops being plain. No string is made per line.
 */
export class PlainLines {
  /** Text after the last line taken: `restLines` complete lines (LF ended), then the unfinished one. */
  private rest = '';
  private restLines = 0;
  /** Where the unfinished line starts in `rest`. */
  private partialStart = 0;
  /** The chunk ended on a CR: its LF may start the next chunk. */
  pendingCr = false;

  constructor(private readonly take: (block: string, lines: number) => void) {}

  /** Plain text with its CR LF pairs as LF (plainLfText), holding `lineEnds` of them. */
  add(text: string, lineEnds: number, hold: number): void {
    if (lineEnds === 0) {
      this.rest += text;
      return;
    }
    const all = this.rest + text;
    const lines = this.restLines + lineEnds;
    this.partialStart = all.lastIndexOf('\n') + 1;
    if (lines <= hold) {
      this.rest = all;
      this.restLines = lines;
      return;
    }
    // The line end before the last `hold` complete lines.
    let at = this.partialStart - 1;
    for (let n = hold; n > 0; n--) at = all.lastIndexOf('\n', at - 1);
    this.take(all.slice(0, at), lines - hold);
    this.rest = all.slice(at + 1);
    this.partialStart -= at + 1;
    this.restLines = hold;
  }

  /** The complete lines not taken yet. */
  get held(): string[] {
    return this.restLines === 0 ? [] : this.rest.slice(0, this.partialStart - 1).split('\n');
  }

  /** Takes the complete lines held back (a background job logs lines as they finish); the unfinished one stays. */
  takeHeld(): string[] {
    const held = this.held;
    if (this.restLines > 0) {
      this.rest = this.rest.slice(this.partialStart);
      this.partialStart = 0;
      this.restLines = 0;
    }
    return held;
  }

  /** The unfinished line after the last line end. */
  get partial(): string {
    return this.restLines === 0 ? this.rest : this.rest.slice(this.partialStart);
  }

  get partialLength(): number {
    return this.rest.length - (this.restLines === 0 ? 0 : this.partialStart);
  }

  /** Lines seen and not taken yet (held ones and the unfinished one). */
  get pendingLines(): number {
    return this.restLines + (this.partialLength > 0 ? 1 : 0);
  }
}
