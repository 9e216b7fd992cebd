// marked loads in the background only in the idle after a turn: an app left alone after its first
// frame never loads it (the start-up's deferred work, or the first turn of a person who types at
// once, would pay for it), and neither does a plain answer; once a turn has ended, it does.
import React from 'react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Harness } from './app-harness.js';

beforeEach(() => vi.resetModules());

let h: Harness | null = null;
afterEach(async () => {
  const { closeApp } = await import('./app-harness.js');
  await closeApp(h);
  h = null;
});

/** An App whose background load waits 0 ms, as run-tui wires it otherwise. */
async function appLoadingMarkdownAtOnce() {
  const harness = await import('./app-harness.js');
  const { markdownRequested } = await import('../../components/markdown-lines.js');
  const { App } = await import('../../components/App.js');
  const { simpleTurn } = await import('../store/fake-agent.js');
  const { submit } = await import('../../src/keys/input-keys.js');
  h = await harness.renderApp({ script: (p) => simpleTurn(p, 'A plain sentence.') });
  const store = h.store;
  h.r.rerender(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/w' }} markdownDelayMs={0} />);
  return { ...harness, markdownRequested, send: (text: string) => { store.setState({ input: { text, cursor: text.length } }); submit(store); } };
}

/** Lets every timer already due run (a 0 ms timer set before this one runs before it). */
const timersDue = () => act(async () => { await new Promise((r) => setTimeout(r, 0)); await new Promise((r) => setTimeout(r, 0)); });

describe('marked in the background', () => {
  it('does not load while the app waits for its first prompt; loads in the idle after a turn, though the answer was plain', async () => {
    const app = await appLoadingMarkdownAtOnce();
    await timersDue();
    expect(app.markdownRequested()).toBe(false);
    app.send('hi');
    await app.waitFor(() => h!.r.lastFrame()!.includes('A plain sentence.') && h!.store.getState().phase === 'idle');
    await app.waitFor(() => app.markdownRequested());
  });
});
