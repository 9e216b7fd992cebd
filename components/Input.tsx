// The prompt box. Its text and cursor live in the store (keys are handled in input-keys.ts),
// so a burst of keystrokes can never be lost or reordered by a stale render.
import React, { memo } from 'react';
import { Box } from 'ink';
import { useShallow } from 'zustand/react/shallow';
import type { CustomCommand } from '../src/core/commands/custom-commands.js';
import type { Completion, InputState } from '../src/store/app-store.js';
import { commandRows, menuHelp, type McpPromptSource } from '../src/store/command-table.js';
import { toSafeText } from '../src/core/text/safe-text.js';
import { fitLine, paint, wrapText } from './text-layout.js';
import { inkColor } from './palette.js';
import { useApp, useAppStore } from './store-context.js';
import { Lines, Placeholder } from './Lines.js';
import { useDrawnInPlace } from './drawn-in-place.js';
import { boxRows } from './box-rows.js';
import { useDrawnRows } from './drawn-rows-context.js';

export const INPUT_MAX_ROWS = 8;
export const PLACEHOLDER = 'Ask anything · / for commands · @ for files';

/** The prompt's placeholder while a command's pane has the keys (Ctrl+T): no caret here. */
export const AWAY_PLACEHOLDER = 'the command above has the keys';

/**
 * Rows of the prompt at `width` (inside the border), with the cursor drawn inverse; `caret`
 * false (the keys are in a command's pane) draws no cursor, so only one place shows one.
 */
export function inputRows(input: InputState, width: number, busy: boolean, caret = true): string[] {
  const inner = Math.max(1, width - 4);
  const prefix = busy ? paint.warn('» ') : paint.user('› ');
  const mark = (cell: string) => (caret ? paint.inverse(cell) : cell);
  if (input.text === '') return [prefix + mark(' ') + paint.dim((caret ? PLACEHOLDER : AWAY_PLACEHOLDER).slice(0, Math.max(0, inner - 3)))];
  const { text, cursor } = input;
  // Pasted text can hold anything: each side of the cursor is made safe on its own.
  const at = text[cursor];
  const cursorCell = at === undefined || at === '\n' ? mark(' ') + (at ?? '') : mark(toSafeText(at));
  const drawn = toSafeText(text.slice(0, cursor)) + cursorCell + toSafeText(text.slice(cursor + (at === undefined ? 0 : 1)));
  const rows = wrapText(drawn, inner - 2).map((l, i) => (i === 0 ? prefix : '  ') + l);
  if (rows.length <= INPUT_MAX_ROWS) return rows;
  // Keep the cursor's row in view.
  const before = wrapText(toSafeText(text.slice(0, cursor)) + ' ', inner - 2).length - 1;
  const start = Math.min(Math.max(0, before - INPUT_MAX_ROWS + 1), rows.length - INPUT_MAX_ROWS);
  return rows.slice(start, start + INPUT_MAX_ROWS);
}

/** What a slash command does, from the command table. */
function slashHelp(name: string, custom: readonly CustomCommand[], mcp: readonly McpPromptSource[]): string | undefined {
  const row = commandRows(custom, mcp).find((c) => c.name === name);
  return row ? menuHelp(row) : undefined;
}

export function completionRows(c: Completion | null, width: number, max = 8, custom: readonly CustomCommand[] = [], mcp: readonly McpPromptSource[] = []): string[] {
  if (!c) return [];
  const first = Math.max(0, Math.min(c.selected - max + 1, c.options.length - max));
  // Slash commands say what they do, after names padded to one column.
  const nameWidth = Math.max(...c.options.map((o) => o.length));
  return c.options.slice(first, first + max).map((o, i) => {
    const selected = first + i === c.selected;
    // File names come from the workspace, command help from files: both are outside text.
    const label = toSafeText(c.kind === 'file' ? `@${o}` : o.padEnd(nameWidth));
    const help = c.kind === 'slash' ? slashHelp(o, custom, mcp) : undefined;
    const about = help ? `  ${paint.dim(toSafeText(help))}` : '';
    return fitLine((selected ? paint.inverse(` ${label} `) : ` ${paint.dim(label)} `) + about, width);
  });
}

