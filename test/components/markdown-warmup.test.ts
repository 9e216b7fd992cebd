// The markdown libraries warm up after they load (after the first frame): samples of every common
// kind of block go through the lexer then, so the first streamed answer does not pay for compiling
// marked's rules; loading alone lexes nothing.
import { Lexer, type Token } from 'marked';
import { afterEach, describe, expect, it } from 'vitest';

const lex = Lexer.prototype.lex;
afterEach(() => {
  Lexer.prototype.lex = lex;
});

describe('warming markdown up', () => {
  it('lexes a sample of every common kind of block, one per turn of the event loop', async () => {
    const lexed: Token[][] = [];
    Lexer.prototype.lex = function (this: Lexer, src: string) {
      const tokens = lex.call(this, src);
      lexed.push(tokens);
      return tokens;
    };
    const { loadMarkdown, warmMarkdown } = await import('../../components/markdown-lines.js');
    await loadMarkdown();
    expect(lexed).toEqual([]);
    const warming = warmMarkdown();
    // Each sample waits for its own turn: none is lexed in the same one as the call.
    expect(lexed).toEqual([]);
    await warming;
    const kinds = new Set(lexed.flat().map((t) => t.type));
    for (const kind of ['paragraph', 'heading', 'list', 'blockquote', 'hr', 'code', 'table']) expect(kinds).toContain(kind);
    expect(lexed.length).toBeGreaterThanOrEqual(6);
  });
});
