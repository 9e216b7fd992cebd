// The built program in tmux: a command's password prompt as a card with a masked field, on a dark
// and a light background; the secret reaches the command and no file of INKLING_HOME or the
// workspace, nor the pane. And -p, with nobody to ask, never waits.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startTmuxApp, type TmuxApp } from './tmux-app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SECRET = 'tmux-secret-Qw71';
const HASH = createHash('sha256').update(SECRET).digest('hex');
const ASK = `pw=$("$SSH_ASKPASS" "alice@example's password: ") && [ "$(printf %s "$pw" | sha256sum | cut -d' ' -f1)" = ${HASH} ] && echo GOT-THE-SECRET || echo NO-SECRET`;

const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-secret-')));
const apps: TmuxApp[] = [];
afterAll(() => {
  for (const app of apps) app.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

function script(): string {
  const file = path.join(dir, 'script.json');
  fs.writeFileSync(file, JSON.stringify([{ content: [{ type: 'tool_use', id: 'toolu_ask', name: 'bash', input: { command: ASK } }] }, { content: [{ type: 'text', text: 'after the command' }] }]));
  return file;
}

/** Every file under `root`, to look for the secret in. */
function filesUnder(root: string): string[] {
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe.each([
  ['dark', undefined, '\x1b[33m'],
  ['light', 'bg=#ffffff,fg=#000000', '\x1b[38;5;130m'],
])('the secret card on a %s background', (_name, paneStyle, warnColour) => {
  it('shows the prompt, asker and a masked field; the secret reaches the command and nothing else', async () => {
    const home = fs.mkdtempSync(path.join(dir, 'home-'));
    const workspace = fs.mkdtempSync(path.join(dir, 'ws-'));
    const app = startTmuxApp({ cwd: workspace, env: { INKLING_HOME: home, FORCE_COLOR: '2' }, args: ['--yolo', '--sandbox', '--script', script()], ...(paneStyle ? { paneStyle } : {}) });
    apps.push(app);
    await app.waitFor((s) => s.includes('· sandboxed'), 'the header');
    app.type('go');
    app.keys('Enter');
    const card = await app.waitFor((s) => s.includes('A command asks for a secret'), 'the secret card', 30_000);
    expect(card).toContain("alice@example's password:");
    expect(card).toMatch(/asked by \/(usr\/)?bin\/bash \(pid \d+\)/);
    expect(card).toContain('a command waits for a secret');
    // The warning is painted in the theme's warning colour.
    const coloured = app.tmux('capture-pane', '-p', '-e', '-t', app.session);
    expect(coloured.split('\n').find((l) => l.includes('⚠ asked by'))).toContain(warnColour);
    app.type(SECRET);
    await app.waitFor((s) => s.includes('•'.repeat(SECRET.length)), 'the masked field');
    expect(app.screen()).not.toContain(SECRET);
    app.keys('Enter');
    await app.waitFor((s) => s.includes('after the command'), 'the turn to go on', 30_000);
    expect(app.screen()).toContain('GOT-THE-SECRET');
    expect(app.screen()).not.toContain(SECRET);
    app.keys('C-d');
    await app.waitFor((s) => s.includes('EXITED 0'), 'the exit');
    const files = [...filesUnder(home), ...filesUnder(workspace)];
    expect(files.some((f) => f.endsWith('.jsonl'))).toBe(true);
    for (const file of files) expect(fs.readFileSync(file, 'latin1'), file).not.toContain(SECRET);
  }, 90_000);
});

describe('-p with a command that asks for a password', () => {
  it('never waits: the helper answers "no terminal to ask" at once and the run ends', async () => {
    const home = fs.mkdtempSync(path.join(dir, 'home-p-'));
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'bin/inkling.js'), '-p', 'go', '--yolo', '--sandbox', '--script', script()], {
      cwd: dir,
      env: { ...process.env, INKLING_HOME: home },
      timeout: 60_000,
    });
    expect(stdout).toContain('after the command');
    const session = filesUnder(home).find((f) => f.endsWith('.jsonl'))!;
    const text = fs.readFileSync(session, 'utf8');
    expect(text).toContain('inkling-askpass: no terminal to ask');
    expect(text).toContain('NO-SECRET');
  }, 90_000);
});
