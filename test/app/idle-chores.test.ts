// The app's after-the-first-frame chores wait while a turn runs: a real store, its phase moved as
// a prompt sent at once and its turn's end move it.
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../src/store/app-store.js';
import { whenIdle } from '../../src/app/idle-chores.js';

describe('a chore after the first frame', () => {
  it('runs at once when the app is idle', () => {
    const store = createAppStore();
    let runs = 0;
    whenIdle(store, () => runs++);
    expect(runs).toBe(1);
  });

  it('waits while a turn runs, then runs once', () => {
    const store = createAppStore();
    store.setState({ phase: 'waiting' });
    let runs = 0;
    whenIdle(store, () => runs++);
    store.setState({ phase: 'responding' });
    store.setState({ phase: 'tools' });
    expect(runs).toBe(0);
    store.setState({ phase: 'idle' });
    expect(runs).toBe(1);
    store.setState({ phase: 'waiting' });
    store.setState({ phase: 'idle' });
    expect(runs).toBe(1);
  });
});
