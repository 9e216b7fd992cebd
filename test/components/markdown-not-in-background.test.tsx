// marked never loads in the background: not while the app waits for its first prompt, nor in the
// idle after a turn whose answer was plain (a background load was CPU in an idle app, and in the
// first turn of a person who typed at once). The app's timers are fake here, run a minute ahead.
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Harness } from './app-harness.js';

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate'] });
});

let h: Harness | null = null;
afterEach(async () => {
  vi.useRealTimers();
  const { closeApp } = await import('./app-harness.js');
  await closeApp(h);
  h = null;
});

/** Runs the app's timers `ms` ahead, inside act. */
const ahead = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('marked in the background', () => {
  it('does not load while the app waits for its first prompt, nor after a plain answer', async () => {
    const { renderApp } = await import('./app-harness.js');
    const { markdownRequested } = await import('../../components/markdown-lines.js');
    const { simpleTurn } = await import('../store/fake-agent.js');
    const { submit } = await import('../../src/keys/input-keys.js');
    h = await renderApp({ script: (p) => simpleTurn(p, 'A plain sentence.') });
    await ahead(60_000);
    expect(markdownRequested()).toBe(false);
    h.store.setState({ input: { text: 'hi', cursor: 2 } });
    submit(h.store);
    for (let i = 0; i < 100 && !(h.r.lastFrame()!.includes('A plain sentence.') && h.store.getState().phase === 'idle'); i++) await ahead(50);
    expect(h.r.lastFrame()).toContain('A plain sentence.');
    expect(h.store.getState().phase).toBe('idle');
    await ahead(60_000);
    expect(markdownRequested()).toBe(false);
  });
});
