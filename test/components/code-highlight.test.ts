// The highlighter (every language of highlight.js) loads only when a code block in a named
// language is drawn: an answer without one never loads it; the block shows plain until it has
// loaded, then the screen is told to draw again and the block has its colours.
import { beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => vi.resetModules());

/** The modules as a new process has them: nothing loaded yet; a colour terminal (light: the palette's colours, not the highlighter's chalk) unless `noColor`. */
async function freshModules(noColor = false) {
  (await import('../../components/palette.js')).applyPaletteTheme('light', { noColor, level: 2 });
  const highlight = await import('../../components/code-highlight.js');
  const markdown = await import('../../components/markdown-lines.js');
  await markdown.loadMarkdown();
  return { ...highlight, ...markdown };
}

describe('the code highlighter', () => {
  it('is not loaded by an answer without a code block in a named language', async () => {
    const { markdownLines, highlighterRequested } = await freshModules();
    markdownLines('A **plain** answer with `code`:\n\n- a list\n\n```\nplain code\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |', 60);
    expect(highlighterRequested()).toBe(false);
  });

  it('loads when a block names a language; the block is plain until then and coloured after', async () => {
    const { markdownLines, highlighterRequested, onHighlighterLoaded, loadHighlighter } = await freshModules();
    const loaded = vi.fn();
    onHighlighterLoaded(loaded);
    const md = '```ts\nconst answer = "yes";\n```';
    const before = markdownLines(md, 60).join('\n');
    expect(highlighterRequested()).toBe(true);
    expect(before).toContain('const answer = "yes";');
    await loadHighlighter();
    expect(loaded).toHaveBeenCalledTimes(1);
    const after = markdownLines(md, 60).join('\n');
    expect(after).not.toEqual(before);
    // Coloured token by token: the keyword is no longer joined to the rest in one plain run.
    expect(after).not.toContain('const answer = "yes";');
  });

  it('is not loaded under NO_COLOR, where code stays plain anyway', async () => {
    const { markdownLines, highlighterRequested } = await freshModules(true);
    markdownLines('```ts\nconst a = 1;\n```', 60);
    expect(highlighterRequested()).toBe(false);
  });
});
