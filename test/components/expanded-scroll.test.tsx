// An expanded command whose output is taller than its window scrolls inside the card with
// PgUp/PgDn in history mode: every row the card holds can be reached (the pager has the rest), the header and input stay,
// and past either end PgUp/PgDn move the selection as before.
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { createAppStore, type AppStore } from '../../src/store/app-store.js';
import { screenLayout } from '../../components/screen-layout.js';
import { frame, KEYS, press, renderAct, unmountAct, type Rendered } from './act-helpers.js';
import { apply, bashCall, turn } from './history-fixtures.js';

interface H { r: Rendered; store: AppStore }
let h: H | null = null;
afterEach(async () => {
  if (h) await unmountAct(h.r);
  h = null;
});

const ROWS = Array.from({ length: 90 }, (_, i) => `out-row-${i + 1}`);

async function renderSession(): Promise<H> {
  const store = createAppStore({}, { layout: screenLayout });
  // The card holds the newest 70 rows; the 20 before them are in the pager.
  apply(store, turn('first prompt', [bashCall('b1', 'seq 1 90', ROWS, { kept: 70 })], 'first answer'));
  const r = await renderAct(<App store={store} header={{ modelLabel: 'm', isDemo: false, workspaceRoot: '/w' }} />);
  return { r, store };
}

const shownRows = (x: H) => frame(x.r).split('\n').flatMap((l) => /out-row-(\d+)\b/.exec(l)?.[1] ?? []).map(Number);

describe('an expanded command taller than its window', () => {
  it('PgUp scrolls its output up to the first row the card holds, PgDn back to the newest, header always in view', async () => {
    h = await renderSession();
    await press(h.r, KEYS.ctrlO, KEYS.up);
    expect(h.store.getState().history.selectedId).toBe('b1');
    await press(h.r, KEYS.enter);
    const newest = shownRows(h);
    expect(newest.at(-1)).toBe(90);
    expect(newest[0]).toBeGreaterThan(1);
    const seen = new Set(newest);
    for (let i = 0; i < 20 && !seen.has(21); i++) {
      await press(h.r, KEYS.pageUp);
      expect(h.store.getState().history.selectedId).toBe('b1');
      const f = frame(h.r);
      expect(f).toContain('✓ bash seq 1 90');
      expect(f).toMatch(/… \d+ later lines · PgDn/);
      for (const n of shownRows(h)) seen.add(n);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(ROWS.slice(20).map((_, i) => i + 21));
    expect(frame(h.r)).toContain('… 20 earlier lines — o opens the pager · PgUp/PgDn scroll');
    // At the top, PgUp moves the selection on, as it does for any stop.
    await press(h.r, KEYS.pageUp);
    expect(h.store.getState().history.selectedId).not.toBe('b1');
    // Coming back, the card starts again at its newest rows.
    for (let i = 0; i < 4 && h.store.getState().history.selectedId !== 'b1'; i++) await press(h.r, KEYS.down);
    expect(h.store.getState().history.selectedId).toBe('b1');
    expect(h.store.getState().history.outputScroll).toBe(0);
    expect(shownRows(h).at(-1)).toBe(90);
  });

  it('PgDn from a scrolled card comes back down to the newest row before it moves the selection', async () => {
    h = await renderSession();
    await press(h.r, KEYS.ctrlO, KEYS.up, KEYS.enter, KEYS.pageUp, KEYS.pageUp);
    expect(h.store.getState().history.outputScroll).toBeGreaterThan(0);
    for (let i = 0; i < 10 && h.store.getState().history.outputScroll > 0; i++) await press(h.r, KEYS.pageDown);
    expect(h.store.getState().history.selectedId).toBe('b1');
    expect(shownRows(h).at(-1)).toBe(90);
    expect(frame(h.r)).not.toContain('later lines');
    await press(h.r, KEYS.pageDown);
    expect(h.store.getState().history.selectedId).not.toBe('b1');
  });
});
