// The clock's second drawn by the frame writer alone: while a call runs, the store's frame moves
// once a second so the elapsed counters (the call's card, the status line) move; with the spinners
// left to the writer nothing else in the rows does, so that reaches the terminal with no React
// commit and no Ink frame, the screen then exactly what a full frame of the same state shows.
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenLayout } from '../../components/screen-layout.js';
import { createAppStore } from '../../src/store/app-store.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { clockless, freshScreen, mount, settled } from './frame-writer-app.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the clock's second", () => {
  it("moves a running call's elapsed time and the turn's with no React commit or Ink frame, as a full frame would", async () => {
    const t0 = Date.now();
    let now = t0;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const store = createAppStore({}, { layout: screenLayout });
    const { screen, writer, counts } = await mount(store, 100, 24);
    await act(async () => {
      const b = createEventBinding(store, { intervalMs: 0, now: () => now });
      b.push({ type: 'turn_start', prompt: 'wait a little' });
      b.push({ type: 'tool_call', id: 'w', name: 'bash', input: { command: 'sleep 30' }, readOnly: true });
      b.push({ type: 'tool_status', id: 'w', status: 'running' });
      b.flush();
    });
    await settled(screen, (l) => l.some((r) => r.includes('sleep 30')) && l.some((r) => r.includes('running 1 tool')));
    const before = { ...counts, redrawn: writer.stats.redrawn };
    // Seven seconds on: the ticker's once-a-second store update.
    now = t0 + 7_000;
    await act(async () => store.setState((s) => ({ frame: s.frame + 1 })));
    const card = (l: string[]) => l.find((r) => r.includes('sleep 30')) ?? '';
    await settled(screen, (l) => /\b7 s\b/.test(card(l)) && l.some((r) => /running 1 tool\s+7 s/.test(r)));
    expect(counts.commits).toBe(before.commits);
    expect(counts.inkFrames).toBe(before.inkFrames);
    expect(writer.stats.redrawn).toBeGreaterThan(before.redrawn);
    // (Both clocks read 7 s: what the two screens show is compared with the clocks left out.)
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 100, 24, (l) => /\b7 s\b/.test(card(l))));
  });
});
