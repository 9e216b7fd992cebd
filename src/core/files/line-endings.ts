// Line-ending style detection, so rewriting a CRLF file keeps it CRLF.

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
