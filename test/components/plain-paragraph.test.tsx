// Plain prose is drawn without the markdown lexer: its tokens are the ones marked would give, for
// every text the shortcut takes (checked against marked on random text full of markup), and an
// app that streams and finishes a one-sentence answer never loads marked.
import React from 'react';
import { marked, type Token } from 'marked';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { plainParagraph } from '../../components/plain-paragraph.js';

/** marked's tokens without the `links` table it hangs on the list. */
const lexed = (text: string): Token[] => JSON.parse(JSON.stringify(marked.lexer(text))) as Token[];

describe('a plain paragraph', () => {
  it('is the tokens marked gives, for one sentence and for lines of prose', () => {
    for (const text of [
      'The answer is short: one sentence of twelve words ends here cold0.',
      'I will run the ticker now and watch it print forty lines. ',
      'Hello  world   ',
      'a "quoted" (paren) it’s 50% = ok; yes? — fine, ünïcode too',
      'Line one here.\nLine two here.',
      'Straße und Café.',
    ]) {
      expect(plainParagraph(text), text).not.toBeNull();
      expect(plainParagraph(text), text).toEqual(lexed(text));
    }
  });

  it('leaves to marked what markdown could read differently', () => {
    for (const text of ['**bold**', 'see https://example.com', 'www.example.com', 'mail a@b.co', '# Heading', '- item', '1. first', '> quote', '    code', 'a\n\nb', 'a  \nb', 'x | y', 'Done.\n', 'a &amp; b', 'Line\n===', '']) {
      expect(plainParagraph(text), JSON.stringify(text)).toBeNull();
    }
  });

  it('never differs from marked on random text made of prose and markup', () => {
    const alphabet = ['a', 'B', 'é', ' ', ' ', '  ', '\n', '\n\n', '.', ',', ':', '-', '=', '+', '1', '2.', ')', '(', '*', '_', '`', '~', '[', ']', '!', '<', '>', '&', '#', '|', '\\', '@', '/', 'www.', 'http://', '\t', '"', "'"];
    let seed = 41;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    let taken = 0;
    for (let i = 0; i < 20_000; i++) {
      const text = Array.from({ length: 1 + rand(12) }, () => alphabet[rand(alphabet.length)]).join('');
      const mine = plainParagraph(text);
      if (mine === null) continue;
      taken++;
      expect(mine, JSON.stringify(text)).toEqual(lexed(text));
    }
    // The check checked something: a good share of the texts were plain enough to take.
    expect(taken).toBeGreaterThan(500);
  });
});

describe('a one-sentence answer on screen', () => {
  beforeEach(() => vi.resetModules());

  it('streams and ends without loading marked; markdown in an answer loads it', async () => {
    const { renderApp, closeApp, waitFor } = await import('./app-harness.js');
    const { markdownRequested } = await import('../../components/markdown-lines.js');
    const { simpleTurn } = await import('../store/fake-agent.js');
    const { submit } = await import('../../src/keys/input-keys.js');
    const h = await renderApp({ script: (p) => simpleTurn(p, p === 'md' ? 'Some **bold** words.' : 'The answer is short: one plain sentence.') });
    try {
      h.store.setState({ input: { text: 'hi', cursor: 2 } });
      submit(h.store);
      await waitFor(() => h.r.lastFrame()!.includes('one plain sentence.') && h.store.getState().phase === 'idle');
      expect(markdownRequested()).toBe(false);
      h.store.setState({ input: { text: 'md', cursor: 2 } });
      submit(h.store);
      await waitFor(() => h.r.lastFrame()!.includes('bold words.') && h.store.getState().phase === 'idle');
      expect(markdownRequested()).toBe(true);
      // Drawn plain while marked loaded, then again as markdown.
      await waitFor(() => !h.r.lastFrame()!.includes('**bold**'));
    } finally {
      await closeApp(h);
    }
  });
});
