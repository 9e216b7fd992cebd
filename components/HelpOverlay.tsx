// The `?` overlay: every key binding and slash command, generated from the one key map.
// Two columns when the terminal is wide enough; ↑/↓ scroll it when it is taller than the view.
import React from 'react';
import { Box } from 'ink';
import { CONTEXT_TITLES, KEYMAP, keyLabel, type KeyContext } from '../src/keys/keymap.js';
import type { CustomCommand } from '../src/core/commands/custom-commands.js';
import { commandRows, type McpPromptSource } from '../src/store/command-table.js';
import { toSafeText } from '../src/core/text/safe-text.js';
import { fitLine, paint, stringWidth, wrapText } from './text-layout.js';
import { useApp } from './store-context.js';
import { Lines } from './Lines.js';

/** The widest the key column gets; longer key lists put their description on the rows below. */
const KEY_COL_MAX = 24;
const TWO_COLUMNS_MIN = 96;
/** Below this many columns for a description, it goes under its keys instead of beside them. */
const HELP_MIN = 16;

interface Entry { keys: string; help: string }

/**
 * A section's entries with their descriptions wrapped (never cut): the key column is as wide
 * as the section's longest key list that fits KEY_COL_MAX, the description fills the rest.
 */
function entryLines(entries: readonly Entry[], width: number): string[] {
  // Sized by the key lists that fit it: one long list ("Shift+Enter, Ctrl+J, Alt+Enter") takes
  // a row of its own rather than pushing every description right.
  const fitting = entries.map((e) => stringWidth(e.keys)).filter((w) => w <= KEY_COL_MAX - 2);
  const keyCol = Math.max(0, ...fitting) + 2;
  const beside = width - 2 - keyCol >= HELP_MIN;
  const helpWidth = beside ? width - 2 - keyCol : Math.max(1, width - 4);
  const hang = ' '.repeat(beside ? 2 + keyCol : 4);
  return entries.flatMap(({ keys, help }) => {
    const rows = wrapText(help, helpWidth);
    const keyText = `  ${paint.accent(keys)}`;
    if (!beside || stringWidth(keys) > keyCol - 1) return [fitLine(keyText, width), ...rows.map((r) => hang + r)];
    return rows.map((r, i) => (i === 0 ? keyText + ' '.repeat(keyCol - stringWidth(keys)) + r : hang + r));
  });
}

function contextLines(ctx: KeyContext, width: number): string[] {
  return [paint.bold(CONTEXT_TITLES[ctx]), ...entryLines(KEYMAP[ctx].map((b) => ({ keys: b.keys.map(keyLabel).join(', '), help: b.help })), width)];
}

export function helpLines(width: number, custom: readonly CustomCommand[] = [], mcp: readonly McpPromptSource[] = []): string[] {
  const two = width >= TWO_COLUMNS_MIN;
  const colWidth = two ? Math.floor(width / 2) - 1 : width;
  const left = [...contextLines('input', colWidth), '', ...contextLines('history', colWidth)];
  const right = [
    ...contextLines('transcript', colWidth),
    '',
    paint.bold('Commands'),
    ...entryLines(
      [
        // Custom commands' names and descriptions come from files: outside text.
        ...commandRows(custom, mcp).map((c) =>
          c.origin === 'built-in' ? { keys: c.name, help: c.help } : { keys: toSafeText(c.name), help: toSafeText(`${c.help} (${c.origin})`) },
        ),
      ],
      colWidth,
    ),
    '',
    paint.dim('  @path mentions a file'),
    paint.dim('  Esc, q or ? closes this help'),
    '',
    ...contextLines('shell', colWidth),
    '',
    ...contextLines('pager', colWidth),
  ];
  if (!two) return [...left, '', ...right];
  const rows = Math.max(left.length, right.length);
  const out: string[] = [];
  for (let i = 0; i < rows; i++) {
    const l = left[i] ?? '';
    out.push(l + ' '.repeat(Math.max(1, colWidth + 2 - stringWidth(l))) + (right[i] ?? ''));
  }
  return out;
}

export function HelpOverlay({ height, width }: { height: number; width: number }) {
  const scroll = useApp((s) => s.helpScroll);
  const custom = useApp((s) => s.workspace.commands);
  const mcp = useApp((s) => s.mcp?.servers);
  const lines = helpLines(width, custom, mcp ?? []);
  const maxScroll = Math.max(0, lines.length - height);
  const top = Math.min(scroll, maxScroll);
  const shown = lines.slice(top, top + height);
  if (top + height < lines.length) shown[shown.length - 1] = paint.dim(`  ↓ ${lines.length - top - height + 1} more rows (↑/↓ scroll)`);
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      <Lines lines={shown} />
    </Box>
  );
}
