// The terminal clipboard's own rules, without the App: inside tmux every request goes through the
// passthrough wrapped, the message without an answer names allow-passthrough, and a reply that is
// not ours is left for the next taker.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTerminalClipboard } from '../../src/app/terminal-clipboard.js';
import { kittyReplies, modeReport, readRequests } from '../helpers/fake-kitty-clipboard.js';
import { tinyPng } from '../helpers/tiny-images.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the terminal clipboard', () => {
  it('inside tmux asks and reads through the DCS passthrough, and the image comes back the same', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'inkling-tc-'));
    dirs.push(dir);
    const writes: string[] = [];
    const tc = createTerminalClipboard({ write: (s) => void writes.push(s), tmux: true, scratchDir: dir });
    tc.ask();
    tc.ask();
    expect(writes).toEqual(['\x1bPtmux;\x1b\x1b[?5522$p\x1b\\']);
    expect(tc.take(modeReport(true))).toBe(true);
    const reading = tc.read(async () => ({ kind: 'none', reason: 'unused' }));
    expect(writes[1]!.startsWith('\x1bPtmux;\x1b\x1b]5522;type=read:')).toBe(true);
    const png = tinyPng(20, 10);
    for (const raw of kittyReplies(readRequests(writes[1]!)[0]!, { 'image/png': png })) expect(tc.take(raw)).toBe(true);
    const got = await reading;
    expect(got.kind).toBe('image');
  });

  it('without an answer to the question, reads through the clipboard program and names allow-passthrough inside tmux', async () => {
    const tc = createTerminalClipboard({ write: () => {}, tmux: true });
    tc.ask();
    expect(tc.speaks).toBeNull();
    expect(await tc.read(async () => ({ kind: 'text', text: 'from xclip' }))).toEqual({ kind: 'text', text: 'from xclip' });
    const none = await tc.read(async () => ({ kind: 'none', reason: 'nothing to paste: no clipboard program found' }));
    expect(none).toEqual({ kind: 'none', reason: 'nothing to paste: no clipboard program found', detail: expect.stringContaining('inside tmux they need `set -g allow-passthrough on`') });
  });

  it('leaves replies that are not its own (OSC 11, another mode) for the next taker', () => {
    const tc = createTerminalClipboard({ write: () => {}, tmux: false });
    expect(tc.take('\x1b]11;rgb:ffff/ffff/ffff\x1b\\')).toBe(false);
    expect(tc.take('\x1b[?2004;1$y')).toBe(false);
    expect(tc.take(modeReport(false))).toBe(true);
    expect(tc.speaks).toBe(false);
  });
});
