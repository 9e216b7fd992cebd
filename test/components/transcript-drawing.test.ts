// What the transcript is drawn from is built once per store state: its in-place listener and its
// selector both ask for it on every update (with 8 child agents running, several a second).
import { describe, expect, it } from 'vitest';
import { drawingOf } from '../../components/transcript-rows.js';
import { createAppStore } from '../../src/store/app-store.js';

describe("the transcript's drawing", () => {
  it('is the same object for the same state, and a new one for a new state', () => {
    const store = createAppStore();
    const s = store.getState();
    const first = drawingOf(s);
    expect(drawingOf(s)).toBe(first);
    store.setState({ scrollBack: 3 });
    const next = drawingOf(store.getState());
    expect(next).not.toBe(first);
    expect(next.scrollBack).toBe(3);
    expect(drawingOf(s)).toEqual(first);
  });
});
