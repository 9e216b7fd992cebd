// Ctrl+V through the terminal's own clipboard protocol (OSC 5522), through the whole App and the
// real stdin path: a fake terminal reads what the app writes and answers with kitty's bytes on
// stdin, cut across reads as a terminal's writes are. The image becomes a chip, keys typed while the
// terminal is asked come after it in order, no byte of a reply reaches the prompt, and every way it
// can go wrong (no answer, too big, refused, not spoken) says so with the prompt and the keys kept.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClipboardContent } from '../../src/store/clipboard-content.js';
import { createTerminalClipboard, type TerminalClipboard } from '../../src/app/terminal-clipboard.js';
import { frame, press } from './act-helpers.js';
import { READING_CLIPBOARD } from '../../src/keys/input-keys.js';
import { closeApp, renderApp, waitFor, type Harness } from './app-harness.js';
import { noisyPng, tinyPng } from '../helpers/tiny-images.js';
import { askedForSupport, kittyReplies, modeReport, readRequests } from '../helpers/fake-kitty-clipboard.js';

let h: Harness | null = null;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'inkling-osc5522-'));
});
afterEach(async () => {
  await closeApp(h);
  h = null;
  rmSync(dir, { recursive: true, force: true });
});

const input = (x: Harness) => x.store.getState().input.text;
/** The status line's message, whole (the line itself cuts a long one short). */
const said = (x: Harness) => x.store.getState().flash?.text ?? '';
/** The screen with wrapped lines joined (a transcript notice wraps at the screen's width). */
const shown = (x: Harness) => frame(x.r).replace(/\s*\n\s*/g, ' ');

interface FakeTerminal {
  tc: TerminalClipboard;
  written: () => string;
  localReads: number;
}

/** The app with a terminal clipboard whose writes the fake terminal sees; `speaks`: its answer to DECRQM. */
async function start(opts: { speaks: boolean; waitMs?: number; maxBytes?: number; local?: ClipboardContent }): Promise<FakeTerminal> {
  let written = '';
  const tc = createTerminalClipboard({ write: (s) => void (written += s), tmux: false, scratchDir: dir, waitMs: opts.waitMs ?? 60_000, ...(opts.maxBytes ? { maxBytes: opts.maxBytes } : {}) });
  const fake: FakeTerminal = { tc, written: () => written, localReads: 0 };
  const local = async () => {
    fake.localReads++;
    return opts.local ?? { kind: 'none' as const, reason: 'nothing to paste: no clipboard program found (install wl-clipboard or xclip)' };
  };
  h = await renderApp({ workspaceRoot: dir, readClipboard: () => tc.read(local), terminalReplies: { take: (raw) => tc.take(raw) } });
  tc.ask();
  expect(askedForSupport(written)).toBe(true);
  await press(h.r, modeReport(opts.speaks));
  expect(tc.speaks).toBe(opts.speaks);
  return fake;
}

/** The terminal's answer to the last read request, as stdin chunks of `cut` characters. */
function answer(fake: FakeTerminal, clipboard: Record<string, Buffer>, opts: { error?: string; cut?: number } = {}): string[] {
  const req = readRequests(fake.written()).at(-1)!;
  const bytes = kittyReplies(req, clipboard, opts.error).join('');
  const cut = opts.cut ?? 3000;
  const chunks: string[] = [];
  for (let at = 0; at < bytes.length; at += cut) chunks.push(bytes.slice(at, at + cut));
  return chunks;
}

