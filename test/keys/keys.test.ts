import { describe, expect, it } from 'vitest';
import { createKeyDecoder, type DecodedInput } from '../../src/keys/key-decoder.js';
import { keyPressOf } from '../../src/keys/key-names.js';
import { actionFor, KEYMAP, keyLabel, keyTableMarkdown } from '../../src/keys/keymap.js';
import { chipLabel, expandChips, wantsChip } from '../../src/keys/paste.js';
import { completeSlash, findCommand } from '../../src/store/command-table.js';


describe('key names', () => {
  it('names the keys the input binds, from the raw sequences terminals send', () => {
    expect(keyPressOf('\r').name).toBe('enter');
    expect(keyPressOf('\x1b[13;2u').name).toBe('shift+enter'); // kitty
    expect(keyPressOf('\x1b[27;2;13~').name).toBe('shift+enter'); // modifyOtherKeys
    expect(keyPressOf('\x1b[27;5;13~').name).toBe('ctrl+enter');
    expect(keyPressOf('\x1b\r').name).toBe('alt+enter');
    expect(keyPressOf('\n').name).toBe('ctrl+j');
    expect(keyPressOf('\x1b').name).toBe('esc');
    expect(keyPressOf('\x1b[27u').name).toBe('esc'); // kitty
    expect(keyPressOf('\x1b[3~').name).toBe('backspace');
    expect(keyPressOf('\x7f').name).toBe('backspace');
    expect(keyPressOf('\x1b[1;2A').name).toBe('shift+up');
    expect(keyPressOf('\x1b[1;3D').name).toBe('alt+left');
    expect(keyPressOf('\x1b\x1b[D').name).toBe('alt+left');
    expect(keyPressOf('\x1bOA').name).toBe('up');
    expect(keyPressOf('\x1bb').name).toBe('alt+b');
    expect(keyPressOf('\x1b[98;3u').name).toBe('alt+b'); // kitty
    expect(keyPressOf('\x15').name).toBe('ctrl+u');
    expect(keyPressOf('\x1b[117;5u').name).toBe('ctrl+u'); // kitty
    expect(keyPressOf('\x1b[5~').name).toBe('pageup');
    expect(keyPressOf('\x1b[H').name).toBe('home');
    expect(keyPressOf('\x1b[4~').name).toBe('end');
    expect(keyPressOf('\x1b[Z').name).toBe('shift+tab');
    expect(keyPressOf('\x1b[<64;10;5M')).toEqual({ name: 'wheelup', text: '' });
    expect(keyPressOf('\x1b[<0;1;1m')).toEqual({ name: 'mouse', text: '' });
    expect(keyPressOf('\x1b[I')).toEqual({ name: 'unknown:[I', text: '' });
    expect(keyPressOf('hello')).toEqual({ name: null, text: 'hello' });
    expect(keyPressOf('?')).toEqual({ name: '?', text: '?' });
    expect(keyPressOf('G')).toEqual({ name: 'G', text: 'G' });
  });
});

describe('the key decoder', () => {
  /** Feeds the chunks; the lone-ESC flush runs only when the test calls it. */
  function decode(...chunks: string[]): { events: DecodedInput[]; flush(): void } {
    const events: DecodedInput[] = [];
    let pending: (() => void) | null = null;
    const d = createKeyDecoder((e) => events.push(e), (fn) => {
      pending = fn;
      return () => (pending = null);
    });
    for (const c of chunks) d.feed(c);
    return { events, flush: () => pending?.() };
  }
  const keys = (events: DecodedInput[]) => events.map((e) => (e.kind === 'key' ? e.raw : `<${e.kind}>`));

  it('splits a read into text runs and sequences, keeping typed-ahead text together', () => {
    expect(keys(decode('ls -la\r\x1b[A\x1b[1;2Bxy\x1bb').events)).toEqual(['ls -la\r', '\x1b[A', '\x1b[1;2B', 'xy', '\x1bb']);
  });

  it('waits for the rest of a sequence cut between reads, and lets a lone Esc go on the next turn', () => {
    const cut = decode('a\x1b[1;', '5C');
    expect(keys(cut.events)).toEqual(['a', '\x1b[1;5C']);
    const esc = decode('\x1b');
    expect(esc.events).toEqual([]);
    esc.flush();
    expect(keys(esc.events)).toEqual(['\x1b']);
  });

  it('puts a bracketed paste back together across reads, line breaks as \\n', () => {
    const { events } = decode('x\x1b[200~one\r\ntwo\x1b', '[A\rthree\x1b[20', '1~y');
    expect(events).toEqual([
      { kind: 'key', raw: 'x' },
      { kind: 'paste', text: 'one\ntwo[A\nthree' },
      { kind: 'key', raw: 'y' },
    ]);
  });

  it('takes terminal replies out of the keys: cursor position, OSC 11 (BEL or ST), device attributes, kitty flags', () => {
    const { events } = decode('a\x1b[12;40R\x1b]11;rgb:ffff/ffff/ffff\x07b\x1b]11;rgb:0000/0000/0000\x1b', '\\\x1b[?64;1c\x1b[?1uc');
    expect(keys(events)).toEqual(['a', '<reply>', '<reply>', 'b', '<reply>', '<reply>', '<reply>', 'c']);
    expect(events.filter((e) => e.kind === 'reply').map((e) => (e as { raw: string }).raw)[2]).toBe('\x1b]11;rgb:0000/0000/0000\x1b\\');
  });
});

