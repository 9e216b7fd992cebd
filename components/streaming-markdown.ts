// The rows of an answer while it streams, without redoing its finished blocks on every delta.
// Drawn whole, each delta would lex the whole answer twice and wrap every block again (wrapping
// painted text is the expensive part: ~17 ms for 500 words, ~100 ms for 3,000, per delta;
// bench/pane-update.ts). Here the blocks that no later text can change are drawn once and kept,
// and only the text after them is lexed again: the rows are the same as drawing it whole.
//
// Which blocks no later text can change: those before a blank line that ends a paragraph, a
// heading, a rule, a table or a closed code fence. Text after a blank line starts a new block
// there, whatever it turns out to be. Not after a list, a quote, indented code or HTML, which an
// indented or later line can still continue; and nothing at all once the answer defines a link
// reference, which can change a link in any block above it.
import type { Token } from 'marked';
import { activePalette, type Palette } from './palette.js';
import { wrapText } from './text-layout.js';
import { blockLines, lexMarkdown } from './markdown-lines.js';

export type Lexer = (src: string) => Token[] | null;

/** An answer's finished blocks as last drawn. */
interface Finished {
  width: number;
  palette: Palette;
  /** The answer's text up to the end of its finished blocks (a blank line). */
  text: string;
  lines: string[];
  /** The answer defines a link reference: it is drawn whole on every delta. */
  whole: boolean;
}

// One per answer still streaming (an interrupted one's is dropped when another comes).
const finished = new Map<string, Finished>();
const KEPT = 4;

/** Blocks whose end a blank line makes final. */
const CLOSED = new Set(['paragraph', 'heading', 'hr', 'table', 'code']);

const isFence = (t: Token) => t.type === 'code' && /^ {0,3}(```|~~~)/.test(t.raw);

function join(a: readonly string[], b: readonly string[]): string[] {
  if (a.length === 0) return b.slice();
  if (b.length === 0) return a.slice();
  return [...a, '', ...b];
}

/** Done blocks drawn as markdown, the block still streaming (the last) plain below them. */
function rowsOf(doneLines: string[], tokens: Token[], source: string, width: number): string[] {
  const last = tokens[tokens.length - 1]!;
  const done = join(doneLines, blockLines(tokens.slice(0, -1), width));
  const tail = source.slice(source.length - last.raw.length).replace(/^\n+/, '');
  return tail ? [...done, '', ...wrapText(tail, width)] : done;
}

/** The whole answer lexed and drawn at once: what every delta did before finished blocks were kept. */
export function wholeStreamingLines(text: string, width: number, lex: Lexer = lexMarkdown): string[] {
  const tokens = lex(text);
  if (!tokens || tokens.length < 2) return wrapText(text, width);
  const last = tokens[tokens.length - 1]!;
  const cut = text.length - last.raw.length;
  const doneText = text.slice(0, cut);
  const tail = text.slice(cut).replace(/^\n+/, '');
  let done: string[];
  const doneTokens = lex(doneText);
  try {
    done = doneTokens ? blockLines(doneTokens, width) : wrapText(doneText, width);
  } catch {
    done = wrapText(doneText, width);
  }
  return tail ? [...done, '', ...wrapText(tail, width)] : done;
}

function hasLinkDefinitions(tokens: Token[]): boolean {
  const links = (tokens as Token[] & { links?: Record<string, unknown> }).links;
  return (links !== undefined && Object.keys(links).length > 0) || tokens.some((t) => t.type === 'def');
}

/** Where the blocks of `tokens` that no later text can change end: a count of tokens (0: none). */
function finalCount(tokens: Token[]): number {
  // Never the last token: it is still streaming.
  for (let k = tokens.length - 2; k >= 1; k--) {
    if (tokens[k]!.type !== 'space') continue;
    const before = tokens[k - 1]!;
    if (CLOSED.has(before.type) && (before.type !== 'code' || isFence(before))) return k + 1;
  }
  return 0;
}

/**
 * The rows of answer `id` streaming `text` at `width`: its finished blocks as markdown (kept from
 * the last delta), the block still streaming plain. `lex` is the markdown lexer (tests count it).
 */
export function streamingMarkdownLines(id: string, text: string, width: number, lex: Lexer = lexMarkdown): string[] {
  const palette = activePalette();
  let f = finished.get(id);
  if (!f || f.width !== width || f.palette !== palette || !text.startsWith(f.text)) f = { width, palette, text: '', lines: [], whole: false };
  if (f.whole) return wholeStreamingLines(text, width, lex);
  const rest = text.slice(f.text.length);
  const tokens = lex(rest);
  // Until the markdown libraries have loaded, the answer streams in plain.
  if (!tokens) return wrapText(text, width);
  if (hasLinkDefinitions(tokens)) {
    keep(id, { ...f, text: '', lines: [], whole: true });
    return wholeStreamingLines(text, width, lex);
  }
  // Nothing finished yet: the whole answer is the block still streaming.
  if (f.text === '' && tokens.length < 2) return wrapText(text, width);
  if (tokens.length === 0 || tokens.reduce((n, t) => n + t.raw.length, 0) !== rest.length) return wholeStreamingLines(text, width, lex);
  try {
    const n = finalCount(tokens);
    let streaming = rest;
    if (n > 0) {
      const at = tokens.slice(0, n).reduce((len, t) => len + t.raw.length, 0);
      f = { ...f, text: f.text + rest.slice(0, at), lines: join(f.lines, blockLines(tokens.slice(0, n), width)) };
      streaming = rest.slice(at);
    }
    keep(id, f);
    return rowsOf(f.lines, tokens.slice(n), streaming, width);
  } catch {
    // Odd markdown must never take the screen down: drawn whole, as before.
    finished.delete(id);
    return wholeStreamingLines(text, width, lex);
  }
}

function keep(id: string, f: Finished): void {
  finished.delete(id);
  finished.set(id, f);
  while (finished.size > KEPT) finished.delete(finished.keys().next().value!);
}

/** The answer is done streaming: its kept blocks go (it is drawn whole once, and cached as an item). */
export function forgetStreaming(id: string): void {
  finished.delete(id);
}
