// The command's rendered text kept for the model while it runs: the first lines and a rolling tail,
// each bounded in characters, so memory stays flat whatever the command prints. Everything in
// between is only counted (the full text goes to the log on disk). The tail is kept as blocks of
// text, not lines: a plain flood hands over a chunk's lines as one string (addLines), and lines
// are split out of the tail only when the result is rendered.
import { MAX_RESULT_CHARS, countLines, truncateHeadTail } from '../truncate.js';

/** Head and tail each keep a bit more than half the result budget so truncateHeadTail still cuts at lines. */
export const KEPT_HEAD_CHARS = Math.ceil(MAX_RESULT_CHARS * 0.6);
export const KEPT_TAIL_CHARS = Math.ceil(MAX_RESULT_CHARS * 0.6);
/** Upper bound of the truncation note's length without the caller's note. */
const NOTE_LINE_CHARS = 200;
/** The tail may hold this many characters over its budget before its oldest block is cut (a copy). */
const TAIL_SLACK_CHARS = 256;

export class KeptOutput {
  private readonly head: string[] = [];
  private headChars = 0;
  private headFull = false;
  /** Newest complete lines, oldest block first; each block is lines joined by '\n'. */
  private tail: string[] = [];
  private tailStart = 0;
  /** Characters of the tail's blocks, one line end counted per block. */
  private tailChars = 0;
  /** The logical line still being built from wrapped rows. */
  private current: string | null = null;
  private currentCut = 0;
  /** Lines longer than the budget, kept only in part. */
  private cutLines = 0;
  /** Logical lines seen so far (wrapped rows joined). */
  lineCount = 0;

  constructor(
    private readonly headBudget = KEPT_HEAD_CHARS,
    private readonly tailBudget = KEPT_TAIL_CHARS,
  ) {}

  /** A rendered row; `wrapped` rows continue the previous logical line. */
  addRow(text: string, wrapped: boolean): void {
    if (wrapped && this.current !== null) {
      const room = this.tailBudget - this.current.length;
      if (room >= text.length) this.current += text;
      else {
        if (room > 0) this.current += text.slice(0, room);
        this.currentCut += text.length - Math.max(room, 0);
      }
      return;
    }
    this.finishLine();
    this.current = text.length > this.tailBudget ? text.slice(0, this.tailBudget) : text;
    this.currentCut = text.length - this.current.length;
    this.lineCount++;
  }

  /**
   * `count` (≥ 1) complete lines at once, joined by '\n' (no line end after the last): as if each
   * were added with addRow, without making a string per line once the head is full.
   */
  addLines(text: string, count: number): void {
    this.finishLine();
    let start = 0;
    let left = count;
    while (!this.headFull && left > 0) {
      const end = left === 1 ? text.length : text.indexOf('\n', start);
      this.addRow(text.slice(start, end), false);
      this.finishLine();
      start = end + 1;
      left--;
    }
    if (left === 0) return;
    this.lineCount += left;
    const rest = start === 0 ? text : text.slice(start);
    // A block longer than the budget may hold a line that must be cut: split it where it is long.
    if (rest.length <= this.tailBudget) this.keepTail(rest);
    else this.keepLongBlock(rest);
  }

  private keepLongBlock(text: string): void {
    let s = 0;
    while (s < text.length) {
      if (text.length - s <= this.tailBudget) {
        this.keepTail(text.slice(s));
        return;
      }
      let e = text.lastIndexOf('\n', s + this.tailBudget);
      if (e < s) {
        // The line at s is longer than the budget: kept cut, as addRow cuts it.
        e = text.indexOf('\n', s);
        if (e < 0) e = text.length;
        this.addRow(text.slice(s, e), false);
        this.lineCount--; // counted by addLines already
        this.finishLine();
      } else this.keepTail(text.slice(s, e));
      s = e + 1;
    }
  }

  private finishLine(): void {
    if (this.current === null) return;
    if (this.currentCut > 0) this.cutLines++;
    const line = this.currentCut > 0 ? `${this.current} … [line cut: ${this.currentCut} more characters]` : this.current;
    this.current = null;
    this.currentCut = 0;
    if (!this.headFull && this.headChars + line.length + 1 <= this.headBudget) {
      this.head.push(line);
      this.headChars += line.length + 1;
      return;
    }
    this.headFull = true;
    this.keepTail(line);
  }

