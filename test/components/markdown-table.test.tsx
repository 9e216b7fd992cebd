// Markdown tables as the transcript draws them: columns by display width, alignment markers
// honoured, cells wrapped when the table is wider than the screen.
import React from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { assistantLines } from '../../components/assistant-lines.js';
import { Lines } from '../../components/Lines.js';
import { loadMarkdown } from '../../components/markdown-lines.js';
import { fitWidths } from '../../components/markdown-table.js';
import { assistantItem } from '../helpers/transcript-items.js';
import { frame, renderAct, unmountAct } from './act-helpers.js';

beforeAll(() => loadMarkdown());

async function showAnswer(text: string, width: number): Promise<string[]> {
  const lines = assistantLines(assistantItem({ kind: 'assistant', id: 'a', text, streaming: false }), width);
  const r = await renderAct(<Lines lines={lines} />);
  const rows = frame(r).split('\n');
  await unmountAct(r);
  return rows;
}

/** Display columns at which each `│` or `┼` of a row stands. */
function separatorColumns(row: string): number[] {
  const cols: number[] = [];
  let col = 0;
  for (const ch of row) {
    if (ch === '│' || ch === '┼') cols.push(col);
    col += stringWidth(ch);
  }
  return cols;
}

const TABLE = [
  '| name | 名前 | count |',
  '|:---:|---|---:|',
  '| a | 日本語テキスト | 1 |',
  '| longer name | x 🎉🎉 | 12345 |',
].join('\n');

describe('markdown tables', () => {
  it('lines up every column by display width, CJK and emoji included', async () => {
    const rows = await showAnswer(TABLE, 80);
    expect(rows).toHaveLength(4);
    const seps = rows.map(separatorColumns);
    for (const s of seps) expect(s).toEqual(seps[0]);
    expect(seps[0]).toHaveLength(2);
    expect(rows[1]).toMatch(/^  ─+┼─+┼─+$/);
  });

  it('centres :---: columns, right-aligns ---: columns and left-aligns the rest', async () => {
    const rows = await showAnswer(TABLE, 80);
    expect(rows[2]).toBe('       a      │ 日本語テキスト │     1');
    expect(rows[3]).toBe('  longer name │ x 🎉🎉         │ 12345');
    expect(rows[0]).toBe('     name     │ 名前           │ count');
  });

  it('wraps cells inside their column when the table is wider than the screen, losing no word', async () => {
    const words = Array.from({ length: 30 }, (_, i) => `w${i}`);
    const md = ['| key | description |', '|---|---|', `| \`alpha\` | ${words.join(' ')} |`, '| b | short |'].join('\n');
    const rows = await showAnswer(md, 40);
    for (const r of rows) expect(stringWidth(r)).toBeLessThanOrEqual(40);
    const seps = rows.map(separatorColumns);
    for (const s of seps) expect(s).toEqual([8]);
    const body = rows.slice(2, -1).map((r) => r.slice(r.indexOf('│') + 2)).join(' ');
    expect(body.split(/\s+/).filter(Boolean)).toEqual(words);
    expect(rows[2]!.startsWith('  alpha │ ')).toBe(true);
    expect(rows.at(-1)).toBe('  b     │ short');
  });

  it('falls back to "header: value" rows when even three columns a cell do not fit', async () => {
    const md = ['| a | b | c | d |', '|---|---|---|---|', '| 1 | 2 | 3 | 4 |'].join('\n');
    expect(await showAnswer(md, 12)).toEqual(['  a: 1', '  b: 2', '  c: 3', '  d: 4']);
  });

  it('shrinks the widest columns first and uses the whole room', () => {
    expect(fitWidths([5, 40, 10], 40)).toEqual([5, 25, 10]);
    expect(fitWidths([30, 30], 41)).toEqual([21, 20]);
    expect(fitWidths([3, 4], 10)).toEqual([3, 4]);
  });
});
