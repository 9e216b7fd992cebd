// Handing the terminal to another program and taking it back, in a real terminal (tmux): Ctrl+G
// edits the prompt in $EDITOR (a script here, standing in for a person's editor), Ctrl+Z suspends
// to an interactive shell with job control, and `fg` brings the full screen back, drawn again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tmux } from './tmux-app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const session = `inkling-e2e-handback-${process.pid}`;
const screen = () => tmux('capture-pane', '-p', '-t', session);
const alternateOn = () => tmux('display', '-p', '-t', session, '#{alternate_on}').trim() === '1';

async function waitFor(test: (s: string) => boolean, what: string, ms = 20_000): Promise<string> {
  const until = Date.now() + ms;
  for (;;) {
    const s = screen();
    if (test(s)) return s;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; screen:\n${s}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('Ctrl+G and Ctrl+Z', () => {
  beforeAll(async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-handback-'));
    const editor = path.join(cwd, 'fake-editor.sh');
    // An editor that saves at once: the prompt it was given, rewritten.
    writeFileSync(editor, '#!/bin/sh\nprintf "edited in the editor: %s\\n" "$(cat "$1")" > "$1"\n');
    chmodSync(editor, 0o755);
    // An interactive shell: job control, so Ctrl+Z stops the app and `fg` continues it.
    tmux('new-session', '-d', '-s', session, '-x', '100', '-y', '30', 'env -u CI PS1="shell$ " bash --norc --noprofile -i');
    const home = ['INKLING_HOME', 'XDG_CACHE_HOME'].map((n) => (process.env[n] ? `${n}=${process.env[n]}` : '')).join(' ');
    tmux('send-keys', '-t', session, '-l', `cd ${cwd} && env -u ANTHROPIC_API_KEY ${home} EDITOR=${editor} VISUAL= node ${ROOT}/bin/inkling.js --demo`);
    tmux('send-keys', '-t', session, 'Enter');
    await waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
  }, 40_000);

  afterAll(() => {
    try {
      tmux('kill-session', '-t', session);
    } catch {
      // already gone
    }
  });

  it('Ctrl+G: the prompt comes back as the editor saved it', async () => {
    tmux('send-keys', '-t', session, '-l', 'fix the test');
    await waitFor((s) => s.includes('fix the test'), 'the typed prompt');
    tmux('send-keys', '-t', session, 'C-g');
    const s = await waitFor((x) => x.includes('edited in the editor: fix the test'), 'the edited prompt');
    expect(s).toContain('demo model');
    expect(alternateOn()).toBe(true);
  }, 30_000);

  it('Ctrl+Z stops it at the shell; fg brings the full screen back with the prompt as it was', async () => {
    tmux('send-keys', '-t', session, 'C-z');
    await waitFor((s) => /Stopped/.test(s) && s.includes('shell$'), 'the shell after Ctrl+Z');
    expect(alternateOn()).toBe(false);
    tmux('send-keys', '-t', session, '-l', 'fg');
    tmux('send-keys', '-t', session, 'Enter');
    const back = await waitFor((s) => s.includes('edited in the editor: fix the test') && s.includes('demo model') && !s.includes('shell$'), 'the app drawn again');
    expect(alternateOn()).toBe(true);
    expect(back).not.toContain('Stopped');
    // The keys are the app's again: typing reaches the prompt.
    tmux('send-keys', '-t', session, '-l', ' now');
    await waitFor((s) => s.includes('fix the test now'), 'typing after fg');
  }, 30_000);
});
