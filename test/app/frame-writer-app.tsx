// The real App on the real frame writer into an xterm screen, with its React commits (a Profiler)
// and Ink frames (onRender) counted: for the tests of what the writer draws without React
// (live-rows.test.tsx, stream-rows.test.tsx).
import React, { act, Profiler } from 'react';
import { afterEach, expect, vi } from 'vitest';
import type { Instance } from 'ink';
import { App } from '../../components/App.js';
import { diffingStdout } from '../../src/app/frame-diff.js';
import { renderScreen } from '../../src/app/screen-render.js';
import { screenLayout } from '../../components/screen-layout.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { createScreen } from './xterm-screen.js';

let insts: Instance[] = [];
afterEach(async () => {
  await act(async () => insts.forEach((i) => i.unmount()));
  insts = [];
});

export type Screen = ReturnType<typeof createScreen>;

/** `throttled`: frames and redraws on the frame clock as in the TUI (a test of the throttle itself). */
export async function mount(store: AppStore, cols: number, rows: number, opts: { throttled?: boolean } = {}) {
  const screen = createScreen(cols, rows);
  const writer = diffingStdout(screen.stdout as unknown as NodeJS.WriteStream);
  const counts = { inkFrames: 0, commits: 0 };
  await act(async () => {
    insts.push(
      renderScreen(
        <Profiler id="app" onRender={() => counts.commits++}>
          <App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: true, workspaceRoot: '/w' }} />
        </Profiler>,
        writer,
        {
          stdin: screen.stdin as unknown as NodeJS.ReadStream,
          patchConsole: false,
          onRender: () => counts.inkFrames++,
          // Frames and redraws go out as they happen: a test waits for what it expects on screen.
          immediateFrames: !opts.throttled,
        },
      ),
    );
  });
  await screen.flush();
  return { screen, writer, counts };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Until the screen shows what `check` wants (frames and redraws are throttled). */
export async function settled(screen: Screen, check: (lines: string[]) => boolean) {
  for (let i = 0; i < 200 && !check(screen.lines()); i++) {
    await act(async () => sleep(5));
    await screen.flush();
  }
  expect(check(screen.lines())).toBe(true);
}

/** The elapsed clocks run between two mounts; everything else must be the same. */
export const clockless = (lines: string[]) => lines.map((l) => l.replace(/\b\d+ s\b/g, 'T').trimEnd());

/** The same state drawn from scratch by a full frame at that size, once it shows what `check` wants. */
export async function freshScreen(store: AppStore, cols: number, rows: number, check: (lines: string[]) => boolean) {
  const fresh = await mount(store, cols, rows);
  await settled(fresh.screen, check);
  return clockless(fresh.screen.lines());
}

/**
 * The App with one bash call (`sleep 30`) running, on a clock the test moves: `at(ms)` sets
 * Date.now to `ms` after the start (the caller restores Date.now: vi.restoreAllMocks).
 */
export async function mountRunningCall(cols: number, rows: number, opts: { throttled?: boolean } = {}) {
  const t0 = Date.now();
  let now = t0;
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  const store = createAppStore({}, { layout: screenLayout });
  const mounted = await mount(store, cols, rows, opts);
  await act(async () => {
    const b = createEventBinding(store, { intervalMs: 0, now: () => now });
    b.push({ type: 'turn_start', prompt: 'wait a little' });
    b.push({ type: 'tool_call', id: 'w', name: 'bash', input: { command: 'sleep 30' }, readOnly: true });
    b.push({ type: 'tool_status', id: 'w', status: 'running' });
    b.flush();
  });
  await settled(mounted.screen, (l) => l.some((r) => r.includes('sleep 30')) && l.some((r) => r.includes('running 1 tool')));
  return { ...mounted, store, at: (ms: number) => void (now = t0 + ms) };
}
