// Binary-file detection from the first bytes of a file: NUL bytes or invalid UTF-8, plus a type from magic bytes.

export const SNIFF_BYTES = 8192;
/** The type sniffBinary gives text that is not valid UTF-8 (a legacy encoding, or truly binary). */
export const NOT_UTF8 = 'binary data (not valid UTF-8)';

const MAGIC: { type: string; bytes: number[] }[] = [
  { type: 'PNG image', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'JPEG image', bytes: [0xff, 0xd8, 0xff] },
  { type: 'GIF image', bytes: [0x47, 0x49, 0x46, 0x38] },
  { type: 'PDF document', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'ZIP archive', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { type: 'ZIP archive', bytes: [0x50, 0x4b, 0x05, 0x06] },
  { type: 'gzip archive', bytes: [0x1f, 0x8b] },
  { type: 'ELF executable', bytes: [0x7f, 0x45, 0x4c, 0x46] },
];

/** The detected type when `head` (the first bytes of a file) looks binary, else null for text. */
export function sniffBinary(head: Buffer): string | null {
  const magic = MAGIC.find((m) => m.bytes.length <= head.length && m.bytes.every((b, i) => head[i] === b));
  // A PDF can be mostly ASCII, but it is still not something to page through as text.
  if (magic) return magic.type;
  if (head.includes(0)) return 'binary data';
  try {
    // stream: true tolerates a multi-byte character cut by the end of the sniffed window.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return NOT_UTF8;
  }
  return null;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB (${n} bytes)`;
  return `${(n / (1024 * 1024)).toFixed(1)} MiB (${n} bytes)`;
}
