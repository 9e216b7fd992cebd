// The clock's second drawn by the frame writer alone: while a call runs, the store's frame moves
// once a second so the elapsed counters (the call's card, the status line) move; with the spinners
// left to the writer nothing else in the rows does, so that reaches the terminal with no React
// commit and no Ink frame, the screen then exactly what a full frame of the same state shows.
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockless, freshScreen, mountRunningCall, settled } from './frame-writer-app.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the clock's second", () => {
  it("moves a running call's elapsed time and the turn's with no React commit or Ink frame, as a full frame would", async () => {
    const { store, screen, writer, counts, at } = await mountRunningCall(100, 24);
    const before = { ...counts, redrawn: writer.stats.redrawn };
    // Seven seconds on: the ticker's once-a-second store update.
    at(7_000);
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
