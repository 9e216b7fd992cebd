// The markdown libraries warm up as they load (after the first frame): one sample is lexed then,
// so the first streamed answer does not pay for compiling marked's rules.
import { Lexer } from 'marked';
import { afterEach, describe, expect, it } from 'vitest';

const lex = Lexer.prototype.lex;
afterEach(() => {
  Lexer.prototype.lex = lex;
});

describe('loading markdown', () => {
  it('lexes the warm-up sample once, before any answer is shown', async () => {
    const lexed: string[] = [];
    Lexer.prototype.lex = function (this: Lexer, src: string) {
      lexed.push(src);
      return lex.call(this, src);
    };
    const { loadMarkdown, markdownLines, WARM_UP_MARKDOWN } = await import('../../components/markdown-lines.js');
    await Promise.all([loadMarkdown(), loadMarkdown()]);
    expect(lexed).toEqual([WARM_UP_MARKDOWN]);
    // What it lexes is markdown of every common kind.
    expect(new Lexer().lex(WARM_UP_MARKDOWN).map((t) => t.type).filter((t) => t !== 'space')).toEqual(['heading', 'paragraph', 'list', 'list', 'blockquote', 'code', 'table', 'heading', 'html']);
    expect(markdownLines('**bold** answer', 40)).toHaveLength(1);
  });
});
