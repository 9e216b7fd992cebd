// `inkling "a prompt"`: the words after the options are sent as the first prompt, as if typed
// and sent with Enter, with no key pressed (the built app in tmux against the fake server).
import { afterAll, expect, it } from 'vitest';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

let server: { url: string; proc: ChildProcess } | undefined;
let app: TmuxApp | undefined;

afterAll(() => {
  app?.kill();
  server?.proc.kill('SIGTERM');
});

it('sends the prompt given on the command line and shows the answer', async () => {
  // The UI as it ships: from the bundle (a stale one would hide the change).
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../../dist/scripts/bundle-ui.js')]);
  server = await startFakeServer([{ text: 'hello from the fake model' }]);
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-ws-'));
  app = startTmuxApp({ cwd, env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6' }, args: ['say hi'] });
  const s = await app.waitFor((x) => x.includes('hello from the fake model') && x.includes('● idle'), 'the answer to the argv prompt', 30_000);
  expect(s).toContain('say hi');
  // Sent, not left in the prompt box.
  expect(s).toContain('Ask anything');
}, 60_000);
