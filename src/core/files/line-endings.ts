// Line-ending style and byte-order-mark detection, so rewriting a CRLF file keeps it CRLF and a file
// that starts with a UTF-8 BOM keeps it.

export type Eol = '\n' | '\r\n';

/** The file's dominant line ending; LF when there are no line breaks. */
export function detectEol(text: string): Eol {
  let crlf = 0;
  let lf = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++;
    else lf++;
  }
  return crlf > lf ? '\r\n' : '\n';
}

/** Rewrites every line break in `text` as `eol`. */
export function withEol(text: string, eol: Eol): string {
  return eol === '\r\n' ? text.replace(/\r?\n/g, '\r\n') : text.replace(/\r\n/g, '\n');
}

/** U+FEFF: as the first character of a UTF-8 file, its byte-order mark (EF BB BF). */
export const BOM = '\uFEFF';

export function startsWithUtf8Bom(head: Buffer): boolean {
  return head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
}
