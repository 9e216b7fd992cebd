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

/**
 * The text still to be fed to the emulator: only its last `keepLines` lines matter for what the
 * screen and its history rows show, so older lines are dropped as more arrive. When some were
 * dropped, the text handed out starts on a fresh row (CR LF) so the emulator's unfinished row is
 * closed, as the dropped lines would have closed it.
 */
export class PlainScreenFeed {
  private text = '';
  private skipped = false;
  /** Characters at which appending trims (so memory stays bounded between feeds). */
  private static readonly TRIM_AT = 64 * 1024;

  constructor(private keepLines: () => number) {}

  get empty(): boolean {
    return this.text === '';
  }

  append(text: string): void {
    this.text += text;
    if (this.text.length >= PlainScreenFeed.TRIM_AT) this.trim();
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
