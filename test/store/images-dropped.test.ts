// The images-only pass as the transcript shows it: one line naming the dropped images and the
// context's size before and after, and the meter moves to the new size.
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../src/store/app-store.js';
import { applyEvents } from '../../src/store/apply-events.js';

describe('images_dropped in the transcript', () => {
  it('says which images left the context and sets the meter', () => {
    const state = createAppStore().getState();
    const next = applyEvents(state, [
      { type: 'turn_start', prompt: 'and c' },
      { type: 'images_dropped', images: [{ name: 'a.png', width: 1500, height: 1500 }, { name: 'image #1', width: 20, height: 20 }], keptMessages: 3, tokensBefore: 9200, tokensAfter: 3100 },
    ], 1000);
    expect(next.items!.at(-1)).toMatchObject({ kind: 'notice', text: 'dropped 2 images from the context to make room (a.png 1500×1500, image #1 20×20): 9.2k → 3.1k tokens' });
    expect(next.contextTokens).toBe(3100);
  });
});
