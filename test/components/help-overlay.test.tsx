// The ? overlay lays its bindings out in columns that fit the terminal and wraps descriptions:
// no description is cut, at 120 columns (two columns) or at 80 (one).
import React from 'react';
import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import stripAnsi from 'strip-ansi';
import { helpLines } from '../../components/HelpOverlay.js';
import { Lines } from '../../components/Lines.js';
import { KEYMAP, keyLabel, type KeyContext } from '../../src/keys/keymap.js';
import { BUILTIN_COMMANDS } from '../../src/store/command-table.js';
import { frame, renderAct, unmountAct } from './act-helpers.js';

const words = (s: string) => s.split(/\s+/).filter(Boolean).join(' ');
const allHelp = [
  ...(['input', 'history', 'transcript', 'shell', 'pager'] as KeyContext[]).flatMap((ctx) => KEYMAP[ctx].map((b) => b.help)),
  ...BUILTIN_COMMANDS.map((c) => c.help),
];

/** Each column's text, read top to bottom, with its wrapped rows joined. */
function columns(rows: string[], split: number | null): string[] {
  const plain = rows.map(stripAnsi);
  if (split === null) return [words(plain.join(' '))];
  return [words(plain.map((r) => [...r].slice(0, split).join('')).join(' ')), words(plain.map((r) => [...r].slice(split).join('')).join(' '))];
}

describe('the help overlay', () => {
  it('at 120 columns: two columns that fit, every description whole (wrapped, never cut)', () => {
    const rows = helpLines(120);
    for (const r of rows) expect(stringWidth(r)).toBeLessThanOrEqual(120);
    const [left, right] = columns(rows, 61);
    for (const help of allHelp) expect(`${left} | ${right}`).toContain(words(help));
    // A long description wraps under its own column, beside its keys.
    const i = rows.findIndex((r) => stripAnsi(r).includes('Esc           interrupt the running turn; close'));
    expect(i).toBeGreaterThan(0);
    expect(stripAnsi(rows[i + 1]!)).toMatch(/^ {16}completion/);
  });

  it('at 80 columns: one column, every description whole', () => {
    const rows = helpLines(80);
    for (const r of rows) expect(stringWidth(r)).toBeLessThanOrEqual(80);
    const [all] = columns(rows, null);
    for (const help of allHelp) expect(all).toContain(words(help));
  });

  it('a key list too long for the key column takes its own row, its description below', async () => {
    const r = await renderAct(<Lines lines={helpLines(100)} />);
    const rows = frame(r).split('\n');
    await unmountAct(r);
    const at = rows.findIndex((l) => l.startsWith(`  ${keyLabelsOf('newline')}  `));
    expect(at).toBeGreaterThan(0);
    expect(rows[at + 1]).toMatch(/^ {16}new line \(or end the/);
  });
});

function keyLabelsOf(action: string): string {
  const b = KEYMAP.input.find((x) => x.action === action)!;
  return b.keys.map(keyLabel).join(', ');
}
