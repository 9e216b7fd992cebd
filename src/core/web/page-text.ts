// What a fetched body is as text: HTML converted to markdown (html-to-markdown.ts, loaded only for
// HTML), plain text, markdown and JSON passed through, decoded by the charset the server or the page
// names. PDFs and images are "not supported yet"; other binary content is refused.
import { sniffBinary, SNIFF_BYTES } from '../files/binary.js';

export type PageText =
  | { ok: true; text: string; title?: string; format: 'markdown' | 'text'; extracted: 'article' | 'whole page' | 'as sent' }
  | { ok: false; message: string };

export async function pageText(body: Buffer, contentType: string, url: string): Promise<PageText> {
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  const shown = mime || 'no content type';
  if (mime === 'application/pdf' || mime.startsWith('image/') || mime.startsWith('audio/') || mime.startsWith('video/')) {
    return { ok: false, message: `${url} is ${shown} (${body.length} bytes): web_fetch does not read that yet, only web pages and text.` };
  }
  const html = mime === 'text/html' || mime === 'application/xhtml+xml' || (mime === '' && looksLikeHtml(body));
  if (html) {
    const text = decode(body, charsetOf(contentType) ?? metaCharset(body));
    const { htmlToMarkdown } = await import('./html-to-markdown.js');
    const page = await htmlToMarkdown(text, url);
    return { ok: true, text: page.markdown, ...(page.title ? { title: page.title } : {}), format: 'markdown', extracted: page.extracted };
  }
  const textual = mime.startsWith('text/') || /^application\/(.+\+)?(json|xml|javascript|x-yaml|yaml|toml|x-sh)$/.test(mime);
  const binary = sniffBinary(body.subarray(0, SNIFF_BYTES));
  if (!textual && (binary || mime.startsWith('application/') || mime.startsWith('font/'))) {
    return { ok: false, message: `${url} is binary content (${shown}${binary ? `, ${binary}` : ''}, ${body.length} bytes): web_fetch shows only text.` };
  }
  const format = mime === 'text/markdown' || mime === 'text/x-markdown' ? 'markdown' : 'text';
  return { ok: true, text: decode(body, charsetOf(contentType)), format, extracted: 'as sent' };
}

function looksLikeHtml(body: Buffer): boolean {
  return /^\s*(<!doctype html|<html|<head|<body)/i.test(body.subarray(0, 512).toString('latin1'));
}

function charsetOf(contentType: string): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
}

/** <meta charset="…"> or <meta http-equiv="Content-Type" content="…; charset=…"> near the top. */
function metaCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 4096).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
}

/**
 * Decoded with the named charset (WHATWG labels: latin1 means windows-1252, as browsers read it);
 * without one, UTF-8 when it is valid, else windows-1252.
 */
function decode(body: Buffer, charset: string | undefined): string {
  if (charset) {
    try {
      return new TextDecoder(charset).decode(body);
    } catch {
      // an unknown label: read it as if none were named
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}
