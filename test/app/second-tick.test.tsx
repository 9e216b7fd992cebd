// The ticker's once-a-second tick on the frame writer: the spinners turn and the elapsed counters
// move in the same moment, and the screen gets one redraw for both, not one for the glyphs and a
// second for the clock's new rows right after it.
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenLayout } from '../../components/screen-layout.js';
import { createAppStore } from '../../src/store/app-store.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { startTicker } from '../../src/store/ticker.js';
import { mount, settled } from './frame-writer-app.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the ticker's second", () => {
  it('turns the spinners and moves the clocks in one redraw', async () => {
    const t0 = Date.now();
    let now = t0;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const store = createAppStore({}, { layout: screenLayout });
    // On the frame clock as in the TUI: redraws asked in one moment are one.
    const { screen, writer } = await mount(store, 100, 24, { throttled: true });
    await act(async () => {
      const b = createEventBinding(store, { intervalMs: 0, now: () => now });
      b.push({ type: 'turn_start', prompt: 'wait a little' });
      b.push({ type: 'tool_call', id: 'w', name: 'bash', input: { command: 'sleep 30' }, readOnly: true });
      b.push({ type: 'tool_status', id: 'w', status: 'running' });
      b.flush();
    });
    await settled(screen, (l) => l.some((r) => r.includes('sleep 30')) && l.some((r) => r.includes('running 1 tool')));
    // Only the ticker's clock is a fake one: four ticks make its second.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const ticker = startTicker(store, { spin: writer.spin, intervalMs: 250 });
    try {
      for (let i = 1; i <= 3; i++) {
        vi.advanceTimersByTime(250);
        await act(async () => {});
      }
      now = t0 + 7_000;
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
