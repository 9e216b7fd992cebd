// What a real terminal shows: frames never reach the terminal height (so nothing scrolls and
// Ink never clears the screen), wide characters and wrapping land where they should, and a
// resize re-lays out without leftovers.
import React, { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Instance } from 'ink';
import { App } from '../../components/App.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { screenLayout } from '../../components/screen-layout.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { createScreen } from './xterm-screen.js';
import { diffingStdout } from '../../src/app/frame-diff.js';
import { renderScreen } from '../../src/app/screen-render.js';

let inst: Instance | null = null;
afterEach(async () => {
  await act(async () => inst?.unmount());
  inst = null;
});

async function mount(store: AppStore, cols: number, rows: number) {
  const screen = createScreen(cols, rows);
  await act(async () => {
    // As run-tui does: frames go through the row differ.
    inst = renderScreen(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: true, workspaceRoot: '/w' }} />, diffingStdout(screen.stdout as unknown as NodeJS.WriteStream), {
      stdin: screen.stdin as unknown as NodeJS.ReadStream,
      ...(process.env.INKLING_TEST_INCREMENTAL ? { incrementalRendering: true } : {}),
      patchConsole: false,
      // Each frame goes out as React commits it: nothing to sleep out.
      immediateFrames: true,
    });
  });
  await screen.flush();
  return screen;
}

async function commit(fn: () => void, screen: { flush(): Promise<void> }) {
  await act(async () => {
    fn();
  });
  await screen.flush();
}

describe('frames in a real terminal', () => {
  it('never reaches the terminal height while a long session streams in', async () => {
    const store = createAppStore({}, { layout: screenLayout });
    const screen = await mount(store, 60, 20);
    const b = createEventBinding(store, { intervalMs: 0 });
    await commit(() => b.push({ type: 'turn_start', prompt: 'go' }), screen);
    for (let i = 0; i < 15; i++) {
      await commit(() => {
        b.push({ type: 'tool_call', id: `r${i}`, name: 'read', input: { path: `file${i}.ts` }, readOnly: true });
        b.push({ type: 'text_delta', text: `paragraph ${i} `.repeat(8) });
        b.flush();
      }, screen);
    }
    const lines = screen.lines();
    expect(screen.scrolledOff()).toBe(0);
    expect(screen.stdout.writes.join('')).not.toContain('\x1b[2J');
    expect(lines[0]).toMatch(/^ inkling · demo model · \/w/);
    // Status line on the second-to-last row; the last row stays empty.
    expect(lines[18]).toMatch(/running 15 tools/);
    expect(lines[19]).toBe('');
    expect(lines[17]).toMatch(/^╰─+╯$/);
    expect(lines.slice(1, 15).join('\n')).toContain('paragraph 14');
  });

  it('places wide characters and wraps text at the width', async () => {
    const store = createAppStore({}, { layout: screenLayout });
    const screen = await mount(store, 30, 16);
    const b = createEventBinding(store, { intervalMs: 0 });
    await commit(() => {
      b.push({ type: 'turn_start', prompt: '漢字漢字漢字漢字漢字漢字漢字漢字' });
      b.push({ type: 'text_delta', text: 'emoji 😀 ok and a rather long line that must wrap nicely' });
      b.push({ type: 'turn_end', reason: 'end_turn' });
    }, screen);
    const lines = screen.lines();
    // 16 wide chars = 32 columns: 14 fit after "› " on row one, 2 move to the next row.
    expect(lines[1]).toBe('› ' + '漢字'.repeat(7));
    expect(lines[2]).toBe('  漢字');
    expect(lines[4]).toBe('  emoji 😀 ok and a rather');
    expect(lines[5]).toBe('  long line that must wrap');
    expect(lines[6]).toBe('  nicely');
    expect(lines[0]).toMatch(/^ inkling/);
    expect(screen.scrolledOff()).toBe(0);
  });

  it('re-lays out on resize without leftovers', async () => {
    const store = createAppStore({}, { layout: screenLayout });
    const screen = await mount(store, 80, 24);
    const b = createEventBinding(store, { intervalMs: 0 });
    await commit(() => {
      b.push({ type: 'turn_start', prompt: 'hello' });
      b.push({ type: 'text_delta', text: 'word '.repeat(40) });
      b.push({ type: 'turn_end', reason: 'end_turn' });
    }, screen);
    await commit(() => screen.stdout.resize(50, 18), screen);
    let lines = screen.lines();
    expect(lines.filter((l) => l.startsWith(' inkling'))).toHaveLength(1);
    expect(lines[0]).toMatch(/^ inkling/);
    expect(lines[16]).toMatch(/idle/);
    expect(lines.every((l) => l.length <= 50)).toBe(true);
    await commit(() => screen.stdout.resize(100, 30), screen);
    lines = screen.lines();
    expect(lines.filter((l) => l.startsWith(' inkling'))).toHaveLength(1);
    expect(lines[28]).toMatch(/idle/);
    expect(lines[29]).toBe('');
  });

  it('stays inside a tiny terminal, completion menu open', async () => {
    const store = createAppStore({}, { layout: screenLayout });
    const screen = await mount(store, 30, 8);
    const b = createEventBinding(store, { intervalMs: 0 });
    await commit(() => {
      b.push({ type: 'turn_start', prompt: 'tiny' });
      b.push({ type: 'text_delta', text: 'a fairly long answer that wraps over several rows' });
      b.push({ type: 'turn_end', reason: 'end_turn' });
      store.setState({ input: { text: '/', cursor: 1 }, completion: { kind: 'slash', start: 0, options: ['/help', '/clear', '/mouse', '/exit'], selected: 0 } });
    }, screen);
    expect(screen.scrolledOff()).toBe(0);
    expect(screen.stdout.writes.join('')).not.toContain('\x1b[2J');
    const lines = screen.lines();
    expect(lines[7]).toBe('');
    expect(lines[0]).toMatch(/^ inkling/);
  });
});