  /** Appends a block of complete lines to the tail and drops the oldest lines it no longer needs. */
  private keepTail(block: string): void {
    this.tail.push(block);
    this.tailChars += block.length + 1;
    // Whole blocks first, then the oldest lines of the first block: the tail keeps the fewest
    // newest lines that still fill the budget.
    while (this.tail.length - this.tailStart > 1 && this.tailChars - (this.tail[this.tailStart]!.length + 1) >= this.tailBudget) {
      this.tailChars -= this.tail[this.tailStart]!.length + 1;
      this.tail[this.tailStart++] = ''; // a block can be large: let it go now
    }
    const excess = this.tailChars - this.tailBudget;
    if (excess > TAIL_SLACK_CHARS && this.tail.length - this.tailStart > 1) {
      const first = this.tail[this.tailStart]!;
      const cut = first.lastIndexOf('\n', excess - 1);
      if (cut >= 0) {
        this.tail[this.tailStart] = first.slice(cut + 1);
        this.tailChars -= cut + 1;
      }
    }
    // Compact now and then rather than shifting on every drop.
    if (this.tailStart > 1024 && this.tailStart * 2 > this.tail.length) {
      this.tail = this.tail.slice(this.tailStart);
      this.tailStart = 0;
    }
  }

  /** Characters held in memory (for the memory-bound test and the bench). */
  retainedChars(): number {
    return this.headChars + this.tailChars + (this.current?.length ?? 0);
  }

  /**
   * The text for the model, trailing blank lines trimmed and bounded by truncateHeadTail, with the
   * total line count stated whenever anything was left out. `note` names where the rest is. The
   * text, note included, is at most `maxChars` long: the caller adds its status lines and the
   * shared truncation must find nothing to cut, or it would cut out our note (count and log path).
   */
  render(note: string, maxChars = MAX_RESULT_CHARS): { text: string; totalLines: number; truncated: boolean } {
    // Room for the note line: its fixed words, four numbers, and the caller's note.
    const budget = Math.max(0, maxChars - NOTE_LINE_CHARS - note.length);
    this.finishLine();
    const blocks = this.tail.slice(this.tailStart);
    const kept = blocks.length > 0 ? blocks.join('\n').split('\n') : [];
    // The fewest newest lines that fill the budget (a block's older lines may not be needed).
    let chars = blocks.reduce((n, b) => n + b.length + 1, 0);
    let from = 0;
    while (kept.length - from > 1 && chars - (kept[from]!.length + 1) >= this.tailBudget) chars -= kept[from++]!.length + 1;
    const tailLines = kept.length - from;
    const droppedLines = this.lineCount - this.head.length - tailLines;
    const tail = kept.slice(from);
    while (tail.length > 0 && tail[tail.length - 1]!.trim() === '') tail.pop();
    const head = this.head.slice();
    if (tail.length === 0) while (head.length > 0 && head[head.length - 1]!.trim() === '') head.pop();
    // Trailing blank lines do not count as output.
    const totalLines = this.lineCount - (this.head.length - head.length) - (tailLines - tail.length);
    if (droppedLines === 0) {
      const all = [...head, ...tail].join('\n');
      // A cut line's marker cannot name the log; say where the whole line is (the truncation
      // note below does so too).
      const cutNote =
        this.cutLines > 0 && note ? `\n... [${this.cutLines} long line${this.cutLines === 1 ? '' : 's'} cut; ${note}]` : '';
      if (all.length + cutNote.length <= maxChars) {
        return { text: all + cutNote, totalLines: countLines(all), truncated: cutNote !== '' };
      }
      return { text: truncateHeadTail(all, budget, note), totalLines: countLines(all), truncated: true };
    }
    // Lines were dropped from the middle while the command ran: the counts truncateHeadTail would
    // compute from what is left are wrong, so state the real ones in the same form.
    const half = Math.floor(budget / 2);
    const headText = takeLinesWithin(head, half, 'start');
    const tailText = takeLinesWithin(tail, half, 'end');
    const omitted = totalLines - headText.lines - tailText.lines;
    const text =
      `${headText.text}\n... [output truncated: ${totalLines} lines in total; ${omitted} lines omitted from the middle` +
      `${note ? `; ${note}` : ''}] ...\n${tailText.text}`;
    return { text, totalLines, truncated: true };
  }
}

function takeLinesWithin(lines: string[], budget: number, from: 'start' | 'end'): { text: string; lines: number } {
  const kept: string[] = [];
  let chars = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[from === 'start' ? i : lines.length - 1 - i]!;
    if (chars + line.length + 1 > budget && kept.length > 0) break;
    kept.push(line.length > budget ? line.slice(0, budget) : line);
    chars += line.length + 1;
  }
  if (from === 'end') kept.reverse();
  return { text: kept.join('\n'), lines: kept.length };
}
