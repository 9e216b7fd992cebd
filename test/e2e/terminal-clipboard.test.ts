// Ctrl+V through the terminal's own clipboard (kitty's OSC 5522) with the built program inside
// tmux, where every request has to go through tmux's passthrough: a fake kitty is the terminal
// tmux runs in (a pty attached as tmux's client). It answers the start-up question (DECRQM 5522)
// and the read request with kitty's bytes; tmux hands the answers to the pane. Keys typed while the
// answer is awaited land after the chip; Enter sends the image to the fake Anthropic server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn as spawnPty, type IPty } from 'node-pty';
import { tinyPng } from '../helpers/tiny-images.js';
import { askedForSupport, kittyReplies, modeReport, readRequests } from '../helpers/fake-kitty-clipboard.js';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

const COLS = 100;
const ROWS = 30;
let server: { url: string; proc: ChildProcess };
let app: TmuxApp;
let kitty: IPty;
let record: string;
/** Everything tmux wrote to its client (the fake kitty). */
let seen = '';
let answered = 0;
let modeAnswered = false;
const png = tinyPng(64, 48);

beforeAll(async () => {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-osc5522-'));
  const gate = path.join(cwd, 'go');
  record = path.join(cwd, 'requests.jsonl');
  server = await startFakeServer([{ text: 'A small grey picture.' }], { record });
  const socket = `inkling-e2e-osc5522-${process.pid}`;
  app = startTmuxApp({
    cwd,
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6' },
    cols: COLS,
    rows: ROWS,
    server: { socket, config: ['set -g allow-passthrough on'] },
    // The app asks its question once, after its first frame: the terminal must be attached by then.
    gate,
  });
  const env = { ...process.env, TERM: 'xterm-256color' } as Record<string, string>;
  delete env.TMUX;
  kitty = spawnPty('tmux', ['-L', socket, 'attach', '-t', app.session], { cols: COLS, rows: ROWS, env });
  kitty.onData((d) => {
    seen += d;
    // kitty knows mode 5522; tmux forwards the answer to the pane.
    if (askedForSupport(seen) && !modeAnswered) {
      modeAnswered = true;
      kitty.write(modeReport(true));
    }
  });
  writeFileSync(gate, '');
  await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
}, 60_000);

afterAll(() => {
  kitty?.kill();
  app?.kill();
  server?.proc.kill('SIGTERM');
});

async function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('Ctrl+V through OSC 5522 inside tmux (passthrough)', () => {
  it('asks, reads the image as a chip with the keys typed meanwhile after it, and sends it', async () => {
    await until(() => askedForSupport(seen), 'the DECRQM 5522 question through the passthrough');
    kitty.write('look ');
    await app.waitFor((s) => s.includes('› look'), 'typed text');
    kitty.write('\x16');
    await until(() => readRequests(seen).length > answered, 'the read request through the passthrough');
    const req = readRequests(seen)[answered++]!;
    expect(req.mimes[0]).toBe('image/png');
    // Typed while kitty would show its permission dialog: held until the answer is in.
    kitty.write('here');
    for (const packet of kittyReplies(req, { 'image/png': png })) kitty.write(packet);
    const screen = await app.waitFor((s) => s.includes('look [image #1 64×48] here'), 'the chip, then the held keys');
    expect(screen).not.toMatch(/type=read|status=|\?5522/);
    kitty.write('\r');
    await app.waitFor((s) => s.includes('A small grey picture.'), 'the answer', 30_000);
    const sent = JSON.parse(readFileSync(record, 'utf8').trim().split('\n')[0]!) as { body: { messages: { content: { type: string; source?: { data: string } }[] }[] } };
    const image = sent.body.messages[0]!.content.find((b) => b.type === 'image');
    expect(image?.source?.data).toBe(png.toString('base64'));
  }, 60_000);
});
