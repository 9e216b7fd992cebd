// After a resize the terminal shows what the app shows when it starts at that size: no row of the
// layout drawn for the old size wraps and scrolls the screen, and no row the differ believes
// unchanged is left missing (an expanded card's "input"/"output" labels, the header).
import React, { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Instance } from 'ink';
import { App } from '../../components/App.js';
import { screenLayout } from '../../components/screen-layout.js';
import { diffingStdout } from '../../src/app/frame-diff.js';
import { renderScreen } from '../../src/app/screen-render.js';
import { createResizeFrames, REPAINT } from '../../src/app/resize-frames.js';
import { eraseLines } from '../../src/app/drawn-frames.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { enterHistory, moveSelection, toggleExpanded } from '../../src/store/history-mode.js';
import { openHelp } from '../../src/store/view-actions.js';
import { apply, bashCall, readCall, turn } from '../components/history-fixtures.js';
import { createScreen } from './xterm-screen.js';

describe('frames after a resize', () => {
  it('draws the first frame on a cleared screen from the top, and cuts rows until a frame fits', () => {
    let cols = 10;
    const f = createResizeFrames(() => cols);
    // Before any resize everything passes as it is.
    expect(f.write(`${eraseLines(3)}a long row here\nb\n`)).toBe(`${eraseLines(3)}a long row here\nb\n`);
    cols = 6;
    f.resized();
    // Ink clearing its rows (no frame) passes; its first frame lands from the top of a cleared screen.
    expect(f.write(eraseLines(3))).toBe(eraseLines(3));
    expect(f.write('a long row here\nb\n')).toBe(`${REPAINT}a lon…\nb\n`);
    // Still laid out for the old width: cut, drawn where Ink erases.
    expect(f.write(`${eraseLines(3)}\x1b[1mbold row\x1b[22m\nb\n`)).toBe(`${eraseLines(3)}\x1b[1mbold \x1b[22m…\x1b[0m\nb\n`);
    // A frame that fits: laid out for the new width, and so is everything after it.
    expect(f.write(`${eraseLines(3)}fits\nb\n`)).toBe(`${eraseLines(3)}fits\nb\n`);
    expect(f.write(`${eraseLines(3)}too wide now\n`)).toBe(`${eraseLines(3)}too wide now\n`);
  });

  it('keeps the clear of a frame taller than the terminal, and leaves writes that are not frames', () => {
    const f = createResizeFrames(() => 4);
    f.resized();
    expect(f.write('\x07')).toBe('\x07');
    expect(f.write('\x1b[2J\x1b[3J\x1b[Hrow 1\nrow 2\n')).toBe('\x1b[2J\x1b[3J\x1b[Hrow…\nrow…\n');
  });
});

describe('the app resized in a real terminal', () => {
  let insts: Instance[] = [];
  afterEach(async () => {
    await act(async () => insts.forEach((i) => i.unmount()));
    insts = [];
  });

  async function mount(store: AppStore, cols: number, rows: number) {
    const screen = createScreen(cols, rows);
    // As run-tui: the alternate screen (never reflowed), frames through the frame writer.
    await new Promise<void>((r) => screen.term.write('\x1b[?1049h\x1b[H', r));
    await act(async () => {
      insts.push(
        renderScreen(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/w' }} />, diffingStdout(screen.stdout as unknown as NodeJS.WriteStream), {
          stdin: screen.stdin as unknown as NodeJS.ReadStream,
          patchConsole: false,
          immediateFrames: true,
        }),
      );
    });
    await settle(screen);
    return screen;
  }

  // Frames go out as React commits them (immediateFrames): what a commit drew is in the terminal
  // once xterm has parsed it.
  async function settle(screen: { flush(): Promise<void> }) {
    await act(async () => {});
    await screen.flush();
  }

  /** The rows as they look: the cells inside the terminal's width, trailing blanks dropped. */
  const shown = (screen: ReturnType<typeof createScreen>) => {
    const b = screen.term.buffer.active;
    return Array.from({ length: screen.term.rows }, (_, y) => b.getLine(b.viewportY + y)?.translateToString(true, 0, screen.term.cols).trimEnd() ?? '');
  };

  const LONG = 'for i in 1 2 3 4 5 6; do echo "a fairly long output line number $i that is wider than eighty columns"; done';
  const views: [string, (store: AppStore) => Promise<void> | void][] = [
    ['the help overlay (rows Ink draws itself)', (store) => openHelp(store)],
    [
      'an expanded card selected in history mode',
      async (store) => {
        apply(store, turn('go', [
          readCall('r1', 'a.txt', 'a\nb'),
          bashCall('b1', 'seq 1 30', Array.from({ length: 30 }, (_, i) => String(i + 1))),
          bashCall('b2', LONG, Array.from({ length: 6 }, (_, i) => `a fairly long output line number ${i} that is wider than eighty columns`)),
        ], 'done with them'));
        enterHistory(store);
        moveSelection(store, -1);
        await toggleExpanded(store);
      },
    ],
  ];

  describe.each(views)('with %s', (_, open) => {
    it.each([
      [120, 34, 80, 34],
      [80, 34, 120, 34],
      [120, 34, 60, 34],
      [120, 34, 80, 24],
    ])('%i×%i → %i×%i shows what a start at the new size shows', async (c0, r0, c1, r1) => {
      const store = createAppStore({}, { layout: screenLayout });
      const screen = await mount(store, c0, r0);
      await act(async () => {
        await open(store);
      });
      await settle(screen);
      act(() => screen.stdout.resize(c1, r1));
      await settle(screen);
      const fresh = await mount(store, c1, r1);
      expect(shown(screen)).toEqual(shown(fresh));
    });
  });
});
