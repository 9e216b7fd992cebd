// The pickers' filter fields (/resume, /model) are store-edited lines fed by the key pipeline:
// a burst of 200 keys written before React renders keeps every key in order (ink-text-input,
// which they used before, read its value from the last render and kept only the last key), the
// line editing keys work, and a paste goes into the filter.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SafeText } from '../../src/core/text/safe-text.js';
import type { PickerRow } from '../../src/store/list-picker.js';
import { frame, KEYS, press, settle, unmountAct } from './act-helpers.js';
import { renderApp, type Harness } from './app-harness.js';

let h: Harness | undefined;
afterEach(async () => {
  if (h) await unmountAct(h.r);
  h = undefined;
});

const BURST = Array.from({ length: 200 }, (_, i) => 'abcdefghij0123456789'[i % 20]!).join('');

const row = (id: string, title: string): PickerRow => ({
  id, title: title as SafeText, workspace: '/w' as SafeText, model: 'm' as SafeText, updatedAt: Date.now(), turns: 1, bytes: 10, current: false,
});

async function openSessionPicker(): Promise<void> {
  h = await renderApp();
  await act(async () => {
    h!.store.setState({
      mode: 'picker',
      picker: { scope: 'workspace', filter: '', rows: [row('aaaa1111', 'fix the parser'), row('bbbb2222', 'write the docs')], selected: 0, phase: 'ready', returnTo: 'input' },
    });
  });
}

async function openModelPicker(): Promise<void> {
  h = await renderApp();
  await act(async () => {
    h!.store.setState({
      mode: 'model',
      modelPicker: { phase: 'ready', current: 'gpt-a', filter: '', selected: 0, models: [{ id: 'gpt-a', contextWindow: 128_000 }, { id: 'llama-3-70b', contextWindow: null }] },
    });
  });
}

async function burst(text: string): Promise<void> {
  await act(async () => {
    for (const ch of text) h!.r.stdin.write(ch);
  });
  await settle(20);
}

describe('the session picker filter', () => {
  it('takes a burst of 200 keys without losing or reordering any', async () => {
    await openSessionPicker();
    await burst(BURST);
    expect(h!.store.getState().picker!.filter).toBe(BURST);
    expect(frame(h!.r)).toContain(`filter: ${BURST.slice(0, 40)}`);
  });

  it('filters as you type and edits with the line keys (←, Backspace, Ctrl+U); a paste goes in on one line', async () => {
    await openSessionPicker();
    expect(frame(h!.r)).toContain('filter: title, id or model');
    await press(h!.r, ...'prser'.split(''), KEYS.left, KEYS.left, KEYS.left, KEYS.left, 'a');
    expect(h!.store.getState().picker!.filter).toBe('parser');
    expect(frame(h!.r)).not.toContain('write the docs');
    expect(frame(h!.r)).toContain('fix the parser');
    await press(h!.r, '\x15');
    expect(h!.store.getState().picker!.filter).toBe('rser');
    await press(h!.r, '\x0b', '\x1b[200~the\ndocs\x1b[201~');
    expect(h!.store.getState().picker!.filter).toBe('the docs');
    expect(frame(h!.r)).toContain('write the docs');
    expect(frame(h!.r)).not.toContain('fix the parser');
    expect(h!.store.getState().input.text).toBe('');
  });
});

describe('the /model filter', () => {
  it('takes a burst of 200 keys without losing or reordering any', async () => {
    await openModelPicker();
    await burst(BURST);
    expect(h!.store.getState().modelPicker!.filter).toBe(BURST);
  });

  it('narrows the list as you type; Backspace and a paste edit the filter', async () => {
    await openModelPicker();
    await press(h!.r, ...'lla'.split(''));
    expect(frame(h!.r)).toContain('filter: lla');
    expect(frame(h!.r)).toContain('llama-3-70b');
    expect(frame(h!.r)).not.toContain('gpt-a (current)');
    await press(h!.r, '\x7f', '\x7f', '\x7f', '\x1b[200~gpt\x1b[201~');
    expect(h!.store.getState().modelPicker!.filter).toBe('gpt');
    expect(frame(h!.r)).toContain('gpt-a (current)');
    expect(frame(h!.r)).not.toContain('llama-3-70b');
  });
});

describe('keys that arrive in one read', () => {
  it('applies text and Backspaces read together in order (a held Backspace)', async () => {
    await openSessionPicker();
    await press(h!.r, 'docs', '\x7f\x7f\x7f\x7f', 'parsx\x7fer');
    expect(h!.store.getState().picker!.filter).toBe('parser');
  });
});

