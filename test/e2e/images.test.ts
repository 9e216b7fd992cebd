// Images in a real terminal (tmux) with the built program: a path pasted into the prompt (as a
// terminal pastes a dropped file, bracketed) becomes an `[image #1 W×H]` chip; Enter sends it to
// the fake Anthropic server as an image after the text, and the prompt's card names the image.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tinyPng } from '../helpers/tiny-images.js';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

let server: { url: string; proc: ChildProcess };
let app: TmuxApp;
let record: string;
let shot: string;

beforeAll(async () => {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-images-'));
  shot = path.join(cwd, 'shot.png');
  writeFileSync(shot, tinyPng(320, 200));
  record = path.join(cwd, 'requests.jsonl');
  server = await startFakeServer([{ text: 'A grey rectangle.' }], { record });
  app = startTmuxApp({ cwd, env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6' }, cols: 110, rows: 34 });
  await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
}, 60_000);

afterAll(() => {
  app?.kill();
  server?.proc.kill('SIGTERM');
});

describe('an image pasted into the prompt, in tmux', () => {
  it('shows the chip, sends the image, and the card names it', async () => {
    app.type('what is in ');
    // paste-buffer -p: bracketed, as a terminal pastes a dropped file's path.
    app.tmux('set-buffer', '-b', 'shot', shot);
    app.tmux('paste-buffer', '-p', '-d', '-b', 'shot', '-t', app.session);
    await app.waitFor((s) => s.includes('what is in [image #1 320×200]'), 'the chip');
    expect(app.screen()).not.toContain(shot);
    app.keys('Enter');
    const screen = await app.waitFor((s) => s.includes('A grey rectangle.') && s.includes('● idle'), 'the answer', 30_000);
    expect(screen).toContain('what is in [image #1: shot.png]');
    expect(screen).toMatch(/image: shot\.png · 320×200 · \d+ B/);

    const sent = JSON.parse(readFileSync(record, 'utf8').trim().split('\n')[0]!) as { body: { messages: { content: { type: string; source?: { media_type: string; data: string } }[] }[] } };
    const blocks = sent.body.messages[0]!.content;
    const image = blocks.find((b) => b.type === 'image')!;
    expect(image.source).toEqual({ type: 'base64', media_type: 'image/png', data: readFileSync(shot).toString('base64') });
  });
});
