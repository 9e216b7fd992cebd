// The TUI with real settings files in a real terminal: the first frame comes from the cheap
// preview, the checked settings arrive after it, and their problems reach the screen while the
// app keeps working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

let server: { url: string; proc: ChildProcess };
let app: TmuxApp;

beforeAll(async () => {
  server = await startFakeServer([{ text: 'noted the rules' }]);
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-settings-'));
  mkdirSync(path.join(cwd, '.inkling'));
  writeFileSync(path.join(cwd, 'AGENTS.md'), 'Use tabs, never spaces.\n');
  writeFileSync(path.join(cwd, '.inkling', 'settings.json'), '{ "model": "claude-from-settings", "maxIterations": "many" }');
  writeFileSync(path.join(cwd, '.inkling', 'settings.local.json'), '{ "model": "claude-local-model" }');
  app = startTmuxApp({ cwd, env: { ANTHROPIC_API_KEY: 'sk-test-fake-e2e-settings', ANTHROPIC_BASE_URL: server.url } });
  await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
}, 40_000);

afterAll(() => {
  app?.kill();
  server?.proc.kill('SIGTERM');
});

describe('settings in the TUI', () => {
  it('shows the model from the settings files in the header', () => {
    expect(app.lines()[0]).toContain('claude-local-model');
  });

  it('says what is wrong with a settings file and still answers', async () => {
    app.type('hello');
    app.keys('Enter');
    const screen = await app.waitFor((s) => s.includes('noted the rules'), 'the answer', 20_000);
    expect(screen).toContain('.inkling/settings.json: maxIterations: expected a positive whole number, got "many"');
    expect(screen).toContain('.inkling/settings.json: the file is ignored until this is fixed');
  });
});
