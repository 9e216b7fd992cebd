// A prompt's images on screen: a line under the prompt with each image's name, dimensions and size
// (never its bytes), and history mode's `o` on the prompt shows the file each came from.
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import { act } from 'react';
import { sendPrompt } from '../../src/store/input-actions.js';
import { frame, KEYS, press } from './act-helpers.js';
import { closeApp, renderApp, waitFor, type Harness } from './app-harness.js';

let h: Harness | null = null;
afterEach(async () => {
  await closeApp(h);
  h = null;
});

const SHOT = { name: 'shot.png', width: 800, height: 600, bytes: 42_188, path: '/work/shots/shot.png' };

async function* turnWithImage(prompt: string): AsyncIterable<AgentEvent> {
  yield { type: 'turn_start', prompt, images: [SHOT] };
  yield { type: 'request_start', iteration: 1 };
  yield { type: 'text_delta', text: 'A screenshot.' };
  yield { type: 'turn_end', reason: 'end_turn' };
}

describe("a prompt's image card", () => {
  it('shows the image line under the prompt, and o in history mode shows its path', async () => {
    h = await renderApp({ script: turnWithImage });
    // Sent as the prompt box sends a prompt with an attached image (the card shows from Enter on).
    const store = h.store;
    await act(async () => sendPrompt(store, 'what is this?', 'what is this?', [{ type: 'image', mediaType: 'image/png', data: '', ...SHOT }]));
    const x = h;
    await waitFor(() => x.store.getState().phase === 'idle' && frame(x.r).includes('A screenshot.'));
    expect(frame(h.r)).toContain('image: shot.png · 800×600 · 41 KB');
    expect(frame(h.r)).not.toContain('/work/shots/shot.png');

    await press(h.r, KEYS.ctrlO);
    for (let i = 0; i < 5 && x.store.getState().history.selectedId !== x.store.getState().items[0]!.id; i++) await press(h.r, 'k');
    expect(h.store.getState().history.selectedId).toBe(h.store.getState().items[0]!.id);
    await press(h.r, 'o');
    await waitFor(() => frame(x.r).includes('/work/shots/shot.png'));
    expect(h.store.getState().mode).toBe('pager');
    expect(frame(h.r)).toContain('image: shot.png · 800×600 · 41 KB');
  });
});
