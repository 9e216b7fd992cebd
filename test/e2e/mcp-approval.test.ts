// A real MCP server's tool call through the approval prompt, in tmux: server-everything (from
// npm) configured in the person's settings, a scripted model calls its
// toggle-simulated-logging tool (readOnlyHint false, so it asks in default mode), the card
// becomes the prompt with the call's arguments, 1 approves it, and the server's answer is shown
// and sent back to the model. The same settings turn the bell off: the prompt rings nothing.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING_BIN } from '../helpers/mcp-servers.js';
import { startFakeServer, startTmuxApp, type TmuxApp } from './tmux-app.js';

const TOOL = 'mcp__everything__toggle-simulated-logging';
const script = [{ toolUses: [{ name: TOOL, input: {} }] }, { text: 'logging is on' }];

let server: { url: string; proc: ChildProcess };
let app: TmuxApp;
let record: string;

beforeAll(async () => {
  const cwd = mkdtempSync(path.join(os.tmpdir(), 'inkling-e2e-mcp-approval-'));
  const home = path.join(cwd, '..', `${path.basename(cwd)}-home`);
  mkdirSync(home, { recursive: true });
  writeFileSync(
    path.join(home, 'settings.json'),
    JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] } }, notifications: { bell: false } }),
  );
  record = path.join(cwd, '..', `${path.basename(cwd)}-requests.jsonl`);
  server = await startFakeServer(script, { record });
  app = startTmuxApp({
    cwd,
    env: { INKLING_HOME: home, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6' },
    cols: 110,
    rows: 34,
  });
  await app.waitFor((s) => s.includes('Ask anything') && /MCP 1\b/.test(s.split('\n')[0]!), 'the prompt and MCP 1 in the header', 40_000);
  // The server is ready (its tools are the agent's) before the model is asked anything: /mcp says so.
  app.type('/mcp');
  app.keys('Enter');
  await app.waitFor((s) => /everything\s+ready/.test(s), 'the server ready in /mcp', 40_000);
  app.keys('Escape');
  // The prompt box shows under the /mcp view too: wait for the view to close, or the prompt typed
  // next goes to the view's keys (r starts the server again, l logs in).
  await app.waitFor((s) => s.includes('Ask anything') && !s.includes('Esc close'), 'the /mcp view closed');
}, 60_000);

afterAll(() => {
  app?.kill();
  server?.proc.kill('SIGTERM');
});

describe('an MCP call through the approval prompt, in tmux', () => {
  it('asks with the call as its card, runs it once approved, and shows the server\'s answer', async () => {
    app.type('turn on logging');
    app.keys('Enter');
    const screen = await app.waitFor((s) => s.includes(`${TOOL} asks to run`), 'the MCP prompt', 30_000);
    const rows = screen.split('\n');
    const card = rows.findIndex((l) => l.includes(`? ${TOOL}`) && l.includes('waiting for approval'));
    expect(card).toBeGreaterThan(-1);
    expect(rows[card + 1]).toContain(`${TOOL} asks to run`);
    expect(screen).toContain('│   {}');
    expect(screen).toMatch(/2 Yes, and don't ask again this session for/);
    expect(screen).not.toContain('Ask anything');
    // notifications.bell: false in the settings file: no bell (it would come before this frame).
    expect(app.tmux('display', '-p', '-t', app.session, '#{window_bell_flag}').trim()).toBe('0');
    app.keys('1');
    const done = await app.waitFor((s) => s.includes('logging is on'), 'the answer after the call', 30_000);
    expect(done).toMatch(new RegExp(`✓ ${TOOL}`));
    expect(done).toContain('Started simulated');
    const requests = readFileSync(record, 'utf8').trim().split('\n');
    expect(requests.at(-1)).toContain('Started simulated, random-leveled logging');
  }, 60_000);
});
