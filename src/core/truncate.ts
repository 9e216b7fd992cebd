// The one head+tail truncation step every tool result passes through (read_file pages instead).

export const MAX_RESULT_CHARS = 50_000;

/**
 * Keeps the head and the tail of `text` when it is longer than `max` characters, cutting at line
 * boundaries where it can, with one line in the middle saying what was left out.
 */
export function truncateHeadTail(text: string, max = MAX_RESULT_CHARS, extraNote = ''): string {
  if (text.length <= max) return text;
  const half = Math.floor(max / 2);
  let head = text.slice(0, half);
  let tail = text.slice(text.length - half);
  const headCut = head.lastIndexOf('\n');
  if (headCut > half / 2) head = head.slice(0, headCut + 1);
  const tailCut = tail.indexOf('\n');
  if (tailCut !== -1 && tailCut < half / 2) tail = tail.slice(tailCut + 1);
  const omitted = text.slice(head.length, text.length - tail.length);
  const omittedLines = countLines(omitted);
  const note =
    `\n... [output truncated: ${text.length} characters, ${countLines(text)} lines in total; ` +
    `${omitted.length} characters (${omittedLines} lines) omitted from the middle${extraNote ? `; ${extraNote}` : ''}] ...\n`;
  return head + note + tail;
}

export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n - 1 : n;
}
