// The rough edges a new user meets, in a real terminal (tmux) against the fake Anthropic server:
// the SDK's deprecation warning as a notice, a cut response retried ("interrupted — retried"),
// @ completion offering a file made during the session, a 401 with its hint, a proxy's HTML
// error page reduced to its title, and — with no key at all — how to connect a real model on
// the first screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

const HTML_502 =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{color:red}</style></head>' +
  '<body><h1>Bad Gateway</h1><p>The proxy got no answer from upstream.</p></body></html>';

const script = [
  // First prompt: content starts, then the connection is cut; the retry answers whole.
  { text: ['The partial ', 'answer that '], end: 'cut' },
  { text: 'The whole answer after the retry.' },
  // Second prompt: the key is refused.
  { kind: 'error', status: 401, type: 'authentication_error', message: 'invalid x-api-key' },
  // Third prompt: a proxy answers with its HTML page, every time (retry-after 0 keeps it short).
  { kind: 'raw', status: 502, body: HTML_502, contentType: 'text/html', headers: { 'retry-after': '0' } },
  { kind: 'repeat' },
];

const rowsOf = (screen: string, needle: string) => screen.split('\n').filter((l) => l.includes(needle));

describe('a session against a server with rough edges', () => {
  let server: { url: string; proc: ChildProcess };
  let app: TmuxApp;
  let cwd: string;

  beforeAll(async () => {
    server = await startFakeServer(script);
    cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-edges-'));
    writeFileSync(path.join(cwd, 'old.txt'), 'here from the start\n');
    // claude-sonnet-4-5 is a model the SDK warns about (deprecated).
    app = startTmuxApp({
      cwd,
      env: { ANTHROPIC_API_KEY: 'sk-test-fake-e2e-edges', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-5' },
      args: ['--yolo'],
      cols: 120,
      rows: 40,
    });
    await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
  }, 40_000);

  afterAll(() => {
    app?.kill();
    server?.proc.kill('SIGTERM');
  });

  it('a response cut after it started is retried: the cut part stays, marked "interrupted — retried", and the answer follows', async () => {
    app.type('tell me');
    app.keys('Enter');
    const screen = await app.waitFor((s) => s.includes('The whole answer after the retry.') && s.includes('● idle'), 'the retried answer', 30_000);
    expect(screen).toContain('The partial answer that');
    expect(screen).toContain('interrupted — retried (the cut response above is not part of the conversation)');
    const order = ['The partial answer that', 'interrupted — retried', 'The whole answer after the retry.'].map((t) => screen.indexOf(t));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("shows the SDK's deprecation warning once, as a notice in the transcript", async () => {
    const screen = app.screen();
    const notices = rowsOf(screen, "The model 'claude-sonnet-4-5' is deprecated");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^· The model 'claude-sonnet-4-5' is deprecated and will reach end-of-life on /);
    // Drawn by the UI, not written over it: the header is still the first row.
    expect(screen.split('\n')[0]).toMatch(/^ inkling · claude-sonnet-4-5/);
  });

  it('@ offers a file created after the session started', async () => {
    writeFileSync(path.join(cwd, 'fresh-file.txt'), 'made during the session\n');
    app.type('look at @');
    await app.waitFor((s) => s.includes('old.txt'), 'the @ menu');
    app.type('fre');
    const screen = await app.waitFor((s) => s.includes('fresh-file.txt'), 'the new file in the @ menu');
    expect(screen).not.toContain('old.txt');
    app.keys('Tab');
    await app.waitFor((s) => s.includes('look at @fresh-file.txt'), 'the completed path');
    app.keys('C-u');
    await app.waitFor((s) => s.includes('Ask anything'), 'an empty input');
  });

  it('a 401 is one readable line with how to set the key', async () => {
    app.type('second');
    app.keys('Enter');
    const screen = await app.waitFor((s) => s.includes('API error 401'), 'the 401', 20_000);
    expect(screen).toContain('✗ Anthropic API error 401: invalid x-api-key');
    expect(screen).toContain('(check ANTHROPIC_API_KEY, and ANTHROPIC_BASE_URL if you use a compatible endpoint)');
  });

  it("a proxy's HTML error page is shown as its status and title, never as HTML", async () => {
    await app.waitFor((s) => s.includes('● idle'), 'idle after the 401');
    app.type('third');
    app.keys('Enter');
    const screen = await app.waitFor((s) => s.includes('API error 502'), 'the 502', 30_000);
    expect(rowsOf(screen, 'API error 502')[0]).toMatch(/✗ Anthropic API error 502: 502 Bad Gateway \(the server sent an HTML page, not an API response\)$/);
    expect(screen).not.toMatch(/<html|<title|DOCTYPE|color:red/i);
  });
});

describe('no API key at all', () => {
  let app: TmuxApp;
  afterAll(() => app?.kill());

  it('says on the first screen, before any prompt, that this is the demo model and how to connect a real one', async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-nokey-'));
    // startTmuxApp unsets ANTHROPIC_API_KEY; no other provider's key is set either.
    app = startTmuxApp({ cwd, env: { OPENAI_API_KEY: '' }, cols: 120, rows: 40 });
    const screen = await app.waitFor((s) => s.includes('No API key found'), 'the no-key notice', 30_000);
    expect(screen).toContain('Ask anything');
    expect(screen).toMatch(/· No API key found, so this is the built-in demo model: its answers are scripted\. To connect a real model, set\s+ANTHROPIC_API_KEY/);
    expect(screen).toContain('--provider');
    // Nothing was sent: this is the first screen, not the demo's first answer.
    expect(screen).not.toContain("I'm inkling's built-in demo model");
  });
});
