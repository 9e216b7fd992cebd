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

  it('is one Ink frame when Ink drew it at once (an idle throttle), none when it is typed text', async () => {
    const screen = createScreen(80, 20);
    let rendered = 0;
    await act(async () => {
      inst = renderScreen(<KeyOwner><App store={createAppStore()} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: true, workspaceRoot: '/w' }} /></KeyOwner>, diffingStdout(screen.stdout as unknown as NodeJS.WriteStream), {
        stdin: screen.stdin as unknown as NodeJS.ReadStream,
        patchConsole: false,
        onRender: () => rendered++,
      });
    });
    // Past the throttle's period each time: a key's commit takes its leading edge, a frame at once.
    const press = async (key: string) => {
      await act(async () => new Promise((r) => setTimeout(r, 100)));
      const before = { rendered, writes: screen.stdout.writes.length };
      screen.stdin.write(key);
      for (let i = 0; i < 5; i++) await Promise.resolve();
      expect(screen.stdout.writes.length, `key ${JSON.stringify(key)} drawn`).toBeGreaterThan(before.writes);
      return rendered - before.rendered;
    };
    // Typed text: the prompt box's rows drawn in place by the frame writer, no Ink frame at all.
    for (const key of 'abc') expect(await press(key), `typed ${key}: Ink's frames`).toBe(0);
    await screen.flush();
    expect(screen.lines().some((l) => l.includes('abc'))).toBe(true);
    // A key that changes Ink's own rows (the command menu opens): one frame, not a second after it.
    await press('\x15'); // Ctrl+U: the prompt empty again, drawn in place
    expect(await press('/'), "the menu's Ink frames").toBe(1);
    await screen.flush();
    expect(screen.lines().some((l) => l.includes('/help'))).toBe(true);
  });
});
