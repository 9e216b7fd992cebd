// A streaming answer keeps its finished blocks between deltas: the rows after every delta are
// exactly those of lexing and drawing the whole answer again, and the lexer sees each part of the
// answer a bounded number of times instead of once per delta.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Token } from 'marked';
import { lexMarkdown, loadMarkdown, markdownLines } from '../../components/markdown-lines.js';
import { streamingMarkdownLines } from '../../components/streaming-markdown.js';
import { wrapText } from '../../components/text-layout.js';

/** How the streaming answer was drawn before (the whole text on every delta), as the reference. */
function drawnWhole(text: string, width: number): string[] {
  const tokens = lexMarkdown(text);
  if (!tokens || tokens.length < 2) return wrapText(text, width);
  const last = tokens[tokens.length - 1]!;
  const cut = text.length - last.raw.length;
  const tail = text.slice(cut).replace(/^\n+/, '');
  return [...markdownLines(text.slice(0, cut), width), ...(tail ? ['', ...wrapText(tail, width)] : [])];
}

const ANSWERS: Record<string, string> = {
  mixed: [
    '# Plan',
    '',
    'First I **read** the file, then I `grep` for the callers and *check* each one.',
    '',
    '- one item',
    '- two items with `code`',
    '  - nested under two',
    '',
    'A paragraph after the list that wraps across several rows of the screen because it is long enough.',
    '',
    '```ts',
    'const x = 1;',
    '',
    'function f() { return x; }',
    '```',
    '',
    '| name | size |',
    '|------|-----:|',
    '| a.ts | 12 |',
    '| b.ts | 7 |',
    '',
    '> a quote that goes on',
    'lazily onto this line',
    '',
    '---',
    '',
    'Setext heading',
    '==============',
    '',
    '1. first',
    '2. second',
    '',
    'Done.',
  ].join('\n'),
  continuedList: '- a point\n\n  its second paragraph, indented under it\n\n- another point\n\nAnd the end of it all.\n\nReally.',
  indentedCode: 'Some text.\n\n    indented code\n\n    more of it\n\nAfter the code.\n\nEnd.',
  headingsInterrupting: 'para one\n# heading right under\npara two\n#not a heading\n\n## real\n\n#\n\nlast',
  tildeFence: '~~~\nraw ```\n\nstill code\n~~~\n\nafter ~~~\n\n```\nunclosed\n\nfence eats the rest',
  html: '<!-- a comment\n\nspanning a blank line -->\n\ntext after\n\n<div>\nblock\n</div>\n\nend',
  linkRefs: 'See [the docs][d] and [x].\n\nMore text here.\n\n[d]: https://example.com/docs\n\nAnd [d] again.\n\n[x]: https://x.test\n\nEnd.',
  tableThenText: '| a | b |\n|---|---|\n| 1 | 2 |\nnot a row?\n\nnext | para\n\nend',
  blankLines: '\n\nlead blank\n\n\n\nmany blanks\n\n \n\n  two-space paragraph\n\nend\n\n',
};

/** Every way of cutting the answer into deltas that the tests stream it in. */
const CUTS: Record<string, (text: string) => string[]> = {
  words: (t) => t.split(/(?<= )/),
  chars: (t) => [...t],
  sevens: (t) => t.match(/[\s\S]{1,7}/g) ?? [],
  lines: (t) => t.split(/(?<=\n)/),
};

let id = 0;

describe('a streaming answer', () => {
  beforeAll(async () => {
    await loadMarkdown();
  });

  for (const [name, answer] of Object.entries(ANSWERS)) {
    for (const [cut, pieces] of Object.entries(CUTS)) {
      it(`draws "${name}" streamed by ${cut} exactly as drawing it whole after every delta`, () => {
        for (const width of [38, 80]) {
          const me = `a${++id}`;
          let text = '';
          for (const [i, piece] of pieces(answer).entries()) {
            text += piece;
            expect({ delta: i, width, rows: streamingMarkdownLines(me, text, width) }).toEqual({ delta: i, width, rows: drawnWhole(text, width) });
          }
        }
      });
    }
  }

  it('lexes a long answer in proportion to its length, not to its length on every delta', () => {
    let lexed = 0;
    const counting = (src: string): Token[] | null => {
      lexed += src.length;
      return lexMarkdown(src);
    };
    const paragraph = 'The **store** keeps each `item` as it was, and the layout draws only what changed. ';
    let answer = '';
    for (let i = 0; i < 30; i++) answer += `${paragraph.repeat(2)}\n\n${i % 5 === 4 ? '```\ncode\n```\n\n' : ''}`;
    const me = `a${++id}`;
    let text = '';
    // Drawn whole, every delta lexes the answer so far (twice: whole, then its finished part).
    let whole = 0;
    for (const piece of answer.split(/(?<= )/)) {
      text += piece;
      whole += text.length;
      streamingMarkdownLines(me, text, 80, counting);
    }
    expect(answer.length).toBeGreaterThan(5000);
    // Here only the block still streaming is lexed again: about (words per block / 2) × the answer.
    expect(lexed).toBeLessThan(answer.length * 20);
    expect(lexed).toBeLessThan(whole / 10);
    // And the rows are still those of the whole answer.
    expect(streamingMarkdownLines(me, text, 80, counting)).toEqual(drawnWhole(text, 80));
  });

  it('starts again when the width changes or the text is not the one it kept', () => {
    const me = `a${++id}`;
    const text = 'First **block**.\n\nSecond block.\n\nthird, still streaming';
    expect(streamingMarkdownLines(me, text, 80)).toEqual(drawnWhole(text, 80));
    expect(streamingMarkdownLines(me, text, 30)).toEqual(drawnWhole(text, 30));
    const other = 'Another answer entirely.\n\nWith its own blocks.\n\nand a tail';
    expect(streamingMarkdownLines(me, other, 30)).toEqual(drawnWhole(other, 30));
  });
});
