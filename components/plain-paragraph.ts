// A paragraph of plain prose, as the markdown lexer's tokens, without the lexer: a one-sentence
// answer is the common case, and lexing it cost the first turn marked's load and the first runs of
// its large rules (~60 ms of a cold short turn, ~120 ms of a cold live one, profiled). Only text no
// markdown rule could read differently is taken; anything else goes to marked.
import type { Token } from 'marked';

// Inline markup (emphasis, code, strike, links, images, HTML, entities, escapes, tables, headings,
// autolinks): any of these characters or sequences sends the text to the lexer.
const MARKUP = /[*_`~[\]!<>&\\|#@\t\r\f\v\u0000-\u0008\u000e-\u001f\u007f]|:\/\/|www\./i;
// Every line starts with a letter: no list, quote, fence, indented code, rule or setext underline.
const LINE_START = /^\p{L}/u;

/** The tokens marked's lexer gives `text` when it is one paragraph of plain prose; null otherwise. */
export function plainParagraph(text: string): Token[] | null {
  if (text === '' || MARKUP.test(text)) return null;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!LINE_START.test(line)) return null;
    // Two spaces before a line break are a hard break (a token of its own).
    if (i < lines.length - 1 && line.endsWith('  ')) return null;
  }
  return [{ type: 'paragraph', raw: text, text, tokens: [{ type: 'text', raw: text, text, escaped: false }] }] as Token[];
}
