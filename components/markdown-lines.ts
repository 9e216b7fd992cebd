// Markdown → coloured screen rows. `marked` (lexer only) loads when the first markdown is drawn, so
// it costs nothing at start-up nor in an idle app; until then text shows plain (its first lexing runs
// its large rules for the first time: ~20-30 ms, once, in the first answer with markdown). Code in a
// named language is coloured by code-highlight.ts, loaded on first use too.
import type { Token, Tokens } from 'marked';
import { paint, stringWidth, wrapText, wrapWithPrefix } from './text-layout.js';
import { activePalette } from './palette.js';
import { layoutTable } from './markdown-table.js';
import { highlightCode } from './code-highlight.js';
import { lazyLibrary } from './lazy-library.js';
import { plainParagraph } from './plain-paragraph.js';
import { loadedOnUse } from '../src/store/loaded-on-use.js';

// (Bundled: the trace names it as it loads, as it does the modules of store/loaded-on-use.ts.)
const markedLib = lazyLibrary(() => import('marked').then((m) => (loadedOnUse('marked'), m)));

/** Starts loading the markdown lexer once; resolves when it is ready. */
export const loadMarkdown = (): Promise<void> => markedLib.load();
/** `done` runs once the lexer has loaded (the screen draws the plain text again as markdown). */
export const onMarkdownLoaded = (done: () => void): (() => void) => markedLib.onLoaded(done);
/** Whether anything has asked for the lexer yet. */
export const markdownRequested = (): boolean => markedLib.requested();

/**
 * The tokens of `text`, or null while the lexer loads (the first call starts loading it). Plain
 * prose needs no lexer: a one-sentence answer never loads it.
 */
export function lexMarkdown(text: string): Token[] | null {
  return plainParagraph(text) ?? markedLib.use()?.lexer(text) ?? null;
}

/** Renders markdown to rows of at most `width` columns (plain wrapped text until loaded). */
export function markdownLines(text: string, width: number): string[] {
  const tokens = lexMarkdown(text);
  if (!tokens) return wrapText(text, width);
  try {
    return blockLines(tokens, width);
  } catch {
    // Odd markdown must never take the screen down: show the text as it came.
    return wrapText(text, width);
  }
}

/**
 * Rows of lexed blocks, a blank row between blocks (`gap`; not inside a tight list item, where a
 * nested list belongs right under its parent's text). Blocks are drawn one by one, so the rows of
 * two runs of blocks are the rows of both with a blank row between (streaming-markdown.ts).
 */
export function blockLines(tokens: Token[], width: number, gap = true): string[] {
  const out: string[] = [];
  for (const t of tokens) {
    const lines = tokenLines(t, width);
    if (lines.length === 0) continue;
    if (out.length > 0 && gap) out.push('');
    out.push(...lines);
  }
  return out;
}

function tokenLines(t: Token, width: number): string[] {
  switch (t.type) {
    case 'space':
    case 'html':
    case 'def':
      return [];
    case 'heading': {
      const h = t as Tokens.Heading;
      return wrapText(paint.heading(inline(h.tokens)), width);
    }
    case 'paragraph':
      return wrapText(inline((t as Tokens.Paragraph).tokens), width);
    case 'text': {
      const tt = t as Tokens.Text;
      return wrapText(tt.tokens ? inline(tt.tokens) : tt.text, width);
    }
    case 'code':
      return codeLines(t as Tokens.Code, width);
    case 'blockquote': {
      const inner = blockLines((t as Tokens.Blockquote).tokens, width - 2);
      return inner.map((l) => paint.dim('│ ') + paint.italic(l));
    }
    case 'list':
      return listLines(t as Tokens.List, width);
    case 'hr':
      return [paint.dim('─'.repeat(Math.max(1, Math.min(width, 40))))];
    case 'table':
      return tableLines(t as Tokens.Table, width);
    default:
      return 'text' in t && typeof t.text === 'string' ? wrapText(t.text, width) : [];
  }
}

function listLines(list: Tokens.List, width: number): string[] {
  const out: string[] = [];
  let n = typeof list.start === 'number' ? list.start : 1;
  for (const item of list.items) {
    const bullet = list.ordered ? `${n++}. ` : '• ';
    const mark = item.task ? (item.checked ? '[x] ' : '[ ] ') : '';
    const indent = ' '.repeat(stringWidth(bullet));
    const body = blockLines(item.tokens.filter((x) => x.type !== 'checkbox'), width - indent.length, list.loose);
    body.forEach((l, i) => out.push((i === 0 ? paint.accent(bullet) + mark : indent) + l));
  }
  return out;
}

function codeLines(code: Tokens.Code, width: number): string[] {
  const lang = (code.lang ?? '').split(/\s/)[0] ?? '';
  const palette = activePalette();
  // The highlighter has its own colours: under NO_COLOR the code stays plain.
  const body = (lang && palette.colour ? highlightCode(code.text, lang, palette.theme) : null) ?? paint.code(code.text);
  // No language label: a bare "ts" row reads as part of the text, and the colours already say code.
  return body.split('\n').flatMap((l) => wrapWithPrefix(l, width, '  '));
}

function tableLines(table: Tokens.Table, width: number): string[] {
  const cells = (row: Tokens.TableCell[]) => row.map((c) => inline(c.tokens));
  return layoutTable(cells(table.header), table.rows.map(cells), table.align, width);
}

function inline(tokens: Token[] | undefined): string {
  if (!tokens) return '';
  return tokens
    .map((t): string => {
      switch (t.type) {
        case 'strong': return paint.bold(inline((t as Tokens.Strong).tokens));
        case 'em': return paint.italic(inline((t as Tokens.Em).tokens));
        case 'codespan': return paint.code((t as Tokens.Codespan).text);
        case 'del': return paint.dim(inline((t as Tokens.Del).tokens));
        case 'link': {
          const l = t as Tokens.Link;
          const text = inline(l.tokens);
          return text === l.href ? paint.link(l.href) : `${paint.link(text)} ${paint.dim(`(${l.href})`)}`;
        }
        case 'br': return '\n';
        case 'escape': return (t as Tokens.Escape).text;
        case 'text': {
          const tt = t as Tokens.Text;
          return tt.tokens ? inline(tt.tokens) : unescapeHtml(tt.text);
        }
        default: return 'text' in t && typeof t.text === 'string' ? unescapeHtml(t.text) : t.raw;
      }
    })
    .join('');
}

function unescapeHtml(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) =>
    ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? _,
  );
}
