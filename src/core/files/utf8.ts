// Exact UTF-8 decoding for tools that write a file back: a file that is not valid UTF-8 from its
// first byte to its last is refused rather than decoded with replacement characters, which would
// silently rewrite every byte that did not decode.

export type StrictDecode = { ok: true; text: string } | { ok: false; offset: number; byte: number; line: number };

// fatal: throw instead of substituting U+FFFD. ignoreBOM: keep a leading byte-order mark in the
// text, so writing the text back writes the mark back.
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function decodeUtf8Strict(buf: Uint8Array): StrictDecode {
  try {
    return { ok: true, text: strict.decode(buf) };
  } catch {
    const offset = firstInvalidOffset(buf);
    let line = 1;
    for (let i = 0; i < offset; i++) if (buf[i] === 10) line++;
    return { ok: false, offset, byte: buf[offset] ?? 0, line };
  }
}

/** Byte offset where the first invalid UTF-8 sequence starts (buf.length if none is found). */
function firstInvalidOffset(buf: Uint8Array): number {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = buf[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
    if (cp < min || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return i;
    i += need + 1;
  }
  return buf.length;
}
