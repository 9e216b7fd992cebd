// ↑ brings a prompt that held a long paste back as it was typed: the same `[pasted N lines]`
// chip, sent whole again — not every pasted line spelled out in the input.
import { afterEach, describe, expect, it } from 'vitest';
import { frame, KEYS, press } from './act-helpers.js';
import { closeApp, renderApp, waitFor, type Harness } from './app-harness.js';

let h: Harness | null = null;
afterEach(async () => {
  await closeApp(h);
  h = null;
});

const typed = (x: Harness) => x.store.getState().input;
const rows = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} ${i}`);

describe('recalling a pasted prompt', () => {
  it('shows the same chip on ↑, and sending it again sends the whole paste', async () => {
    h = await renderApp();
    const pasted = rows(40, 'row');
    await press(h.r, 'fix ', KEYS.pasteStart, pasted.join('\r'), KEYS.pasteEnd, ' please');
    await press(h.r, KEYS.enter);
    await waitFor(() => h!.agent.prompts.length === 1);
    const sent = `fix ${pasted.join('\n')} please`;
    expect(h.agent.prompts[0]).toBe(sent);
    await waitFor(() => h!.store.getState().phase === 'idle');

    const before = frame(h.r);
    await press(h.r, KEYS.up);
    expect(typed(h).text).toBe('fix [pasted 40 lines] please');
    const screen = frame(h.r);
    expect(screen).toContain('fix [pasted 40 lines] please');
    // The input grew by the chip only: no pasted row appeared on screen beyond the transcript's.
    const count = (t: string) => t.split('row 3').length;
    expect(count(screen)).toBe(count(before));
    expect(screen.split('\n').length).toBe(before.split('\n').length);
    await press(h.r, KEYS.enter);
    await waitFor(() => h!.agent.prompts.length === 2);
    expect(h.agent.prompts[1]).toBe(sent);
  });

  it('walks past a pasted prompt and back to the draft, the draft keeping its own chip', async () => {
    h = await renderApp();
    await press(h.r, ...'plain one');
    await press(h.r, KEYS.enter);
    await waitFor(() => h!.agent.prompts.length === 1 && h!.store.getState().phase === 'idle');
    await press(h.r, KEYS.pasteStart, rows(6, 'a').join('\r'), KEYS.pasteEnd);
    await press(h.r, KEYS.enter);
    await waitFor(() => h!.agent.prompts.length === 2 && h!.store.getState().phase === 'idle');

    // A new draft with a paste of its own, then up twice and down twice.
    await press(h.r, 'draft ', KEYS.pasteStart, rows(7, 'b').join('\r'), KEYS.pasteEnd);
    expect(typed(h).text).toBe('draft [pasted 7 lines]');
    await press(h.r, KEYS.up);
    expect(typed(h).text).toBe('[pasted 6 lines]');
    await press(h.r, KEYS.up);
    expect(typed(h).text).toBe('plain one');
    await press(h.r, KEYS.down);
    expect(typed(h).text).toBe('[pasted 6 lines]');
    await press(h.r, KEYS.down);
    expect(typed(h).text).toBe('draft [pasted 7 lines]');
    await press(h.r, KEYS.enter);
    await waitFor(() => h!.agent.prompts.length === 3);
    expect(h.agent.prompts[2]).toBe(`draft ${rows(7, 'b').join('\n')}`);
  });

  it('a paste into a recalled prompt gets a label of its own, so each chip still sends its own text', async () => {
    h = await renderApp();
    await press(h.r, KEYS.pasteStart, rows(5, 'x').join('\r'), KEYS.pasteEnd);
    await press(h.r, KEYS.enter);
    await waitFor(() => h!.agent.prompts.length === 1 && h!.store.getState().phase === 'idle');
    await press(h.r, KEYS.up, ' and ', KEYS.pasteStart, rows(5, 'y').join('\r'), KEYS.pasteEnd);
    expect(typed(h).text).toBe('[pasted 5 lines] and [pasted 5 lines #2]');
    await press(h.r, KEYS.enter);
    await waitFor(() => h!.agent.prompts.length === 2);
    expect(h.agent.prompts[1]).toBe(`${rows(5, 'x').join('\n')} and ${rows(5, 'y').join('\n')}`);
  });
});
