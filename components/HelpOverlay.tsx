// The `?` overlay: every key binding and slash command, generated from the one key map.
// Two columns when the terminal is wide enough; ↑/↓ scroll it when it is taller than the view.
import React, { useEffect } from 'react';
import { Box } from 'ink';
import { CONTEXT_TITLES, KEYMAP, keyLabel, type KeyContext } from '../src/keys/keymap.js';
import type { CustomCommand } from '../src/core/commands/custom-commands.js';
import { SLASH_COMMANDS } from '../src/core/commands/slash-commands.js';
import { toSafeText } from '../src/core/text/safe-text.js';
import { fitLine, paint, stringWidth } from './text-layout.js';
import { useApp, useAppStore } from './store-context.js';
import { Lines } from './Lines.js';

const KEY_COL = 24;
const TWO_COLUMNS_MIN = 96;

function entry(keys: string, help: string, width: number): string {
  return fitLine(`  ${paint.accent(keys)}${' '.repeat(Math.max(1, KEY_COL - stringWidth(keys)))}${help}`, width);
}

function contextLines(ctx: KeyContext, width: number): string[] {
  return [paint.bold(CONTEXT_TITLES[ctx]), ...KEYMAP[ctx].map((b) => entry(b.keys.map(keyLabel).join(', '), b.help, width))];
}

export function helpLines(width: number, custom: readonly CustomCommand[] = []): string[] {
  const two = width >= TWO_COLUMNS_MIN;
  const colWidth = two ? Math.floor(width / 2) - 1 : width;
  const left = [...contextLines('input', colWidth), '', ...contextLines('history', colWidth)];
  const right = [
    ...contextLines('transcript', colWidth),
    '',
    paint.bold('Commands'),
    ...SLASH_COMMANDS.map((c) => entry(c.name, c.help, colWidth)),
    // Custom commands' names and descriptions come from files: outside text.
    ...custom.map((c) => entry(toSafeText(c.name), toSafeText(`${c.description ?? 'custom command'} (${c.scope})`), colWidth)),
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
  const store = useAppStore();
  const scroll = useApp((s) => s.helpScroll);
  const custom = useApp((s) => s.workspace.commands);
  const lines = helpLines(width, custom);
  const maxScroll = Math.max(0, lines.length - height);
  const top = Math.min(scroll, maxScroll);
  useEffect(() => {
    if (scroll > maxScroll) store.setState({ helpScroll: maxScroll });
  }, [scroll, maxScroll, store]);
  const shown = lines.slice(top, top + height);
  if (top + height < lines.length) shown[shown.length - 1] = paint.dim(`  ↓ ${lines.length - top - height + 1} more rows (↑/↓ scroll)`);
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      <Lines lines={shown} />
    </Box>
  );
}
