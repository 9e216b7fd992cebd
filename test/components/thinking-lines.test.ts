// Streaming thinking shows its newest rows: wrapping only the last lines of the text gives
// exactly the rows that wrapping all of it and keeping the newest gives.
import { describe, expect, it } from 'vitest';
import { thinkingItem } from '../helpers/transcript-items.js';
import { THINKING_ROWS, thinkingLines } from '../../components/thinking-lines.js';
import { paint, spinnerAt, wrapWithPrefix } from '../../components/text-layout.js';

/** The rows as drawn before: the whole text wrapped, then the newest kept. */
function drawnWhole(text: string, width: number): string[] {
  const body = wrapWithPrefix(text.trimEnd(), width, '  ').slice(-THINKING_ROWS);
  return [paint.accent(`${spinnerAt(0)} thinking…`), ...body.map((l) => paint.dim(paint.italic(l)))];
}

const TEXTS = [
  '',
  '   ',
  'one line',
  '\nstarts with a blank line',
  '\n\n\n',
  'a\nb\nc\nd\ne\nf\ng\nh',
  'a\n\n\n\n\n\n\n\nb',
  `${'a long line of thinking that wraps over several rows at narrow widths '.repeat(6)}`,
  `short\n${'then a long one that wraps '.repeat(12)}\nand\n\nmore\n`,
  '漢字のテキストと絵文字 😀 が混ざった行 '.repeat(8),
  'tabs\tin\tthe\ttext\n\tindented line\n    spaces too',
  `${'word '.repeat(400)}\n${'line\n'.repeat(3)}end   \n\n`,
];

describe('streaming thinking', () => {
  it('shows the newest rows exactly as wrapping the whole text does, at every width and every prefix', () => {
    for (const text of TEXTS) {
      for (const width of [8, 30, 80]) {
        for (let end = 0; end <= text.length; end += Math.max(1, Math.floor(text.length / 40))) {
          const prefix = text.slice(0, end);
          const item = thinkingItem({ kind: 'thinking', id: 'th', text: prefix, streaming: true, startedAt: 0 });
          expect({ prefix, width, rows: thinkingLines(item, width, 0, 0) }).toEqual({ prefix, width, rows: drawnWhole(prefix, width) });
        }
      }
    }
  });
});
