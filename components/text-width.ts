// Terminal columns of a string, as string-width counts them, without its cost on the rows a frame
// measures most: string-width segments any string that is not pure ASCII into graphemes and runs
// several Unicode-property regexes per cluster, so one box-drawn pane border (120 × '─') cost
// ~0.5 ms and a header with a spinner glyph ~0.2 ms (bench/frames/frame-time.tsx --profile live).
// Here a string whose every character is "simple" — one column wide and its own grapheme
// cluster, whatever stands next to it — is as wide as it is long, after skipping its SGR colour
// sequences; anything else (wide or combining characters, other escapes, controls) is left to
// string-width, so the answer is the same for every input (test/components/text-width.test.ts).
import { eastAsianWidth } from 'get-east-asian-width';
import sw from 'string-width';

// Blocks whose letters, digits, punctuation, symbols and spaces never join a neighbour into one
// grapheme cluster (no Hangul jamo, Indic, Thai or Arabic, no combining marks once the category
// test below has run): Latin, Greek, Cyrillic, punctuation, arrows, maths, box drawing, shapes,
// dingbats, braille (the spinner).
const SIMPLE_BLOCKS: readonly (readonly [number, number])[] = [
  [0x00a0, 0x02ff],
  [0x0370, 0x052f],
  [0x1e00, 0x1fff],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x2070, 0x2bff],
];
const LAST = 0x2bff;
const VISIBLE = /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}]$/u;

// The screen's own marks (drawn-rows.ts placeholders, text-layout.ts SPINNER_CELL): private-use
// characters, one column to string-width and a cluster of their own. Every running card's header
// holds a spinner cell, which sent the whole header the long way.
const MARK_FIRST = 0xe000;
const MARK_LAST = 0xe002;

// Per UTF-16 code unit: 0 not yet known, 1 simple, 2 not.
const kind = new Uint8Array(LAST + 1);
for (let c = 0x20; c <= 0x7e; c++) kind[c] = 1;

// One such character alone is as wide as its East Asian Width says (string-width's own rule for a
// visible cluster of one code point; the test compares every one): asked directly, not through
// string-width, whose first non-ASCII call builds its emoji tables (~25 ms before a first frame).
function classify(c: number): number {
  const ch = String.fromCharCode(c);
  const simple = SIMPLE_BLOCKS.some(([a, b]) => c >= a && c <= b) && VISIBLE.test(ch) && eastAsianWidth(c) === 1;
  kind[c] = simple ? 1 : 2;
  return kind[c]!;
}

/** Whether a code unit is one column wide and never part of a larger grapheme cluster. */
export function isSimpleColumn(c: number): boolean {
  if (c > LAST) return c >= MARK_FIRST && c <= MARK_LAST;
  return (kind[c] || classify(c)) === 1;
}

/** Columns `text` takes on a terminal: string-width's answer, counted directly when that is safe. */
export function stringWidth(text: string): number {
  let width = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x1b) {
      // An SGR sequence (ESC [ params m) is invisible; any other escape goes the long way.
      if (text.charCodeAt(i + 1) !== 0x5b) return sw(text);
      let j = i + 2;
      let p = text.charCodeAt(j);
      while (p >= 0x30 && p <= 0x3f) p = text.charCodeAt(++j);
      if (p !== 0x6d) return sw(text);
      i = j;
      continue;
    }
    if (c > LAST ? c < MARK_FIRST || c > MARK_LAST : (kind[c] || classify(c)) !== 1) return sw(text);
    width++;
  }
  return width;
}

/**
 * string-width's signature (the bundles give it to Ink, widest-line and cli-truncate in place of
 * string-width, scripts/bundle-plugins.ts): none of them passes options.
 */
export default stringWidth;
