// The markdown lexer loads on first use, or when the app is idle after its first frame: then
// samples of every common kind of block go through the lexer, so the first streamed answer does
// not pay for compiling marked's rules; loading alone lexes nothing, and the samples stop as soon
// as a turn runs (they would only compete with it).
import { Lexer, type Token } from 'marked';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const lex = Lexer.prototype.lex;
let lexed: Token[][] = [];
beforeEach(() => {
  vi.resetModules();
  lexed = [];
  Lexer.prototype.lex = function (this: Lexer, src: string) {
    const tokens = lex.call(this, src);
    lexed.push(tokens);
    return tokens;
  };
});
afterEach(() => {
  Lexer.prototype.lex = lex;
});

describe('warming markdown up', () => {
  it('lexes a sample of every common kind of block, one per turn of the event loop', async () => {
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

  it('stops as soon as a turn runs', async () => {
    const { loadMarkdown, warmMarkdown } = await import('../../components/markdown-lines.js');
    await loadMarkdown();
    let turnRuns = false;
    const warming = warmMarkdown(80, () => !turnRuns);
    await new Promise((r) => setTimeout(r, 0));
    turnRuns = true;
    await warming;
    expect(lexed.length).toBeLessThan(2);
  });
});

describe('markdown drawn before the lexer has loaded', () => {
  it('shows plain, starts the load, and the listeners hear when it is ready', async () => {
    const { markdownLines, onMarkdownLoaded } = await import('../../components/markdown-lines.js');
    const loaded = new Promise<void>((resolve) => onMarkdownLoaded(resolve));
    expect(markdownLines('**bold** words', 40)).toEqual(['**bold** words']);
    await loaded;
    expect(markdownLines('**bold** words', 40)).toEqual(['bold words']);
  });
});
