import { describe, expect, it } from 'vitest';
import type { Key } from 'ink';
import { keyPressFrom } from '../../src/keys/key-names.js';
import { actionFor, KEYMAP, keyLabel, keyTableMarkdown } from '../../src/keys/keymap.js';
import { chipLabel, createPasteCollector, expandChips, wantsChip } from '../../src/keys/paste.js';
import { completeSlash, findCommand } from '../../src/core/commands/slash-commands.js';

const noKey: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false,
  home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false,
  backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false,
};
const k = (over: Partial<Key>): Key => ({ ...noKey, ...over });

describe('key names', () => {
  it('names the keys the input binds', () => {
    expect(keyPressFrom('\r', k({ return: true })).name).toBe('enter');
    expect(keyPressFrom('\r', k({ return: true, shift: true })).name).toBe('shift+enter');
    expect(keyPressFrom('[27;2;13~', noKey).name).toBe('shift+enter');
    expect(keyPressFrom('[27;5;13~', noKey).name).toBe('ctrl+enter');
    expect(keyPressFrom('\n', noKey).name).toBe('ctrl+j');
    expect(keyPressFrom('', k({ escape: true, meta: true })).name).toBe('esc');
    expect(keyPressFrom('', k({ delete: true })).name).toBe('backspace');
    expect(keyPressFrom('', k({ upArrow: true, shift: true })).name).toBe('shift+up');
    expect(keyPressFrom('', k({ leftArrow: true, meta: true })).name).toBe('alt+left');
    expect(keyPressFrom('b', k({ meta: true })).name).toBe('alt+b');
    expect(keyPressFrom('u', k({ ctrl: true })).name).toBe('ctrl+u');
    expect(keyPressFrom('', k({ pageUp: true })).name).toBe('pageup');
    expect(keyPressFrom('[<64;10;5M', noKey)).toEqual({ name: 'wheelup', text: '' });
    expect(keyPressFrom('[<0;1;1m', noKey)).toEqual({ name: 'mouse', text: '' });
    expect(keyPressFrom('[I', noKey)).toEqual({ name: 'unknown:[I', text: '' });
    expect(keyPressFrom('hello', noKey)).toEqual({ name: null, text: 'hello' });
    expect(keyPressFrom('?', noKey)).toEqual({ name: '?', text: '?' });
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
  it('rebuilds a paste split into key events into one text', () => {
    const got: string[] = [];
    const p = createPasteCollector((t) => got.push(t));
    expect(p.feed('x', noKey)).toBe(false);
    expect(p.feed('[200~', noKey)).toBe(true);
    expect(p.active).toBe(true);
    p.feed('line one', noKey);
    p.feed('\r', k({ return: true }));
    p.feed('line\ttwo\r\nthree', noKey);
    p.feed('[201~', noKey);
    expect(got).toEqual(['line one\nline\ttwo\nthree']);
    expect(p.active).toBe(false);
  });

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
    expect(completeSlash('/')).toEqual(['/help', '/clear', '/resume', '/sessions', '/diff', '/mcp', '/compact', '/context', '/cost', '/mouse', '/memory', '/exit']);
    expect(completeSlash('/c')).toEqual(['/clear', '/compact', '/context', '/cost']);
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
