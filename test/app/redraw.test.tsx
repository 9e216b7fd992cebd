// Ctrl+L: after another program wrote over the screen (a `wall` message, a background job's
// output), the screen is cleared and the app's whole frame drawn again in a real terminal.
import React, { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Instance } from 'ink';
import { App } from '../../components/App.js';
import { screenLayout } from '../../components/screen-layout.js';
import { diffingStdout } from '../../src/app/frame-diff.js';
import { renderScreen } from '../../src/app/screen-render.js';
import { createAppStore } from '../../src/store/app-store.js';
import { handleAppKey } from '../../src/keys/key-pipeline.js';
import { keyPressOf } from '../../src/keys/key-names.js';
import { apply, turn } from '../components/history-fixtures.js';
import { createScreen } from './xterm-screen.js';

let inst: Instance | null = null;
afterEach(async () => {
  await act(async () => inst?.unmount());
  inst = null;
});

// Frames go out as React commits them (immediateFrames): nothing to wait out but xterm's parse.
async function settle(screen: { flush(): Promise<void> }) {
  await act(async () => {});
  await screen.flush();
}

describe('Ctrl+L', () => {
  it('clears what another program wrote over the screen and draws the frame whole again', async () => {
    const screen = createScreen(80, 20);
    await new Promise<void>((r) => screen.term.write('\x1b[?1049h\x1b[H', r));
    const frames = diffingStdout(screen.stdout as unknown as NodeJS.WriteStream);
    const store = createAppStore({ size: { cols: 80, rows: 20 } }, { layout: screenLayout, terminal: { redraw: () => frames.repaint() } });
    apply(store, turn('what is here', [], 'an answer the model gave'));
    await act(async () => {
      inst = renderScreen(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/w' }} />, frames, {
        stdin: screen.stdin as unknown as NodeJS.ReadStream,
        patchConsole: false,
        immediateFrames: true,
      });
    });
    await settle(screen);
    const before = screen.lines();
    expect(before.join('\n')).toContain('an answer the model gave');
    // Something else writes over the screen, not through the app.
    await new Promise<void>((r) => screen.term.write('\x1b[1;1HBroadcast message from root\x1b[8;5HSTRAY TEXT\x1b[2J\x1b[3;1Hleft behind', r));
    expect(screen.lines()).not.toEqual(before);
    act(() => handleAppKey(store, keyPressOf('\x0c'), { files: () => [], now: Date.now, history: { copy: async () => { throw new Error('no'); } } as never }));
    await settle(screen);
    expect(screen.lines()).toEqual(before);
  });
});
