// SessionEnd as inkling ends, with the built program: a SessionEnd hook written to Claude Code's
// contract (your ~/.claude/settings.json) runs with reason "prompt_input_exit" when the person
// leaves from the prompt, and with reason "other" when inkling is killed with SIGTERM, in -p, in the terminal UI and under an editor (--acp); a hook that would run on is killed at SessionEnd's
// budget (Claude Code's 1.5 s) with everything it started, so inkling ends, and the session file
// is whole (every line one JSON record).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { ensureBuilt, finished, startBin } from '../cli/run-bin.js';
import { processesMatching, startFakeServer, startTmuxApp } from './tmux-app.js';
import { startAcp } from '../helpers/acp-client.js';
import { reply, startFakeAnthropic } from '../helpers/fake-anthropic.js';

// A sleep no other process on the machine has: the hook's, which must not outlive inkling.
const HOOK_SLEEP = `29.${process.pid % 1000}`;
let root: string;
let server: { url: string; proc: ChildProcess } | undefined;

/** A home whose ~/.claude/settings.json has a SessionEnd hook that logs its input, then sleeps and says so. */
function homeWithHook(name: string, hook: { sleep: string; timeout?: number } = { sleep: HOOK_SLEEP }): { home: string; out: string; ws: string } {
  const dir = path.join(root, name);
  const home = path.join(dir, 'home');
  const out = path.join(dir, 'end.jsonl');
  const ws = path.join(dir, 'ws');
  mkdirSync(path.join(home, '.claude'), { recursive: true });
  mkdirSync(ws);
  const command = `cat >> ${out}; echo >> ${out}; sleep ${hook.sleep}; echo finished >> ${out}`;
  const timeout = hook.timeout ? { timeout: hook.timeout } : {};
  writeFileSync(path.join(home, '.claude', 'settings.json'), JSON.stringify({ hooks: { SessionEnd: [{ hooks: [{ type: 'command', command, ...timeout }] }] } }));
  return { home, out, ws };
}

/** The hook's runs: its inputs, and whether any ran to its end. */
function hookRuns(out: string): { inputs: Record<string, unknown>[]; finished: boolean } {
  const lines = (existsSync(out) ? readFileSync(out, 'utf8') : '').split('\n').filter(Boolean);
  return { inputs: lines.filter((l) => l !== 'finished').map((l) => JSON.parse(l) as Record<string, unknown>), finished: lines.includes('finished') };
}

/** The terminal UI in `ws` with `home`, its first prompt answered, then SIGTERM (or `leave`): the screen once it exited. */
async function tuiEnded(home: string, ws: string, leave?: (app: ReturnType<typeof startTmuxApp>) => void): Promise<string> {
  server ??= await startFakeServer([{ text: 'hello there' }, { text: 'hello there' }, { text: 'hello there' }]);
  const app = startTmuxApp({ cwd: ws, env: { HOME: home, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url } });
  try {
    await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
    app.type('say hi');
    app.keys('Enter');
    await app.waitFor((s) => s.includes('hello there') && s.includes('● idle'), 'the answer');
    if (leave) leave(app);
    else process.kill(app.appPid(), 'SIGTERM');
    return await app.waitFor((x) => x.includes('EXITED'), 'the process to exit', 60_000);
  } finally {
    app.kill();
  }
}

/** The session file of `id` under the test's INKLING_HOME, each line parsed (a torn line throws). */
function sessionRecords(id: string): { type: string }[] {
  const sessions = path.join(process.env.INKLING_HOME!, 'sessions');
  for (const folder of readdirSync(sessions)) {
    const file = path.join(sessions, folder, `${id}.jsonl`);
    if (existsSync(file)) return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type: string });
  }
  throw new Error(`no session file for ${id}`);
}

beforeAll(() => {
  ensureBuilt();
  root = mkdtempSync(path.join(os.tmpdir(), 'inkling-session-end-'));
}, 120_000);
afterAll(() => {
  server?.proc.kill('SIGTERM');
});

