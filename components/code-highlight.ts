// Code blocks in a named language, coloured by cli-highlight. It registers every language of
// highlight.js as it loads (~70 ms of CPU), which an answer without such a block never needs: it
// loads when the first such block is drawn, which shows plain until then and is drawn again after.
import { paint } from './text-layout.js';
import type { PaletteTheme } from './palette.js';

import { lazyLibrary } from './lazy-library.js';

interface Highlighter {
  highlight: (code: string, opts: { language?: string; ignoreIllegals?: boolean; theme?: Record<string, (s: string) => string> }) => string;
  supportsLanguage: (name: string) => boolean;
  /** Every token kind the highlighter paints by default (its own colours suit a dark background). */
  kinds: string[];
}

const highlighter = lazyLibrary<Highlighter>(async () => {
  const hlModule = await import('cli-highlight');
  // cli-highlight is CommonJS: its functions are named exports under Node, but only on `default` once bundled.
  const hl = (typeof hlModule.highlight === 'function' ? hlModule : hlModule.default) as typeof hlModule;
  return { highlight: hl.highlight, supportsLanguage: hl.supportsLanguage, kinds: Object.keys(hl.DEFAULT_THEME) };
});

/** Loads the highlighter once; resolves when it is ready, after the callbacks of onHighlighterLoaded. */
export const loadHighlighter = (): Promise<void> => highlighter.load();
/** Whether a code block has asked for the highlighter (or a caller loaded it). */
export const highlighterRequested = (): boolean => highlighter.requested();
/** `done` runs once the highlighter has loaded (the screen draws again, blocks coloured now). */
export const onHighlighterLoaded = (done: () => void): (() => void) => highlighter.onLoaded(done);

/**
 * Token kinds of the highlighter, painted by palette role. Every kind it knows is named: a kind
 * left out falls back to its default colours (plain yellow function names on white).
 */
function lightCodeTheme(kinds: string[]): Record<string, (s: string) => string> {
  const plain = (s: string) => s;
  return {
    ...Object.fromEntries(kinds.map((kind) => [kind, plain])),
    keyword: paint.accent, built_in: paint.heading, type: paint.heading, literal: paint.accent, number: paint.code,
    string: paint.ok, regexp: paint.removed, comment: paint.dim, doctag: paint.dim, title: paint.bold, meta: paint.dim,
    attr: paint.warn, attribute: paint.warn, tag: paint.accent, name: paint.accent, addition: paint.added, deletion: paint.removed,
  };
}

/**
 * `code` coloured as `lang` for a `theme` background; null where it is not (yet): the highlighter is
 * loading (this starts it), does not know the language, or failed on this code.
 */
export function highlightCode(code: string, lang: string, theme: PaletteTheme): string | null {
  const hl = highlighter.use();
  if (!hl?.supportsLanguage(lang)) return null;
  try {
    // The highlighter's own colours suit a dark background; on a light one the palette's roles do.
    const colours = theme === 'light' ? lightCodeTheme(hl.kinds) : undefined;
    return hl.highlight(code, { language: lang, ignoreIllegals: true, ...(colours ? { theme: colours } : {}) });
  } catch {
    // A highlighter failure must never hide the code: it shows plain.
    return null;
  }
}
