// A bash card as the transcript draws it: expanded, every character of every pty row is on
// screen (a row wider than the card wraps, never loses its end); the header's result
// ("exit 0 in 104 ms") is never cut — the command gives way first, then the tool's name.
import React from 'react';
import { describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { expandedToolLines } from '../../components/expanded-card.js';
import { toolCardLines } from '../../components/tools/renderers.js';
import { Lines } from '../../components/Lines.js';
import { toolItem } from '../helpers/transcript-items.js';
import { bashDetails } from './history-fixtures.js';
import { frame, renderAct, unmountAct } from './act-helpers.js';

async function show(lines: string[]): Promise<string[]> {
  const r = await renderAct(<Lines lines={lines} />);
  const rows = frame(r).split('\n');
  await unmountAct(r);
  return rows;
}

const bash = (command: string, lines: string[], durationMs = 104) =>
  toolItem({
    kind: 'tool', id: 'b', name: 'bash', readOnly: false, status: 'done', createdAt: 0, input: { command },
    details: bashDetails(command, lines), result: { content: '', isError: false, durationMs },
  });

describe('bash cards keep every character', () => {
  it('an expanded row of 66 emoji shows all 66, wrapped inside the card', async () => {
    const emoji = '🎉'.repeat(66);
    const rows = await show(expandedToolLines(bash('party', ['before', emoji, 'after']), 90, 0, 0, 30));
    const out = rows.slice(rows.indexOf('  output') + 1);
    expect(out[0]).toBe('    before');
    expect(out.at(-1)).toBe('    after');
    const emojiRows = out.slice(1, -1);
    expect(emojiRows.length).toBeGreaterThan(1);
    for (const r of emojiRows) expect(stringWidth(r)).toBeLessThanOrEqual(90);
    expect(emojiRows.map((r) => r.trim()).join('')).toBe(emoji);
  });

  it('a pty row wider than the card (the pane was sized before a resize) wraps and keeps its end', async () => {
    const row = Array.from({ length: 30 }, (_, i) => `c${i}`).join('-');
    const rows = await show(expandedToolLines(bash('make', [row]), 40, 0, 0, 30));
    const out = rows.slice(rows.indexOf('  output') + 1);
    expect(out.map((r) => r.slice(4)).join('')).toBe(row);
    for (const r of out) expect(stringWidth(r)).toBeLessThanOrEqual(40);
  });

  it('the header keeps "exit 0 in …" whole and shortens the command', async () => {
    const long = `npm run build && ${'x'.repeat(200)}`;
    const [header] = await show(toolCardLines(bash(long, ['ok'], 104), 60, 0, 0));
    expect(header).toMatch(/^✓ bash npm run build && x+… exit 0 in 104 ms$/);
    expect(stringWidth(header!)).toBe(60);
  });

  it('narrower than name and result together, the name gives way and the result stays whole', async () => {
    const item = toolItem({
      kind: 'tool', id: 'm', name: 'mcp__everything__longRunningOperation', readOnly: false, status: 'done', createdAt: 0,
      input: {}, result: { content: 'done', isError: false, durationMs: 12 },
    });
    const [header] = await show(toolCardLines(item, 30, 0, 0));
    expect(header).toBe('✓ mcp__everything__longR… done');
    expect(stringWidth(header!)).toBeLessThanOrEqual(30);
  });
});

describe('rows the terminal wrapped', () => {
  it('are joined back into the printed line and wrapped at the card width, with no break left where the pty wrapped', async () => {
    const printed = Array.from({ length: 40 }, (_, i) => String(i + 1)).join(',');
    const pty = [printed.slice(0, 50), printed.slice(50, 100), printed.slice(100)];
    const item = bash('seq -s, 1 40', []);
    const d = item.details as Extract<NonNullable<typeof item.details>, { kind: 'bash' }>;
    const wrappedItem = { ...item, details: { ...d, snapshot: { ...d.snapshot, lines: ['first', ...pty], wrapped: [2, 3] } } } as typeof item;
    const rows = await show(expandedToolLines(wrappedItem, 64, 0, 0, 30));
    const out = rows.slice(rows.indexOf('  output') + 1);
    expect(out[0]).toBe('    first');
    expect(out[1]).toBe(`    ${printed.slice(0, 60)}`);
    expect(out.slice(1).map((r) => r.slice(4)).join('')).toBe(printed);
  });
});
