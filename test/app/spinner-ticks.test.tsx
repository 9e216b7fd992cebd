// The spinners turn in the frame writer: a tick rewrites the rows that hold a spinner and nothing
// else happens — no store update, no React commit, no layout — while the terminal shows every
// glyph in turn, real frames between ticks keep the glyph of now, and a resize mid-spin redraws
// as a fresh app would.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { itemRenderCount } from '../../components/transcript-layout.js';
import { screenLayout } from '../../components/screen-layout.js';
import { SPINNER, spinnerAt } from '../../components/text-layout.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { createEventBinding } from '../../src/store/event-binding.js';
import { startTicker, type Ticker } from '../../src/store/ticker.js';
import { mount, type Screen } from './frame-writer-app.js';

let tickers: Ticker[] = [];
afterEach(() => {
  tickers.forEach((t) => t.stop());
  tickers = [];
});


/** A turn with one command running, its card and the status line both spinning. */
function runningCommand(store: AppStore) {
  const b = createEventBinding(store, { intervalMs: 0 });
  b.push({ type: 'turn_start', prompt: 'wait a while' });
  b.push({ type: 'tool_call', id: 's1', name: 'bash', input: { command: 'sleep 9' }, readOnly: false });
  b.push({ type: 'tool_status', id: 's1', status: 'running' });
  b.flush();
  return b;
}

/** Until Ink has drawn what the store holds now (its frames are throttled). */
async function settled(screen: Screen, check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) {
    await act(async () => new Promise((r) => setTimeout(r, 5)));
    await screen.flush();
  }
}

const spinnerRows = (lines: string[]) => lines.filter((l) => /sleep 9|running 1 tool/.test(l));

describe('spinner ticks', () => {
  it('turn the glyphs on screen with no store update, React commit or layout', async () => {
    const store = createAppStore({}, { layout: screenLayout });
    const { screen, writer, counts } = await mount(store, 80, 24);
    await act(async () => void runningCommand(store));
    await settled(screen, () => spinnerRows(screen.lines()).length === 2);
    expect(spinnerRows(screen.lines()).map((l) => l.trim()[0])).toEqual([SPINNER[0], SPINNER[0]]);

    const before = { ...counts, items: itemRenderCount(), writes: screen.stdout.writes.length, frame: store.getState().frame };
    let storeUpdates = 0;
    const unsubscribe = store.subscribe(() => storeUpdates++);
    // Ticks 10 ms apart: a second (when the store hears of the time) is a hundred of them away.
    const ticks: number[] = [];
    const done = new Promise<void>((resolve) => {
      const ticker = startTicker(store, {
        intervalMs: 10,
        spin: (t) => {
          writer.spin(t);
          ticks.push(t);
          if (ticks.length === 6) resolve();
        },
      });
      tickers.push(ticker);
    });
    await done;
    tickers.forEach((t) => t.stop());
    unsubscribe();
    await screen.flush();

    expect(storeUpdates).toBe(0);
    expect(store.getState().frame).toBe(before.frame);
    expect(counts.commits).toBe(before.commits);
    expect(counts.inkFrames).toBe(before.inkFrames);
    expect(itemRenderCount()).toBe(before.items);
    // One write per tick, each the next glyph, only the spinners' rows rewritten.
    const writes = screen.stdout.writes.slice(before.writes);
    expect(writes).toHaveLength(ticks.length);
    writes.forEach((w, i) => {
      expect(w).toContain(spinnerAt(ticks[i]!));
      expect(w.split('\x1b[2K').length - 1).toBe(2);
    });
    const last = spinnerAt(ticks.at(-1)!);
    expect(spinnerRows(screen.lines()).map((l) => l.trim()[0])).toEqual([last, last]);
  });

  it('keeps the glyph of now through a real frame, and redraws a resize as a fresh app would', async () => {
    const store = createAppStore({}, { layout: screenLayout });
    const { screen, writer } = await mount(store, 80, 24);
    let b!: ReturnType<typeof runningCommand>;
    await act(async () => {
      b = runningCommand(store);
    });
    await settled(screen, () => spinnerRows(screen.lines()).length === 2);
    writer.spin(3);
    await screen.flush();
    const glyphs = () => spinnerRows(screen.lines()).map((l) => l.trim()[0]);
    expect(glyphs()).toEqual([SPINNER[3], SPINNER[3]]);
    // A frame of Ink's (a notice arrives) draws the spinners as the last tick left them.
    await act(async () => {
      b.push({ type: 'notice', message: 'something happened' });
      b.flush();
    });
    await settled(screen, () => screen.lines().some((l) => l.includes('something happened')));
    expect(glyphs()).toEqual([SPINNER[3], SPINNER[3]]);

    // Narrower mid-spin, a tick at once and another once the app has laid out again.
    await act(async () => {
      screen.stdout.resize(60, 20);
      writer.spin(4);
    });
    // (Ink's first frame after a resize is the old layout cut to the new size.)
    await settled(screen, () => spinnerRows(screen.lines()).length === 2 && !screen.lines().some((l) => l.endsWith('…')));
    writer.spin(5);
    await screen.flush();
    expect(glyphs()).toEqual([SPINNER[5], SPINNER[5]]);
    // The same state drawn from scratch at that size, its writer turned to the same glyph.
    const fresh = await mount(store, 60, 20);
    fresh.writer.spin(5);
    await fresh.screen.flush();
    const clockless = (lines: string[]) => lines.map((l) => l.replace(/\d+ s\b/, 'T').trimEnd());
    expect(clockless(screen.lines())).toEqual(clockless(fresh.screen.lines()));
  });
});
