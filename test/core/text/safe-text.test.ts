import { describe, expect, it } from 'vitest';
import {
  appendSafe,
  controlPicture,
  isSafeText,
  safeJson,
  toSafeDeep,
  toSafeStyledText,
  toSafeText,
} from '../../../src/core/text/safe-text.js';
import { HOSTILE, SPLIT_DELTAS, unsafeSequences } from '../../helpers/hostile-text.js';

describe('toSafeText', () => {
  it('leaves ordinary text, tabs, newlines and non-Latin scripts as they are', () => {
    const text = 'fn main() {\n\tprintln!("héllo 世界 🎉");\n}';
    expect(toSafeText(text)).toBe(text);
  });

  it.each(Object.entries(HOSTILE))('makes %s visible and harmless', (_name, raw) => {
    const safe = toSafeText(raw);
    expect(isSafeText(safe)).toBe(true);
    expect(safe).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
    expect(unsafeSequences(safe)).toEqual([]);
    // Nothing is dropped: the text after the sequence is still there, and so is a mark of it.
    expect(safe.length).toBeGreaterThanOrEqual(raw.length - 1);
  });

  it('shows the sequence itself, so a person can see the text held one', () => {
    expect(toSafeText(HOSTILE.osc52Bel!)).toBe('clip␛]52;c;SGVsbG8=␇after-osc52');
    expect(toSafeText(HOSTILE.osc2St!)).toBe('title␛]2;pwned␛\\after-osc2');
    expect(toSafeText(HOSTILE.c1Osc!)).toBe('c1␛]52;c;SGVsbG8=␇after-c1osc');
    expect(toSafeText('a\x00b\x7fc')).toBe('a␀b␡c');
    expect(toSafeText(HOSTILE.bidi!)).toBe('invoice⟨RLO⟩fdp.exe');
  });

  it("shows the private-use characters the screen marks its own places with, so text cannot pose as a row block or a spinner", () => {
    expect(toSafeText('a\uE000b\uE001c\uE002d\uE003')).toBe('a⟨U+E000⟩b⟨U+E001⟩c⟨U+E002⟩d\uE003');
    expect(toSafeStyledText('\x1b[32m\uE002\x1b[0m')).toBe('\x1b[32m⟨U+E002⟩\x1b[0m');
  });

  it('keeps both sides of a \\r that would overwrite, and reads \\r\\n as a line end', () => {
    expect(toSafeText(HOSTILE.overwrite!)).toBe('rm -rf ~/important ␍# nothing to see');
    expect(toSafeText('one\r\ntwo\r\n')).toBe('one\ntwo\n');
  });

  it('gives the same text for a sequence split across two deltas as for the whole', () => {
    const [a, b] = SPLIT_DELTAS;
    expect(appendSafe(toSafeText(a), toSafeText(b))).toBe(toSafeText(a + b));
    expect(appendSafe(toSafeText('line\r'), toSafeText('\nnext'))).toBe('line\nnext');
  });

  it('pictures every C0, C1 and DEL character distinctly', () => {
    const seen = new Set<string>();
    for (let c = 0; c <= 0x9f; c++) {
      if (c >= 0x20 && c < 0x7f) continue;
      if (c === 0x09 || c === 0x0a) continue;
      const p = controlPicture(String.fromCharCode(c));
      expect(isSafeText(p)).toBe(true);
      seen.add(p);
    }
    expect(seen.size).toBe(32 - 2 + 1 + 32);
  });
});

describe('toSafeStyledText', () => {
  it('keeps SGR colours and shows every other sequence', () => {
    const row = '\x1b[0;31mred\x1b[0m \x1b]52;c;SGVsbG8=\x07 \x1b[2J \u009d0;x\u0007';
    expect(toSafeStyledText(row)).toBe('\x1b[0;31mred\x1b[0m ␛]52;c;SGVsbG8=␇ ␛[2J ␛]0;x␇');
    expect(isSafeText(toSafeStyledText(row))).toBe(true);
    expect(isSafeText(row)).toBe(false);
  });
});

describe('toSafeDeep and safeJson', () => {
  it('makes every string and key of a tool input safe, keeping numbers and structure', () => {
    const input = { path: 'evil\x1b]0;t\x07.txt', 'k\u009d': [1, true, null, 'x\u202e'], nested: { command: 'ls\r' } };
    const safe = toSafeDeep(input);
    expect(safe).toEqual({ path: 'evil␛]0;t␇.txt', 'k␛]': [1, true, null, 'x⟨RLO⟩'], nested: { command: 'ls␍' } });
    expect(isSafeText(safeJson(safe))).toBe(true);
    // JSON.stringify alone escapes C0 but lets C1 and bidi through.
    expect(isSafeText(JSON.stringify({ a: '\u009d' }))).toBe(false);
  });
});
