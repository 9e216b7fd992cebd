// Sessions in a real terminal: a session with a file write and a bash output, Ctrl+C twice,
// `inkling --continue` shows the same cards, `o` opens the old log, and the model gets the old
// history with the next prompt; then a turn killed with kill -9 comes back with --continue too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

const SLEEP = `39.${process.pid % 1000}`;
const script = [
  { text: 'Writing it.', toolUses: [{ name: 'write_file', input: { path: 'made.txt', content: 'made by inkling\n' } }, { name: 'bash', input: { command: 'seq 1 300 | sed s/^/row-/' } }] },
  { text: 'wrote made.txt' },
  { text: 'I remember the file.' },
  { toolUses: [{ name: 'bash', input: { command: `sleep ${SLEEP}` } }] },
  { text: 'back after the crash' },
];

let server: { url: string; proc: ChildProcess };
let cwd: string;
let home: string;
let requests: string;
const apps: TmuxApp[] = [];

function start(args: string[] = []): TmuxApp {
  const app = startTmuxApp({
    cwd,
    args: ['--yolo', ...args],
    env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6', INKLING_HOME: home },
  });
  apps.push(app);
  return app;
}

const sent = (): { messages: { role: string; content: unknown }[] }[] =>
  readFileSync(requests, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { body: { messages: { role: string; content: unknown }[] } }).body);

beforeAll(async () => {
  cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-sessions-ws-'));
  home = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-sessions-home-'));
  requests = path.join(mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-requests-')), 'requests.jsonl');
  writeFileSync(requests, '');
  server = await startFakeServer(script, { record: requests });
}, 30_000);

afterAll(() => {
  for (const app of apps) app.kill();
  server?.proc.kill('SIGTERM');
});

describe('sessions in tmux', () => {
  it('comes back with --continue: the same cards, the old log in the pager, the old history sent', async () => {
    const first = start();
    await first.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
    first.type('make a file');
    first.keys('Enter');
    await first.waitFor((s) => s.includes('wrote made.txt') && s.includes('● idle'), 'the turn to end', 30_000);
    first.keys('C-c');
    first.keys('C-c');
    const out = await first.waitFor((s) => s.includes('EXITED'), 'the exit');
    const id = /inkling --resume ([0-9a-f-]{36})/.exec(out)?.[1];
    expect(id, out).toBeDefined();

    const again = start(['--continue']);
    const back = await again.waitFor((s) => s.includes('wrote made.txt') && s.includes('Resumed session'), 'the old transcript', 30_000);
    expect(back).toContain('make a file');
    expect(back).toMatch(/write_file made\.txt/);
    expect(back).toMatch(/bash seq 1 300/);
    expect(back).toContain(`Resumed session ${id!.slice(0, 8)}`);

    // The full output of the old bash call, from its log kept with the session.
    again.keys('C-o');
    await again.waitFor((s) => /HISTORY \d+\/\d+/.test(s), 'history mode');
    // Stops: the prompt, "Writing it.", write_file, bash, the answer: up one to the bash call.
    const stop = () => Number(/HISTORY (\d+)\//.exec(again.screen())?.[1] ?? 0);
    while (stop() > 4) {
      const at = stop();
      again.keys('Up');
      await again.waitFor(() => stop() === at - 1, `stop ${at - 1}`);
    }
    again.keys('o');
    // The pager starts at the top of the whole log: the rows the card's pane no longer shows.
    const pager = await again.waitFor((s) => /^row-1$/m.test(s) && !/HISTORY/.test(s), 'the old log in the pager');
    expect(pager).toMatch(/^row-2$/m);
    again.keys('q');
    await again.waitFor((s) => /HISTORY \d+\/\d+/.test(s), 'back in history mode');
    again.keys('Escape');
    await again.waitFor((s) => !/HISTORY \d+\/\d+/.test(s), 'back at the input');

    again.type('what did you do?');
    again.keys('Enter');
    await again.waitFor((s) => s.includes('I remember the file.'), 'the answer', 30_000);
    const bodies = sent();
    const last = bodies[bodies.length - 1]!.messages;
    expect(last.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(JSON.stringify(last[0])).toContain('make a file');
    expect(JSON.stringify(last[2])).toContain('tool_result');
    expect(JSON.stringify(last[4])).toContain('what did you do?');
  }, 120_000);

  it('a TUI killed with kill -9 mid-turn comes back with --continue and goes on', async () => {
    const app = apps[apps.length - 1]!;
    app.type('sleep a while');
    app.keys('Enter');
    await app.waitFor((s) => s.includes(`sleep ${SLEEP}`), 'the running command', 30_000);
    process.kill(app.appPid(), 'SIGKILL');
    await app.waitFor((s) => s.includes('EXITED'), 'the killed app');

    const after = start(['-c']);
    const s = await after.waitFor((x) => x.includes('sleep a while') && x.includes('Resumed session'), 'the killed session', 30_000);
    expect(s).toContain('ended in the middle of a turn');
    expect(s).toContain('I remember the file.');
    after.type('are you there?');
    after.keys('Enter');
    await after.waitFor((x) => x.includes('back after the crash'), 'the answer after the crash', 30_000);
    const bodies = sent();
    const last = bodies[bodies.length - 1]!.messages;
    // The killed call got an "interrupted" result, so the request is valid.
    expect(JSON.stringify(last)).toMatch(/did not complete|interrupted/);
    expect(JSON.stringify(last.at(-1))).toContain('are you there?');
  }, 120_000);
});
