// A key's frame is drawn as soon as the key is handled, not when Ink's frame throttle (maxFps)
// next allows: during a flood the pane's frames keep that throttle busy.
import React, { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Instance } from 'ink';
import { App } from '../../components/App.js';
import { KeyOwner } from '../../src/app/key-owner.js';
import { diffingStdout } from '../../src/app/frame-diff.js';
import { renderScreen } from '../../src/app/screen-render.js';
import { createAppStore } from '../../src/store/app-store.js';
import { createScreen } from '../app/xterm-screen.js';

describe('a key during a busy frame throttle', () => {
  let inst: Instance | null = null;
  afterEach(async () => {
    await act(async () => inst?.unmount());
    inst = null;
  });

  it('is drawn within the same turn of the event loop, before any timer runs', async () => {
    const screen = createScreen(80, 20);
    await act(async () => {
      // Throttled, as the app runs (maxFps).
      inst = renderScreen(<KeyOwner><App store={createAppStore()} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: true, workspaceRoot: '/w' }} /></KeyOwner>, diffingStdout(screen.stdout as unknown as NodeJS.WriteStream), {
        stdin: screen.stdin as unknown as NodeJS.ReadStream,
        patchConsole: false,
      });
    });
    await act(async () => new Promise((r) => setTimeout(r, 100)));
    const written = () => screen.stdout.writes.join('');
    // The first key takes the throttle's leading edge; each next one comes within its period, so
    // Ink alone would hold it for a timer. Only microtasks run between the key and the check.
    for (const key of 'qwerty') {
      const before = screen.stdout.writes.length;
      screen.stdin.write(key);
      for (let i = 0; i < 5; i++) await Promise.resolve();
      expect(screen.stdout.writes.length, `key ${key}`).toBeGreaterThan(before);
    }
    expect(written()).toContain('y');
    await screen.flush();
    expect(screen.lines().some((l) => l.includes('qwerty'))).toBe(true);
  });

  it('is not rendered a second time when Ink drew its frame at once (an idle throttle)', async () => {
    const screen = createScreen(80, 20);
    let rendered = 0;
    await act(async () => {
      inst = renderScreen(<KeyOwner><App store={createAppStore()} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: true, workspaceRoot: '/w' }} /></KeyOwner>, diffingStdout(screen.stdout as unknown as NodeJS.WriteStream), {
        stdin: screen.stdin as unknown as NodeJS.ReadStream,
        patchConsole: false,
        onRender: () => rendered++,
      });
    });
    for (const key of 'abc') {
      // Past the throttle's period: the key's commit takes its leading edge, a frame at once.
      await act(async () => new Promise((r) => setTimeout(r, 100)));
      const before = { rendered, writes: screen.stdout.writes.length };
      screen.stdin.write(key);
      for (let i = 0; i < 5; i++) await Promise.resolve();
      expect(screen.stdout.writes.length, `key ${key} drawn`).toBeGreaterThan(before.writes);
      expect(rendered - before.rendered, `key ${key}: Ink's frames`).toBe(1);
    }
    await screen.flush();
    expect(screen.lines().some((l) => l.includes('abc'))).toBe(true);
  });
});
