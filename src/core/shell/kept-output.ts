// The command's rendered text kept for the model while it runs: the first lines and a rolling tail,
// each bounded in characters, so memory stays flat whatever the command prints. Everything in
// between is only counted (the full text goes to the log on disk).
import { MAX_RESULT_CHARS, countLines, truncateHeadTail } from '../truncate.js';

/** Head and tail each keep a bit more than half the result budget so truncateHeadTail still cuts at lines. */
export const KEPT_HEAD_CHARS = Math.ceil(MAX_RESULT_CHARS * 0.6);
export const KEPT_TAIL_CHARS = Math.ceil(MAX_RESULT_CHARS * 0.6);
/** Upper bound of the truncation note's length without the caller's note. */
const NOTE_LINE_CHARS = 200;

export class KeptOutput {
  private readonly head: string[] = [];
  private headChars = 0;
  private headFull = false;
  private tail: string[] = [];
  private tailStart = 0;
  private tailChars = 0;
  /** The logical line still being built from wrapped rows. */
  private current: string | null = null;
  private currentCut = 0;
  private droppedLines = 0;
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
    this.tail.push(line);
    this.tailChars += line.length + 1;
    while (this.tail.length - this.tailStart > 1 && this.tailChars - (this.tail[this.tailStart]!.length + 1) >= this.tailBudget) {
      this.tailChars -= this.tail[this.tailStart]!.length + 1;
      this.tailStart++;
      this.droppedLines++;
    }
    // Compact now and then rather than shifting on every drop.
    if (this.tailStart > 4096 && this.tailStart * 2 > this.tail.length) {
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
    const tail = this.tail.slice(this.tailStart);
    while (tail.length > 0 && tail[tail.length - 1]!.trim() === '') tail.pop();
    const head = this.head.slice();
    if (tail.length === 0) while (head.length > 0 && head[head.length - 1]!.trim() === '') head.pop();
    // Trailing blank lines do not count as output.
    const totalLines = this.lineCount - (this.head.length - head.length) - (this.tail.length - this.tailStart - tail.length);
    if (this.droppedLines === 0) {
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
