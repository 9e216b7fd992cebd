// Which rows the frame writer draws itself (issue 42): the header and the completion menu are
// Ink's own rows, laid out and written by Ink; the writer's blocks (drawn-rows.ts) hold only the
// transcript, the prompt box and the status line. Checked on what the App hands the writer while
// a turn runs, the menu open.
import React, { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Instance } from 'ink';
import stripAnsi from 'strip-ansi';
import { App } from '../../components/App.js';
import { screenLayout } from '../../components/screen-layout.js';
import { diffingStdout } from '../../src/app/frame-diff.js';
import { renderScreen } from '../../src/app/screen-render.js';
import { createAppStore } from '../../src/store/app-store.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { createScreen } from './xterm-screen.js';

let insts: Instance[] = [];
afterEach(async () => {
  await act(async () => insts.forEach((i) => i.unmount()));
  insts = [];
});

describe('rows Ink draws', () => {
  it('header and menu go to Ink as rows, not as blocks of the frame writer', async () => {
    const store = createAppStore({}, { layout: screenLayout });
    const screen = createScreen(80, 24);
    const writer = diffingStdout(screen.stdout as unknown as NodeJS.WriteStream);
    // Every block the components hand the writer, as plain text.
    const blocks: string[][] = [];
    const place = writer.drawn.place.bind(writer.drawn);
    writer.drawn.place = (rows, width, height) => {
      blocks.push(rows.map((r) => stripAnsi(r)));
      return place(rows, width, height);
    };
    await act(async () => {
      insts.push(
        renderScreen(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: true, workspaceRoot: '/w' }} />, writer, {
          stdin: screen.stdin as unknown as NodeJS.ReadStream,
          patchConsole: false,
          immediateFrames: true,
        }),
      );
    });
    await act(async () => {
      const b = createEventBinding(store, { intervalMs: 0 });
      b.push({ type: 'turn_start', prompt: 'hello there' });
      b.push({ type: 'text_delta', text: 'an answer' });
      b.flush();
      store.setState({ input: { text: '/', cursor: 1 }, completion: { kind: 'slash', start: 0, options: ['/help', '/clear'], selected: 0 } });
    });
    await screen.flush();
    const lines = screen.lines();
    // On screen: the header first, the status line last, the turn and the prompt between.
    expect(lines[0]).toMatch(/^ inkling · demo model · \/w/);
    expect(lines.some((l) => l.includes('hello there'))).toBe(true);
    expect(lines.some((l) => l.includes('» /'))).toBe(true);
    expect(lines.some((l) => l.includes('/clear'))).toBe(true);
    const status = lines.filter((l) => l.trim() !== '').at(-1)!;
    expect(status).toMatch(/responding/);
    // Handed to the writer: the transcript, the prompt box and the status line, never the header or menu.
    const placed = blocks.flat();
    expect(placed.some((r) => r.includes('hello there'))).toBe(true);
    expect(placed.some((r) => r.includes('» /'))).toBe(true);
    expect(placed.some((r) => /responding/.test(r))).toBe(true);
    expect(placed.some((r) => r.includes('/clear'))).toBe(false);
    expect(placed.some((r) => r.includes('inkling ·'))).toBe(false);
  });
});
