// An HTML page where an API response was expected (a proxy's 502, a login page at a wrong base
// URL) becomes one line of text: its title or heading, never the markup itself.

export function looksLikeHtml(text: string): boolean {
  return /^\s*<(?:!doctype|html|head|body|title|h1|div|center|p)\b/i.test(text);
}

/** One line for an HTML error page: its title or heading, else its text without tags. */
export function htmlSummary(html: string): string {
  const pick = (re: RegExp) => re.exec(html)?.[1]?.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  const summary =
    pick(/<title[^>]*>([\s\S]*?)<\/title>/i) ||
    pick(/<h1[^>]*>([\s\S]*?)<\/h1>/i) ||
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const line = decodeEntities(summary).slice(0, 200);
  return `${line || 'an error page'} (the server sent an HTML page, not an API response)`;
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return named[name.toLowerCase()] ?? whole;
  });
}