describe('SessionEnd as inkling ends (SIGTERM, or /exit)', () => {
  it('-p: the hook runs with reason "other", is killed at its budget, and the session file is whole', async () => {
    const { home, out, ws } = homeWithHook('print');
    writeFileSync(path.join(ws, 'sleep.json'), JSON.stringify([{ content: [{ type: 'tool_use', id: 'toolu_sleep', name: 'bash', input: { command: `sleep 31.${process.pid % 1000}` } }] }]));
    const child = startBin(['-p', 'go', '--script', 'sleep.json', '--output-format', 'stream-json'], { cwd: ws, env: { HOME: home } });
    const done = finished(child);
    let seen = '';
    await new Promise<void>((resolve) => {
      child.stdout!.on('data', (d: Buffer) => {
        seen += d.toString('utf8');
        if (seen.includes('"id":"toolu_sleep","status":"running"')) resolve();
      });
    });
    child.kill('SIGTERM');
    const r = await done;
    expect(r.code).toBe(143);
    const runs = hookRuns(out);
    const id = (JSON.parse(seen.split('\n')[0]!) as { session_id: string }).session_id;
    expect(runs.inputs).toEqual([expect.objectContaining({ hook_event_name: 'SessionEnd', reason: 'other', session_id: id, cwd: ws })]);
    // Killed at the budget, with what it started: it never got to its last line.
    expect(runs.finished).toBe(false);
    expect(processesMatching(`sleep ${HOOK_SLEEP}`)).toEqual([]);
    expect(sessionRecords(id).at(-1)).toEqual({ type: 'turn_end', reason: 'aborted' });
  }, 90_000);

  it('the terminal UI: the hook runs with reason "other", nothing outlives inkling, the session file is whole', async () => {
    const { home, out, ws } = homeWithHook('tui');
    const s = await tuiEnded(home, ws);
    expect(s).toContain('EXITED 143');
    const id = /inkling --resume (\S+)/.exec(s)?.[1];
    expect(id).toBeDefined();
    expect(hookRuns(out)).toEqual({ inputs: [expect.objectContaining({ hook_event_name: 'SessionEnd', reason: 'other', session_id: id, cwd: ws })], finished: false });
    expect(processesMatching(`sleep ${HOOK_SLEEP}`)).toEqual([]);
    expect(sessionRecords(id!).filter((r) => r.type === 'turn_end')).toEqual([{ type: 'turn_end', reason: 'end_turn' }]);
  }, 90_000);

  it('the terminal UI left from the prompt (/exit): the hook runs with reason "prompt_input_exit"', async () => {
    const { home, out, ws } = homeWithHook('tui-exit', { sleep: '0' });
    const s = await tuiEnded(home, ws, (app) => {
      app.type('/exit');
      app.keys('Enter');
    });
    expect(s).toContain('EXITED 0');
    const id = /inkling --resume (\S+)/.exec(s)?.[1];
    expect(hookRuns(out)).toEqual({ inputs: [expect.objectContaining({ hook_event_name: 'SessionEnd', reason: 'prompt_input_exit', session_id: id, cwd: ws })], finished: true });
  }, 90_000);

  it("the terminal UI waits for a hook whose own timeout raises the budget past the signal's grace period", async () => {
    // 6 s of work, a 20 s timeout: inkling's way out after a signal gives up on its steps after 3 s,
    // but not on SessionEnd's hooks, which end within their budget.
    const { home, out, ws } = homeWithHook('tui-slow', { sleep: '6', timeout: 20 });
    const s = await tuiEnded(home, ws);
    expect(s).toContain('EXITED 143');
    expect(hookRuns(out)).toEqual({ inputs: [expect.objectContaining({ hook_event_name: 'SessionEnd', reason: 'other' })], finished: true });
  }, 90_000);

  it('--acp: each open session runs its SessionEnd hook, then inkling exits; the session file is whole', async () => {
    const { home, out, ws } = homeWithHook('acp');
    const fake = await startFakeAnthropic();
    const c = startAcp({ cwd: ws, env: { HOME: home, ANTHROPIC_API_KEY: 'sk-test-acp-end', ANTHROPIC_BASE_URL: fake.url } });
    try {
      await c.connection.agent.request('initialize', { protocolVersion: 1, clientCapabilities: {} });
      const { sessionId } = await c.connection.agent.request('session/new', { cwd: ws, mcpServers: [] });
      fake.enqueue(reply({ text: 'hello there' }));
      await c.connection.agent.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'say hi' }] });
      const exited = new Promise<number | null>((resolve) => c.child.on('close', (code) => resolve(code)));
      c.child.kill('SIGTERM');
      expect(await exited).toBe(143);
      expect(hookRuns(out)).toEqual({ inputs: [expect.objectContaining({ hook_event_name: 'SessionEnd', reason: 'other', session_id: sessionId, cwd: ws })], finished: false });
      expect(processesMatching(`sleep ${HOOK_SLEEP}`)).toEqual([]);
      expect(sessionRecords(sessionId).filter((r) => r.type === 'turn_end')).toEqual([{ type: 'turn_end', reason: 'end_turn' }]);
    } finally {
      await c.close();
      await fake.close();
    }
  }, 90_000);
});
