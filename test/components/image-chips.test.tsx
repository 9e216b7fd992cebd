// Images in the prompt, through the whole App: a pasted image path becomes an `[image #1 W×H]`
// chip (quoted, escaped and file:// paths too), Backspace takes the chip whole, Enter sends the
// image after the text (the text names it), @name.png attaches too, and a missing file is said
// with the prompt kept. Ctrl+V puts the clipboard's image in as a chip, else its text.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentRequest } from '../../src/core/door/requests.js';
import type { ClipboardContent } from '../../src/store/clipboard-content.js';
import { frame, KEYS, press } from './act-helpers.js';
import { closeApp, renderApp, waitFor, type Harness } from './app-harness.js';
import { tinyPng } from '../helpers/tiny-images.js';

let h: Harness | null = null;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'inkling-image-chips-'));
  writeFileSync(path.join(dir, 'shot.png'), tinyPng(80, 60));
  writeFileSync(path.join(dir, 'my shot.png'), tinyPng(40, 30));
});
afterEach(async () => {
  await closeApp(h);
  h = null;
  rmSync(dir, { recursive: true, force: true });
});

const input = (x: Harness) => x.store.getState().input.text;
const submits = (x: Harness) => x.door.requests.filter((r): r is Extract<AgentRequest, { type: 'submit' }> => r.type === 'submit');
const paste = (text: string) => [KEYS.pasteStart, text, KEYS.pasteEnd];

describe('image chips in the prompt', () => {
  it('turns a pasted image path into a chip and sends the image after the text', async () => {
    h = await renderApp({ workspaceRoot: dir });
    await press(h.r, ...'look at ', ...paste(path.join(dir, 'shot.png')));
    expect(input(h)).toBe('look at [image #1 80×60] ');
    expect(frame(h.r)).toContain('look at [image #1 80×60]');
    await press(h.r, ...'please', KEYS.enter);
    await waitFor(() => submits(h!).length === 1);
    const sent = submits(h)[0]!;
    expect(sent.prompt).toBe('look at [image #1: shot.png] please');
    expect(sent.images).toEqual([expect.objectContaining({ type: 'image', name: 'shot.png', width: 80, height: 60, mediaType: 'image/png', path: path.join(dir, 'shot.png') })]);
    expect(input(h)).toBe('');
  });

  it('brings the chip back on ↑ while its file exists', async () => {
    h = await renderApp({ workspaceRoot: dir });
    await press(h.r, ...'look ', ...paste('shot.png'), KEYS.enter);
    await waitFor(() => submits(h!).length === 1 && h!.store.getState().phase === 'idle');
    await press(h.r, KEYS.up);
    expect(input(h)).toBe('look [image #1 80×60] ');
    await press(h.r, KEYS.enter);
    await waitFor(() => submits(h!).length === 2 && h!.store.getState().phase === 'idle');
    expect(submits(h)[1]!.images).toHaveLength(1);
    rmSync(path.join(dir, 'shot.png'));
    await press(h.r, KEYS.up);
    expect(input(h)).toBe('look  ');
    expect(h.store.getState().pastes).toEqual([]);
  });

  it('takes quoted, backslash-escaped and file:// paths, numbering the chips', async () => {
    h = await renderApp({ workspaceRoot: dir });
    const spaced = path.join(dir, 'my shot.png');
    await press(h.r, ...paste(`'${spaced}'`), ...paste(spaced.replace(/ /g, '\\ ')), ...paste(`file://${encodeURI(path.join(dir, 'shot.png'))}`));
    expect(input(h)).toBe('[image #1 40×30] [image #2 40×30] [image #3 80×60] ');
  });

  it('removes a whole chip with one Backspace, and nothing is attached then', async () => {
    h = await renderApp({ workspaceRoot: dir });
    await press(h.r, ...'see ', ...paste('shot.png'));
    expect(input(h)).toBe('see [image #1 80×60] ');
    await press(h.r, KEYS.backspace, KEYS.backspace);
    expect(input(h)).toBe('see ');
    expect(h.store.getState().pastes).toEqual([]);
    await press(h.r, ...'nothing', KEYS.enter);
    await waitFor(() => submits(h!).length === 1);
    expect(submits(h)[0]).toEqual({ type: 'submit', prompt: 'see nothing' });
  });

  it('leaves a pasted path that is not an image file as text', async () => {
    h = await renderApp({ workspaceRoot: dir });
    await press(h.r, ...paste(path.join(dir, 'gone.png')), ' ', ...paste('notes.txt'));
    expect(input(h)).toBe(`${path.join(dir, 'gone.png')} notes.txt`);
  });

  it('attaches @name.png from the workspace, and says so when the file is missing, keeping the prompt', async () => {
    h = await renderApp({ workspaceRoot: dir });
    await press(h.r, ...'what is @shot.png', KEYS.enter);
    await waitFor(() => submits(h!).length === 1);
    expect(submits(h)[0]!.images).toEqual([expect.objectContaining({ name: 'shot.png', width: 80, height: 60 })]);
    await waitFor(() => h!.store.getState().phase === 'idle');

    await press(h.r, ...'and @nope.png', KEYS.enter);
    await waitFor(() => frame(h!.r).includes('cannot read the image nope.png: no such file'));
    expect(input(h)).toBe('and @nope.png');
    expect(submits(h)).toHaveLength(1);
  });
});

describe('Ctrl+V', () => {
  it("puts the clipboard's image in as a chip, and its text as text when it holds no image", async () => {
    const clipboard: { next: ClipboardContent } = { next: { kind: 'image', file: path.join(dir, 'shot.png') } };
    h = await renderApp({ workspaceRoot: dir, readClipboard: async () => clipboard.next });
    await press(h.r, ...'see ', '\x16');
    await waitFor(() => input(h!) === 'see [image #1 80×60] ');
    clipboard.next = { kind: 'text', text: 'and words' };
    await press(h.r, '\x16');
    await waitFor(() => input(h!) === 'see [image #1 80×60] and words');
    clipboard.next = { kind: 'none', reason: 'nothing to paste: no clipboard program found (install wl-clipboard or xclip)' };
    await press(h.r, '\x16');
    await waitFor(() => frame(h!.r).includes('nothing to paste: no clipboard program found'));
    await press(h.r, KEYS.enter);
    await waitFor(() => submits(h!).length === 1);
    expect(submits(h)[0]!.prompt).toBe('see [image #1: clipboard image] and words');
    expect(submits(h)[0]!.images).toEqual([expect.objectContaining({ width: 80, height: 60 })]);
  });
});
