// Code blocks in a named language, coloured by cli-highlight. It registers every language of
// highlight.js as it loads (~70 ms of CPU), which an answer without such a block never needs: it
// loads when the first such block is drawn, which shows plain until then and is drawn again after.
import { paint } from './text-layout.js';
import type { PaletteTheme } from './palette.js';

interface Highlighter {
  highlight: (code: string, opts: { language?: string; ignoreIllegals?: boolean; theme?: Record<string, (s: string) => string> }) => string;
  supportsLanguage: (name: string) => boolean;
  /** Every token kind the highlighter paints by default (its own colours suit a dark background). */
  kinds: string[];
}

let highlighter: Highlighter | null = null;
let loading: Promise<void> | null = null;
const whenLoaded = new Set<() => void>();

/** Loads the highlighter once; resolves when it is ready, after the callbacks of onHighlighterLoaded. */
export function loadHighlighter(): Promise<void> {
  loading ??= import('cli-highlight').then((hlModule) => {
    // cli-highlight is CommonJS: its functions are named exports under Node, but only on
    // `default` once bundled.
    const hl = (typeof hlModule.highlight === 'function' ? hlModule : hlModule.default) as typeof hlModule;
    highlighter = { highlight: hl.highlight, supportsLanguage: hl.supportsLanguage, kinds: Object.keys(hl.DEFAULT_THEME) };
    for (const done of whenLoaded) done();
  });
  return loading;
}

/** Whether a code block has asked for the highlighter (or a caller loaded it). */
export function highlighterRequested(): boolean {
  return loading !== null;
}

/** `done` runs once the highlighter has loaded (the screen draws again, blocks coloured now). */
export function onHighlighterLoaded(done: () => void): () => void {
  whenLoaded.add(done);
  return () => whenLoaded.delete(done);
}

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
  if (!highlighter) {
    void loadHighlighter();
    return null;
  }
  if (!highlighter.supportsLanguage(lang)) return null;
  try {
    // The highlighter's own colours suit a dark background; on a light one the palette's roles do.
    const colours = theme === 'light' ? lightCodeTheme(highlighter.kinds) : undefined;
    return highlighter.highlight(code, { language: lang, ignoreIllegals: true, ...(colours ? { theme: colours } : {}) });
  } catch {
    // A highlighter failure must never hide the code: it shows plain.
    return null;
  }
}