/** Prompts waiting for the running turn to end, one dim row each (the newest last). */
export function queuedRows(queued: string[], width: number, max = 3): string[] {
  if (queued.length === 0) return [];
  const shown = queued.slice(0, max).map((q) => {
    const [first = ''] = toSafeText(q).split('\n');
    const more = q.includes('\n') || first.length > width ? '…' : '';
    return fitLine(paint.dim(` queued: ${first}${more}`), width);
  });
  if (queued.length > max) shown.push(fitLine(paint.dim(` … ${queued.length - max} more queued`), width));
  return shown;
}

export function QueuedPrompts({ width }: { width: number }) {
  const queued = useApp((s) => s.queued);
  const rows = queuedRows(queued, width);
  if (rows.length === 0) return null;
  return (
    <Box flexDirection="column">
      <Lines lines={rows} />
    </Box>
  );
}

/** What the prompt box has on screen (with a frame writer): the state its rows are drawn from. */
interface ShownInput {
  input: InputState;
  busy: boolean;
  caret: boolean;
  height: number;
  placed: string | null;
}

const boxOf = (input: InputState, width: number, busy: boolean, caret: boolean) => boxRows(inputRows(input, width, busy, caret), width, busy ? 'borderBusy' : 'border');

// Renders only when what it reads changes (a key, the turn starting or ending), not with the
// screen around it. With a frame writer, a key that changes only the text (the box as tall as
// before) is no React render at all: the writer draws the box's rows in place (drawn-in-place.ts),
// as the status line's — every typed key was a commit and a whole Ink frame (7–15 ms for the first
// key after an idle moment, which a prompt's Enter then waited behind: bench/frames.ts firstturn).
export const Input = memo(function Input({ width }: { width: number }) {
  const store = useAppStore();
  const drawn = useDrawnRows();
  const { busy, caret } = useApp(useShallow((s) => (drawn ? { busy: s.phase !== 'idle', caret: s.mode !== 'shell' } : { input: s.input, busy: s.phase !== 'idle', caret: s.mode !== 'shell' })));
  const input = store.getState().input;
  // Drawn by the frame writer when there is one, the same box, border and all: every Ink frame
  // builds its grid from every row Ink draws, and the box's rows made each frame of a session
  // cost twice the CPU and a spinner's second twice (issue 42's spike; ARCHITECTURE.md).
  const rows = drawn ? boxOf(input, width, busy, caret) : null;
  const placed = drawn && rows ? drawn.place(rows, width, rows.length) : null;
  useDrawnInPlace<ShownInput>(store, drawn, { input, busy, caret, height: rows?.length ?? 0, placed }, (last) => {
    const s = store.getState();
    const next = { input: s.input, busy: s.phase !== 'idle', caret: s.mode !== 'shell' };
    // The turn starting or ending, the keys going to a pane: the selector above renders.
    if (next.input === last.input || next.busy !== last.busy || next.caret !== last.caret) return null;
    const box = boxOf(next.input, width, next.busy, next.caret);
    // A row more or fewer moves what is below it: a real frame.
    if (box.length !== last.height) return 'render';
    return { rows: box, shown: { ...next, height: box.length, placed: last.placed } };
  });
  if (placed !== null) return <Placeholder text={placed} />;
  return (
    <Box borderStyle="round" borderColor={inkColor(busy ? 'borderBusy' : 'border')} paddingX={1} width={width} flexDirection="column">
      <Lines lines={inputRows(input, width, busy, caret)} />
    </Box>
  );
});

export function CompletionMenu({ width }: { width: number }) {
  const completion = useApp((s) => s.completion);
  const custom = useApp((s) => s.workspace.commands);
  const mcp = useApp((s) => s.mcp?.servers);
  const rows = completionRows(completion, width, 8, custom, mcp ?? []);
  if (rows.length === 0) return null;
  return (
    <Box flexDirection="column">
      <Lines lines={rows} />
    </Box>
  );
}

