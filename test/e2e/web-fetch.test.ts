// web_fetch in a real terminal (tmux) with the built program: the fake Anthropic server asks for a
// page on a local server (a rule names 127.0.0.1, as the guard wants); the card shows the URL,
// status, content type, size and title, and `o` in history mode opens the whole saved page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPageServer, type PageServer } from '../helpers/web-pages.js';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

let pages: PageServer;
let server: { url: string; proc: ChildProcess };
let app: TmuxApp;

beforeAll(async () => {
  pages = await startPageServer({
    '/manual': (_req, res) => {
      const sections = Array.from({ length: 120 }, (_, i) => `<h2>Section ${i + 1}</h2><p>Section ${i + 1} of the manual explains one more thing, with commas, clauses, and enough words to read as prose.</p>`).join('\n');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<html><head><title>The Manual</title></head><body><nav><a href="/">Home</a> <a href="/shop">SHOP-LINK</a></nav><article><h1>The Manual</h1>${sections}</article></body></html>`);
    },
  });
  server = await startFakeServer([{ toolUses: [{ name: 'web_fetch', input: { url: pages.url('/manual') } }] }, { text: 'read the manual' }]);
  app = startTmuxApp({
    cwd: mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-web-')),
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6' },
    args: ['--allowed-tools', 'web_fetch(domain:127.0.0.1)'],
    cols: 110,
    rows: 34,
  });
  await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
  app.type('read the manual');
  app.keys('Enter');
  await app.waitFor((s) => s.includes('read the manual') && s.includes('● idle') && s.includes('✓ web_fetch'), 'the turn', 30_000);
}, 60_000);

afterAll(async () => {
  app?.kill();
  server?.proc.kill('SIGTERM');
  await pages?.close();
});

describe('web_fetch in tmux', () => {
  it('draws the card: URL, status, content type, size, title and how much text', () => {
    const lines = app.lines();
    const head = lines.find((l) => l.includes('✓ web_fetch'))!;
    expect(head).toMatch(new RegExp(`✓ web_fetch http://127\\.0\\.0\\.1:${pages.port}/manual +200 · text/html · \\d+\\.\\d KB`));
    const at = lines.indexOf(head);
    expect(lines[at + 1]!.trim()).toBe('The Manual');
    expect(lines[at + 2]!.trim()).toMatch(/^[\d,]+ characters · article as markdown$/);
  });

  it('opens the whole saved page in the pager from history mode', async () => {
    app.keys('C-o');
    await app.waitFor((s) => /HISTORY \d+\/\d+/.test(s), 'history mode');
    // History opens on the answer; the call is the stop before it.
    app.keys('k');
    await app.waitFor((s) => (s.split('\n').find((l) => l.startsWith('▌')) ?? '').includes('web_fetch'), 'the web_fetch call selected');
    app.keys('o');
    const pager = await app.waitFor((s) => /lines 1–\d+\/\d+/.test(s) && s.includes('# The Manual'), 'the pager on the saved page');
    expect(pager).not.toContain('SHOP-LINK');
    app.keys('G');
    await app.waitFor((s) => s.includes('Section 120 of the manual'), 'the end of the page in the pager');
    app.keys('q');
    await app.waitFor((s) => /HISTORY \d+\/\d+/.test(s), 'back in history mode');
  });
});