describe('Ctrl+V through the terminal (OSC 5522)', () => {
  it('reads the image as a chip; keys typed while waiting come after it, in order; no reply byte is typed', async () => {
    const fake = await start({ speaks: true });
    const png = tinyPng(80, 60);
    await press(h!.r, ...'see ', '\x16');
    await waitFor(() => readRequests(fake.written()).length === 1);
    expect(readRequests(fake.written())[0]).toEqual({ id: expect.stringMatching(/^inkling-\d+-\d+$/), name: 'inkling', mimes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain'] });
    // Typed while the terminal (or the person, in kitty's dialog) has not answered yet: held.
    await press(h!.r, 'a', 'b');
    expect(input(h!)).toBe('see ');
    await waitFor(() => said(h!) === READING_CLIPBOARD);
    await press(h!.r, ...answer(fake, { 'image/png': png, 'text/plain': Buffer.from('also text') }, { cut: 17 }), 'c');
    await waitFor(() => input(h!) === "see [image #1 80×60] abc").catch((e) => { console.log(JSON.stringify(input(h!)), frame(h!.r)); throw e; });
    expect(frame(h!.r)).toContain('see [image #1 80×60] abc');
    expect(fake.localReads).toBe(0);
    expect(said(h!)).toBe('');
    const file = (h!.store.getState().pastes as { label: string; image?: { path?: string } }[]).find((p) => p.label.startsWith("[image #1"))?.image?.path;
    expect(file && readFileSync(file).equals(png)).toBe(true);
    expect(statSync(file!).mode & 0o777).toBe(0o600);
  });

  it("pastes the clipboard's text when it holds no image", async () => {
    const fake = await start({ speaks: true });
    await press(h!.r, '\x16');
    await waitFor(() => readRequests(fake.written()).length === 1);
    await press(h!.r, ...answer(fake, { 'text/plain': Buffer.from('hello over ssh') }));
    await waitFor(() => input(h!) === 'hello over ssh');
  });

  it('says when the terminal does not answer in time, lets the held keys go, and never types a late answer', async () => {
    const fake = await start({ speaks: true, waitMs: 50 });
    await press(h!.r, ...'keep', '\x16', '!');
    await waitFor(() => said(h!) === 'nothing pasted: no answer from the terminal in 0.05 s');
    expect(frame(h!.r)).toContain('nothing pasted: no answer from the terminal');
    expect(shown(h!)).toContain('kitty asks you first: allow it');
    expect(input(h!)).toBe('keep!');
    await press(h!.r, ...answer(fake, { 'image/png': tinyPng(8, 8) }));
    await press(h!.r, 'x');
    expect(input(h!)).toBe('keep!x');
  });

  it('says when the image is larger than the cap, keeping the prompt and the keys', async () => {
    const fake = await start({ speaks: true, maxBytes: 4096 });
    await press(h!.r, ...'big ', '\x16', 'k');
    await waitFor(() => readRequests(fake.written()).length === 1);
    await press(h!.r, ...answer(fake, { 'image/png': noisyPng(100, 100) }));
    await waitFor(() => said(h!) === 'nothing pasted: more than 4 KB');
    expect(shown(h!)).toContain('save the image as a file and paste its path');
    expect(input(h!)).toBe('big k');
  });

  it('says when the terminal refuses (EPERM)', async () => {
    const fake = await start({ speaks: true });
    await press(h!.r, '\x16');
    await waitFor(() => readRequests(fake.written()).length === 1);
    await press(h!.r, ...answer(fake, {}, { error: 'EPERM' }));
    await waitFor(() => said(h!) === 'nothing pasted: the terminal refused');
  });

  it('uses the clipboard program when the terminal does not speak it, and says both, once, when neither reads', async () => {
    const fake = await start({ speaks: false });
    await press(h!.r, '\x16');
    await waitFor(() => said(h!) === 'nothing to paste: no clipboard program found (install wl-clipboard or xclip)');
    const told = 'the terminal does not read its clipboard for programs (OSC 5522: kitty and Ghostty ≥ 1.4 do)';
    await waitFor(() => shown(h!).includes(told));
    expect(fake.localReads).toBe(1);
    expect(readRequests(fake.written())).toEqual([]);
    await press(h!.r, '\x16');
    await waitFor(() => fake.localReads === 2);
    expect(shown(h!).split(told)).toHaveLength(2);
  });
});
