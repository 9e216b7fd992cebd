// /memory: which instruction files are in the system prompt (and which nested ones are only
// listed by path), their sizes, and what the prompt holds of each (a file's control characters
// are shown as pictures, never sent to the terminal). Scrolls like the help overlay.
import React from 'react';
import { Box } from 'ink';
import { formatSize, MEMORY_FILE_CAP_BYTES, type MemoryFile } from '../src/core/memory/project-memory.js';
import { toSafeText } from '../src/core/text/safe-text.js';
import { Lines } from './Lines.js';
import { useApp } from './store-context.js';
import { fitLine, paint, stringWidth, wrapText } from './text-layout.js';

const SCOPE: Record<MemoryFile['scope'], string> = {
  project: 'project · in the prompt',
  user: 'yours, every project · in the prompt',
  nested: 'subfolder · listed by path, read when working there',
};

export function memoryViewLines(files: readonly MemoryFile[], loaded: boolean, width: number): string[] {
  const out = [paint.bold(' Memory: instructions the model gets'), ''];
  if (!loaded) return [...out, paint.dim('  loading…')];
  if (files.length === 0) {
    return [
      ...out,
      '  No memory files: create AGENTS.md (or CLAUDE.md) at the workspace root, or ~/.inkling/AGENTS.md for',
      '  rules of your own. A prompt starting with # (# always use pnpm) saves that line to one of them.',
    ].map((l) => fitLine(l, width));
  }
  const pathWidth = Math.min(48, Math.max(...files.map((f) => stringWidth(f.displayPath))));
  for (const f of files) {
    const cut = f.truncated ? paint.warn(` · only the first ${formatSize(MEMORY_FILE_CAP_BYTES)} are in the prompt`) : '';
    const name = f.displayPath.padEnd(pathWidth);
    out.push(fitLine(`  ${paint.accent(toSafeText(name))}  ${formatSize(f.bytes).padStart(7)}  ${paint.dim(SCOPE[f.scope])}${cut}`, width));
  }
  for (const f of files.filter((m) => m.inPrompt)) {
    out.push('', fitLine(paint.dim(`── ${toSafeText(f.displayPath)} ${'─'.repeat(Math.max(0, width - stringWidth(f.displayPath) - 4))}`), width));
    out.push(...wrapText(toSafeText(f.text.trimEnd()), Math.max(10, width - 2)).map((l) => ` ${l}`));
  }
  out.push('', paint.dim('  # <text> in the prompt saves a line to memory · ↑/↓ PgUp/PgDn scroll · Esc closes'));
  return out;
}

export function MemoryView({ height, width }: { height: number; width: number }) {
  const { memory, memoryLoaded, memoryScroll } = useApp((s) => s.workspace);
  const lines = memoryViewLines(memory, memoryLoaded, width);
  const top = Math.min(memoryScroll, Math.max(0, lines.length - height));
  const shown = lines.slice(top, top + height);
  if (top + height < lines.length) shown[shown.length - 1] = paint.dim(`  ↓ ${lines.length - top - height + 1} more rows`);
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      <Lines lines={shown} />
    </Box>
  );
}
