// The ticker's once-a-second tick on the frame writer: the spinners turn and the elapsed counters
// move in the same moment, and the screen gets one redraw for both, not one for the glyphs and a
// second for the clock's new rows right after it.
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTicker } from '../../src/store/ticker.js';
import { mountRunningCall, settled } from './frame-writer-app.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the ticker's second", () => {
  it('turns the spinners and moves the clocks in one redraw', async () => {
    // On the frame clock as in the TUI: redraws asked in one moment are one.
    const { store, screen, writer, at } = await mountRunningCall(100, 24, { throttled: true });
    // Only the ticker's clock is a fake one: four ticks make its second.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const ticker = startTicker(store, { spin: writer.spin, intervalMs: 250 });
    try {
      for (let i = 1; i <= 3; i++) {
        vi.advanceTimersByTime(250);
        await act(async () => {});
      }
      at(7_000);
      const before = writer.stats.redrawn;
      vi.advanceTimersByTime(250);
      await act(async () => {});
      expect(writer.stats.redrawn - before).toBe(1);
    } finally {
      ticker.stop();
    }
    await settled(screen, (l) => l.some((r) => /running 1 tool\s+7 s/.test(r)));
  });
});
