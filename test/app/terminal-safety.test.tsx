// The corpus of hostile strings through every path the UI draws — model text, thinking, each
// tool's card header, collapsed and expanded bodies, diffs, list and grep results, error
// messages, the status line, the pager and copy — rendered through the real frame writer into a
// terminal emulator. What was written must hold no sequence that acts, the emulator must see no
// title change and no clipboard request, and the frame guard must never have had to drop a thing
// (the boundary already made all of it visible).
import React, { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Instance } from 'ink';
import { App } from '../../components/App.js';
import { KeyOwner } from '../../src/app/key-owner.js';
import { diffingStdout } from '../../src/app/frame-diff.js';
import { renderScreen } from '../../src/app/screen-render.js';
import { isSafeText } from '../../src/core/text/safe-text.js';
import { createAppStore } from '../../src/store/app-store.js';
import { screenLayout } from '../../components/screen-layout.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { HOSTILE, hostileSession, SPLIT_DELTAS, unsafeSequences } from '../helpers/hostile-text.js';
import { createScreen } from './xterm-screen.js';

let inst: Instance | null = null;
afterEach(async () => {
  await act(async () => inst?.unmount());
  inst = null;
});

// Frames go out as React commits them (immediateFrames): nothing to wait out but xterm's parse.
const settle = async (screen: { flush(): Promise<void> }) => {
  await act(async () => {});
  await screen.flush();
};

describe('hostile text through every path to the terminal', () => {
  it('reaches the terminal only as visible text', async () => {
    const evil = Object.values(HOSTILE).join(' ');
    const store = createAppStore({}, { layout: screenLayout });
    const screen = createScreen(120, 60);
    const titles: string[] = [];
    const clipboard: string[] = [];
    screen.term.onTitleChange((t) => titles.push(t));
    screen.term.parser.registerOscHandler(52, (data) => {
      clipboard.push(data);
      return true;
    });
    const copied: string[] = [];
    const out = diffingStdout(screen.stdout as unknown as NodeJS.WriteStream);
    await act(async () => {
      inst = renderScreen(
        <KeyOwner><App
          store={store}
          header={{ modelLabel: `claude ${HOSTILE.osc0Bel}`, isDemo: false, workspaceRoot: `/w/${HOSTILE.osc52Bel}` }}
          historyEnv={{ copy: async (text) => { copied.push(text); return { ok: true, bytes: text.length, lines: 1, osc52: false, program: null, problems: [], summary: `copied ${HOSTILE.c1Osc}` }; } }}
        /></KeyOwner>,
        out,
        { stdin: screen.stdin as unknown as NodeJS.ReadStream, patchConsole: false, immediateFrames: true },
      );
    });
    const binding = createEventBinding(store, { intervalMs: 0 });
    const events = hostileSession(evil);
    // Everything but the turn's end: the status line still shows the retry and its reason.
    await act(async () => {
      for (const ev of events.slice(0, -1)) binding.push(ev);
      binding.push({ type: 'text_delta', text: SPLIT_DELTAS[0] });
      binding.flush();
      binding.push({ type: 'text_delta', text: SPLIT_DELTAS[1] });
      binding.flush();
    });
    await settle(screen);
    await act(async () => {
      binding.push(events.at(-1)!);
    });
    await settle(screen);
    const key = async (k: string) => {
      await act(async () => screen.stdin.write(k));
      await settle(screen);
    };
    // History mode: every stop expanded, opened in the pager and copied (output and input).
    await key('\x0f');
    const stops = store.getState().items.length;
    for (let i = 0; i < stops; i++) {
      await key('\r');
      await key('o');
      await key('q');
      await key('y');
      await key('Y');
      await key('k');
    }
    const written = screen.stdout.writes.join('');
    expect(written.length).toBeGreaterThan(10_000);
    expect(unsafeSequences(written)).toEqual([]);
    expect(titles).toEqual([]);
    expect(clipboard).toEqual([]);
    expect(out.guard.dropped).toBe(0);
    // The text is all there, made visible.
    expect(written).toContain('after-osc52');
    expect(written).toContain('␛]52;c;SGVsbG8=␇');
    expect(written).toContain('⟨RLO⟩');
    expect(copied.length).toBeGreaterThan(5);
    expect(copied.filter((t) => !isSafeText(t))).toEqual([]);
  }, 60_000);
});