describe('key map', () => {
  it('maps keys to one action per context', () => {
    expect(actionFor('input', 'enter')).toBe('submit');
    expect(actionFor('input', 'shift+enter')).toBe('newline');
    expect(actionFor('input', 'ctrl+j')).toBe('newline');
    expect(actionFor('transcript', 'pageup')).toBe('pageUp');
    expect(actionFor('input', 'x')).toBeUndefined();
    for (const bindings of Object.values(KEYMAP)) {
      const keys = bindings.flatMap((b) => b.keys);
      expect(new Set(keys).size).toBe(keys.length);
    }
    // The input and the transcript are active together, so they must not share a key.
    const inputKeys = new Set<string>(KEYMAP.input.flatMap((b) => b.keys));
    expect(KEYMAP.transcript.flatMap((b) => b.keys).filter((key) => inputKeys.has(key))).toEqual([]);
  });

  it('generates the README table from the map', () => {
    expect(keyLabel('shift+enter')).toBe('Shift+Enter');
    expect(keyLabel('ctrl+a')).toBe('Ctrl+A');
    expect(keyLabel('k')).toBe('k');
    const md = keyTableMarkdown();
    expect(md).toContain('| `Shift+Enter`, `Ctrl+J`, `Alt+Enter` | new line (or end the line with a backslash) |');
    expect(md).toContain('### History mode');
  });
});

describe('bracketed paste', () => {

  it('shows long pastes as chips and expands them on submit', () => {
    const long = Array.from({ length: 120 }, (_, i) => `l${i}`).join('\n');
    expect(wantsChip(long)).toBe(true);
    expect(wantsChip('a\nb')).toBe(false);
    expect(chipLabel(long, 1)).toBe('[pasted 120 lines]');
    expect(chipLabel(long, 2)).toBe('[pasted 120 lines #2]');
    expect(expandChips('see [pasted 120 lines] ok', [{ label: '[pasted 120 lines]', text: long }])).toBe(`see ${long} ok`);
  });
});

describe('slash commands', () => {
  it('completes and finds commands', () => {
    expect(completeSlash('/')).toEqual(['/help', '/clear', '/resume', '/sessions', '/diff', '/rewind', '/mcp', '/jobs', '/compact', '/context', '/copy', '/export', '/cost', '/model', '/mouse', '/agents', '/skills', '/hooks', '/permissions', '/init', '/memory', '/status', '/exit']);
    expect(completeSlash('/c')).toEqual(['/clear', '/compact', '/context', '/copy', '/cost']);
    expect(completeSlash('/con')).toEqual(['/context']);
    expect(completeSlash('/d')).toEqual(['/diff']);
    expect(findCommand('/exit ')?.name).toBe('/exit');
    expect(findCommand('/nope')).toBeUndefined();
  });
});

describe('README key table', () => {
  it('README.md carries the table the key map generates (regenerate: node --import tsx scripts/print-keys.ts --write)', async () => {
    const { readFile } = await import('node:fs/promises');
    const { withKeyTable } = await import('../../scripts/print-keys.js');
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(keyTableMarkdown());
    expect(withKeyTable(readme)).toBe(readme);
  });
});
