// The `?` overlay: every key binding and slash command, generated from the one key map.
import React from 'react';
import { Box } from 'ink';
import { CONTEXT_TITLES, KEYMAP, keyLabel, type KeyContext } from '../src/tui/keymap.js';
import { SLASH_COMMANDS } from '../src/tui/slash-commands.js';
import { fitLine, paint, stringWidth } from '../src/tui/text-layout.js';
import { Lines } from './Lines.js';

/** Contexts that already work; the others are listed once their features land. */
const SHOWN: KeyContext[] = ['input', 'transcript'];

export function helpLines(width: number): string[] {
  const out: string[] = [paint.heading('Keys'), ''];
  for (const ctx of SHOWN) {
    out.push(paint.bold(CONTEXT_TITLES[ctx]));
    for (const b of KEYMAP[ctx]) {
      const keys = b.keys.map(keyLabel).join(', ');
      out.push(fitLine(`  ${paint.accent(keys)}${' '.repeat(Math.max(1, 26 - stringWidth(keys)))}${b.help}`, width));
    }
    out.push('');
  }
  out.push(paint.bold('Commands'));
  for (const c of SLASH_COMMANDS) out.push(fitLine(`  ${paint.accent(c.name)}${' '.repeat(Math.max(1, 26 - c.name.length))}${c.help}`, width));
  out.push('', paint.dim('  @path mentions a file · Esc, q or ? closes this help'));
  return out;
}

export function HelpOverlay({ height, width }: { height: number; width: number }) {
  const lines = helpLines(width);
  const shown = lines.length > height ? [...lines.slice(0, height - 1), paint.dim('  … (enlarge the terminal to see all)')] : lines;
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      <Lines lines={shown} />
    </Box>
  );
}
