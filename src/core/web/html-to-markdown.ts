// A web page's main content as markdown: @mozilla/readability finds the article in a linkedom
// document, turndown writes it out (tables as pipe tables, code as fenced blocks). A page
// readability rejects is converted whole. The three packages load on the first call, never before.
import type { Readability as ReadabilityClass } from '@mozilla/readability';
import type TurndownService from 'turndown';

export interface PageMarkdown {
  markdown: string;
  title?: string;
  /** 'article': readability found the main content; 'whole page': it did not, so the body was converted. */
  extracted: 'article' | 'whole page';
}

interface Parts {
  parseHTML: (html: string) => { document: Document };
  Readability: typeof ReadabilityClass;
  turndown: TurndownService;
}

let parts: Promise<Parts> | undefined;

function loadParts(): Promise<Parts> {
  parts ??= Promise.all([import('linkedom'), import('@mozilla/readability'), import('turndown')]).then(([linkedom, readability, td]) => ({
    parseHTML: linkedom.parseHTML as unknown as Parts['parseHTML'],
    Readability: readability.Readability,
    turndown: markdownWriter(td.default),
  }));
  return parts;
}

/** Text shorter than this is not an article: the page's main content is elsewhere (or it has none). */
const ARTICLE_MIN_CHARS = 140;
/** Never content, and costly to walk on a big page. */
const NOISE = 'script, style, noscript, template, iframe, object, embed, svg, canvas, link, meta';
/**
 * Markup (scripts and styles gone) above this is not given to readability, whose passes over a
 * document this big take seconds and hundreds of MB: its <article> or <main> (else its body) without
 * navigation, header, footer and asides is converted instead.
 */
export const READABILITY_MAX_CHARS = 1_500_000;
const CHROME = 'nav, header, footer, aside, form, [role=navigation], [role=banner], [role=contentinfo]';

export async function htmlToMarkdown(html: string, url: string): Promise<PageMarkdown> {
  const { parseHTML, Readability, turndown } = await loadParts();
  const markup = withoutScripts(html);
  const { document } = parseHTML(withBase(markup, url));
  for (const el of [...document.querySelectorAll(NOISE)]) el.remove();
  const title = document.title?.trim() || undefined;
  if (markup.length > READABILITY_MAX_CHARS) {
    const main = document.querySelector('article') ?? document.querySelector('main') ?? document.body ?? document.documentElement;
    for (const el of [...main.querySelectorAll(CHROME)]) el.remove();
    return { markdown: tidy(turndown.turndown(main as HTMLElement)), ...titled(title), extracted: main.nodeName === 'ARTICLE' || main.nodeName === 'MAIN' ? 'article' : 'whole page' };
  }
  const article = readArticle(Readability, document);
  if (article && (article.textContent ?? '').trim().length >= ARTICLE_MIN_CHARS) {
    const markdown = turndown.turndown(article.content as HTMLElement);
    return { markdown: tidy(markdown), ...titled(article.title?.trim() || title), extracted: 'article' };
  }
  // Readability changed the document as it looked: the whole body comes from a fresh parse.
  const fresh = parseHTML(withBase(markup, url)).document;
  for (const el of [...fresh.querySelectorAll(NOISE)]) el.remove();
  const body = fresh.body ?? fresh.documentElement;
  return { markdown: tidy(turndown.turndown(body as HTMLElement)), ...titled(title), extracted: 'whole page' };
}

interface Article {
  content: unknown;
  title?: string | null;
  textContent?: string | null;
}

function readArticle(Readability: Parts['Readability'], document: Document): Article | null {
  try {
    return new Readability(document, { serializer: (el: Node) => el, keepClasses: true }).parse() as Article | null;
  } catch {
    return null; // a page readability cannot walk is converted whole
  }
}

/**
 * Scripts, styles and comments cut out of the text before parsing: on a modern page they are most of
 * the bytes (inline bundles and data) and never content. An HTML script ends at the first </script>.
 */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>|<style\b[^>]*>[\s\S]*?<\/style\s*>|<!--[\s\S]*?-->/gi, '');
}

function titled(title: string | undefined): { title?: string } {
  return title ? { title } : {};
}

/** Links and images relative to the page become absolute (readability reads the base). */
function withBase(html: string, url: string): string {
  if (/<base\s[^>]*href=/i.test(html.slice(0, 4096))) return html;
  const base = `<base href="${url.replace(/"/g, '%22')}">`;
  const head = /<head[^>]*>/i.exec(html.slice(0, 4096));
  return head ? html.slice(0, head.index + head[0].length) + base + html.slice(head.index + head[0].length) : base + html;
}

function tidy(markdown: string): string {
  return markdown.replace(/\n{3,}/g, '\n\n').trim();
}

function markdownWriter(Turndown: typeof TurndownService): TurndownService {
  const t = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  t.remove(['button', 'form', 'input', 'select', 'textarea']);
  t.addRule('table', { filter: 'table', replacement: (_content, node) => `\n\n${pipeTable(node as HTMLTableElement)}\n\n` });
  t.addRule('bare-pre', {
    filter: (node) => node.nodeName === 'PRE' && node.firstChild?.nodeName !== 'CODE',
    replacement: (_content, node) => `\n\n\`\`\`\n${(node.textContent ?? '').replace(/\n$/, '')}\n\`\`\`\n\n`,
  });
  return t;
}

/** A table as a markdown pipe table: the first row is the header; cells are their text, one line each. */
function pipeTable(table: HTMLTableElement): string {
  const rows = [...table.querySelectorAll('tr')].filter((tr) => tr.closest('table') === table);
  const cells = rows.map((tr) => [...tr.children].filter((c) => c.nodeName === 'TD' || c.nodeName === 'TH').map(cellText));
  const width = Math.max(0, ...cells.map((r) => r.length));
  if (width === 0) return '';
  const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => r[i] ?? '').join(' | ')} |`;
  const [head, ...rest] = cells;
  return [line(head!), line(new Array<string>(width).fill('---')), ...rest.map(line)].join('\n');
}

function cellText(cell: Element): string {
  return (cell.textContent ?? '').replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}
