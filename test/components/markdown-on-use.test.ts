// The markdown lexer loads on first use: markdown drawn before it has loaded shows plain, starts
// the load, and whoever listens is told when it is in (the screen draws it again).
import { beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => vi.resetModules());

describe('markdown drawn before the lexer has loaded', () => {
  it('shows plain, starts the load, and the listeners hear when it is ready', async () => {
    const { markdownLines, onMarkdownLoaded } = await import('../../components/markdown-lines.js');
    const loaded = new Promise<void>((resolve) => onMarkdownLoaded(resolve));
    expect(markdownLines('**bold** words', 40)).toEqual(['**bold** words']);
    await loaded;
    expect(markdownLines('**bold** words', 40)).toEqual(['bold words']);
  });
});
