// Approvals in a real terminal: the built app in tmux against the fake Anthropic server. An edit's
// diff is shown and approved; a command is declined with a message that the fake model then
// receives (read back from the requests the server recorded); "don't ask again" covers the next
// matching command; Shift+Tab walks the modes; Esc on a tall command's card stops the turn.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

const script = [
  { toolUses: [{ name: 'read_file', input: { path: 'notes.txt' } }, { name: 'edit_file', input: { path: 'notes.txt', old_string: 'beta', new_string: 'BETA' } }] },
  { text: 'edited' },
  { toolUses: [{ name: 'bash', input: { command: 'touch declined.txt' } }] },
  { text: 'heard you' },
  { toolUses: [{ name: 'bash', input: { command: 'mkdir -p one' } }] },
  { toolUses: [{ name: 'bash', input: { command: 'mkdir -p two' } }] },
  { text: 'made both' },
  { toolUses: [{ name: 'bash', input: { command: Array.from({ length: 60 }, (_, i) => `touch t-${i + 1}.txt`).join('\n') } }] },
  { text: 'none made' },
];

let server: { url: string; proc: ChildProcess };
let app: TmuxApp;
let cwd: string;
let record: string;

beforeAll(async () => {
  cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-approvals-'));
  writeFileSync(path.join(cwd, 'notes.txt'), 'alpha\nbeta\ngamma\n');
  record = path.join(cwd, '..', `${path.basename(cwd)}-requests.jsonl`);
  server = await startFakeServer(script, { record });
  app = startTmuxApp({ cwd, env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6' }, cols: 110, rows: 40 });
  await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
}, 40_000);

afterAll(() => {
  app?.kill();
  server?.proc.kill('SIGTERM');
});

describe('approvals in tmux', () => {
  it('shows an edit\'s diff before it runs, and writes it once approved', async () => {
    app.type('edit the notes');
    app.keys('Enter');
    const screen = await app.waitFor((s) => s.includes('edit_file asks to run'), 'the edit prompt', 20_000);
    expect(screen).toContain('2 - beta');
    expect(screen).toContain('2 + BETA');
    expect(screen).toContain('waiting for your approval');
    // notifications.bell is on by default: the prompt rang the bell once (tmux flags the window).
    await app.waitFor(() => app.tmux('display', '-p', '-t', app.session, '#{window_bell_flag}').trim() === '1', 'the bell');
    expect(readFileSync(path.join(cwd, 'notes.txt'), 'utf8')).toBe('alpha\nbeta\ngamma\n');
    app.keys('1');
    await app.waitFor((s) => s.includes('edited'), 'the answer');
    expect(readFileSync(path.join(cwd, 'notes.txt'), 'utf8')).toBe('alpha\nBETA\ngamma\n');
  }, 40_000);

  it('declines a command with a message that the model receives', async () => {
    app.type('make a file');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('$ touch declined.txt') && s.includes('found: touch of 1 path'), 'the command prompt', 20_000);
    app.keys('4');
    await app.waitFor((s) => s.includes('✎'), 'the text field');
    app.type('use the Makefile 2 times');
    await app.waitFor((s) => s.includes('✎ use the Makefile 2 times'), 'the typed text');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('heard you'), 'the answer');
    expect(existsSync(path.join(cwd, 'declined.txt'))).toBe(false);
    const requests = readFileSync(record, 'utf8').trim().split('\n');
    expect(requests.at(-1)).toContain('They said: use the Makefile 2 times');
  }, 40_000);

  it('does not ask again this session for a remembered command prefix', async () => {
    app.type('make dirs');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('$ mkdir -p one'), 'the mkdir prompt', 20_000);
    app.keys('2');
    await app.waitFor((s) => s.includes('made both'), 'the answer without a second prompt');
    expect(existsSync(path.join(cwd, 'one')) && existsSync(path.join(cwd, 'two'))).toBe(true);
  }, 40_000);

  it('walks the modes with Shift+Tab, the header following', async () => {
    expect(app.lines()[0]).toMatch(/ · default( · |$)/);
    app.keys('BTab');
    await app.waitFor((s) => /· accept-edits/.test(s.split('\n')[0]!), 'accept-edits in the header');
    app.keys('BTab');
    await app.waitFor((s) => /· plan/.test(s.split('\n')[0]!), 'plan in the header');
    app.keys('BTab');
    await app.waitFor((s) => /· default/.test(s.split('\n')[0]!), 'default again (no yolo: not started in it)');
  }, 40_000);
});

describe('a command taller than the screen, in tmux', () => {
  it('is the card itself, scrolled with PgUp/PgDn while the prompt above stays, and Esc declines it and stops the turn', async () => {
    app.type('make many');
    app.keys('Enter');
    const first = await app.waitFor((s) => s.includes('bash asks to run') && /more lines below · PgDn/.test(s), 'the tall command prompt', 20_000);
    const rows = first.split('\n');
    const card = rows.findIndex((l) => l.startsWith('? bash touch t-1.txt'));
    expect(card).toBeGreaterThan(0);
    expect(rows.slice(0, card).some((l) => l.includes('› make many'))).toBe(true);
    expect(first).toContain('❯ 1 Yes');
    expect(first).not.toContain('touch t-60.txt');
    app.keys('PageDown', 'PageDown', 'PageDown', 'PageDown', 'PageDown', 'PageDown');
    const end = await app.waitFor((s) => s.includes('(end)'), 'the end of the command');
    expect(end).toContain('touch t-60.txt');
    expect(end).toMatch(/↑ \d+ more lines above · PgUp/);
    expect(end.split('\n').slice(0, card)).toEqual(rows.slice(0, card));
    expect(end).toContain('4 No, and tell the model what to do instead');
    const asked = readFileSync(record, 'utf8').trim().split('\n').length;
    app.keys('Escape');
    await app.waitFor((s) => /⊘ bash touch t-1\.txt/.test(s) && s.includes('● idle'), 'the declined card and the idle status');
    expect(existsSync(path.join(cwd, 't-1.txt'))).toBe(false);
    // The turn stopped there: the model was not asked again.
    expect(readFileSync(record, 'utf8').trim().split('\n').length).toBe(asked);
  }, 40_000);
});
