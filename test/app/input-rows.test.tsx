// The prompt box on the frame writer: typed text that keeps the box's height reaches the terminal
// with no React commit and no Ink frame (its rows drawn in place), the screen then what a full
// frame of the same state shows; a line more is a real frame.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { screenLayout } from '../../components/screen-layout.js';
import { createAppStore } from '../../src/store/app-store.js';
import { clockless, freshScreen, mount, settled } from './frame-writer-app.js';

const typed = (text: string) => ({ input: { text, cursor: text.length } });

describe('the prompt box', () => {
  it('draws typed text in place, as a full frame would, and renders when it grows a row', async () => {
    const store = createAppStore({}, { layout: screenLayout });
    const { screen, writer, counts } = await mount(store, 80, 24);
    await act(async () => store.setState(typed('h')));
    await settled(screen, (l) => l.some((r) => r.includes('› h')));
    const before = { ...counts, redrawn: writer.stats.redrawn };
    for (const text of ['hi', 'hi there', 'hi there, a question']) {
      await act(async () => store.setState(typed(text)));
      await settled(screen, (l) => l.some((r) => r.includes(text)));
    }
    expect(counts.commits).toBe(before.commits);
    expect(counts.inkFrames).toBe(before.inkFrames);
    expect(writer.stats.redrawn - before.redrawn).toBe(3);
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 80, 24, (l) => l.some((r) => r.includes('a question'))));

    // A second line: the box is a row taller, everything below it moves — a real frame.
    await act(async () => store.setState(typed('hi there, a question\nand a second line')));
    await settled(screen, (l) => l.some((r) => r.includes('and a second line')));
    expect(counts.commits).toBeGreaterThan(before.commits);
    expect(clockless(screen.lines())).toEqual(await freshScreen(store, 80, 24, (l) => l.some((r) => r.includes('and a second line'))));
  });
});
