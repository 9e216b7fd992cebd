// Background jobs with the real bash tool in a real pty (and real bubblewrap): a server started
// with background: true answers while later calls run, job_output reads only what is new and
// honours `since`, a running call moved to the background (Ctrl+B's path) returns its lines so far
// while the job goes on, a timeout can become a job, and killing jobs leaves no process of any of
// the ten backgrounding techniques.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobTable } from '../../../src/core/jobs/job-table.js';
import { DEFAULT_FIRST_LINES_MS } from '../../../src/core/jobs/job-types.js';
import { jobInputTool, jobKillTool, jobOutputTool } from '../../../src/core/jobs/job-tools.js';
import type { CommandSandbox } from '../../../src/core/shell/command-sandbox.js';
import { probeSandbox } from '../../../src/core/shell/sandbox-probe.js';
import { bashTool } from '../../../src/core/tools/bash.js';
import type { SessionState } from '../../../src/core/tools/tool.js';
import { BACKGROUND_TECHNIQUES, uniqueMarker } from '../../helpers/background-techniques.js';
import { QUICK_FIRST_LINES_MS } from '../../helpers/quick-jobs.js';
import { killSleepers, sleepersWith, within } from '../../helpers/survivors.js';
import { makeToolContext } from '../../helpers/tool-context.js';

let base: string;
let probe: CommandSandbox['probe'];
const tables: JobTable[] = [];
const markers: string[] = [];

beforeAll(async () => {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'inkling-jobs-')));
  probe = await probeSandbox();
});

afterAll(async () => {
  for (const t of tables) await t.killAll('test end');
  for (const m of markers) killSleepers(m);
  fs.rmSync(base, { recursive: true, force: true });
});

function session(sandbox: 'off' | 'sandbox', firstLinesMs = QUICK_FIRST_LINES_MS): SessionState & { jobs: JobTable } {
  const jobs = new JobTable(undefined, firstLinesMs);
  tables.push(jobs);
  return {
    readFiles: new Map(),
    sessionDir: fs.mkdtempSync(path.join(base, 'session-')),
    secretEnvNames: new Set(),
    jobs,
    ...(sandbox === 'sandbox' ? { sandbox: { mode: 'workspace', network: true, probe, allowUnsandboxed: false } satisfies CommandSandbox } : {}),
  };
}

function ctx(s: SessionState, signal?: AbortSignal) {
  return makeToolContext({ workspaceRoot: base, session: s, ...(signal ? { signal } : {}) });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/** job_output's text until `check` holds (a job's lines arrive as it prints them). */
async function outputUntil(s: SessionState, id: number, check: (text: string) => boolean, since?: number): Promise<string> {
  let seen = '';
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const r = await jobOutputTool.execute({ id, ...(since !== undefined ? { since } : {}) }, ctx(s));
    seen += r.content;
    if (check(seen)) return seen;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${id}'s output never matched; saw:\n${seen}`);
}

describe.each(['off', 'sandbox'] as const)('jobs with the sandbox %s', (mode) => {
  it('a background: true server answers on 127.0.0.1 while the next calls run', async () => {
    if (mode === 'sandbox' && !probe.ok) throw new Error(`bubblewrap does not work here: ${probe.reason}`);
    const s = session(mode);
    const port = await freePort();
    const root = fs.mkdtempSync(path.join(base, 'www-'));
    fs.writeFileSync(path.join(root, 'hello.txt'), 'served-by-job\n');
    const started = await bashTool.execute({ command: `cd ${root} && exec python3 -u -m http.server ${port} --bind 127.0.0.1`, background: true }, ctx(s));
    expect(started.isError).toBe(false);
    expect(started.content).toMatch(/^Started in the background as job 1 \(pid \d+\)/);
    expect(started.content).toContain('job_output {"id": 1}');
    expect(s.jobs.get(1)?.state).toBe('running');
    // The model's next call: the server answers it.
    let answer = '';
    for (let i = 0; i < 100 && !answer.includes('served-by-job'); i++) {
      const r = await bashTool.execute({ command: `curl -s http://127.0.0.1:${port}/hello.txt || true`, timeout_ms: 10_000 }, ctx(s));
      answer = r.content;
      if (!answer.includes('served-by-job')) await new Promise((r) => setTimeout(r, 100));
    }
    expect(answer).toContain('served-by-job');
    // The server logged the request: job_output has it.
    await outputUntil(s, 1, (t) => t.includes('GET /hello.txt'));
    const killed = await jobKillTool.execute({ id: 1 }, ctx(s));
    expect(killed.content).toMatch(/Job 1 .* was killed \(job_kill\)/);
    expect(s.jobs.get(1)?.state).toBe('killed');
  }, 60_000);

  it('job_output returns only new lines, and honours since', async () => {
    if (mode === 'sandbox' && !probe.ok) throw new Error(`bubblewrap does not work here: ${probe.reason}`);
    const s = session(mode);
    // Each line waits for a file, so the test decides when the next one comes.
    const gate = fs.mkdtempSync(path.join(base, 'gate-'));
    const command = `for i in 1 2 3 4 5 6; do until [ -e ${gate}/$i ]; do sleep 0.02; done; echo line-$i; done; sleep 60`;
    const started = await bashTool.execute({ command, background: true }, ctx(s));
    expect(started.isError).toBe(false);
    fs.writeFileSync(path.join(gate, '1'), '');
    fs.writeFileSync(path.join(gate, '2'), '');
    const first = await outputUntil(s, 1, (t) => t.includes('line-2'));
    expect(first).toContain('line-1');
    const next = Number(/next since: (\d+)/.exec(first.slice(first.lastIndexOf('next since')))![1]);
    fs.writeFileSync(path.join(gate, '3'), '');
    const second = await outputUntil(s, 1, (t) => t.includes('line-3'));
    expect(second).not.toContain('line-1');
    expect(second).not.toContain('line-2');
    // since: from an offset given before, and from the start.
    const fromOffset = await jobOutputTool.execute({ id: 1, since: next }, ctx(s));
    expect(fromOffset.content).toContain('line-3');
    expect(fromOffset.content).not.toContain('line-2');
    const all = await jobOutputTool.execute({ id: 1, since: 0 }, ctx(s));
    expect(all.content).toMatch(/line-1\nline-2\nline-3/);
    expect(all.content).toMatch(/is running \(pid \d+/);
    // Typing into it: job_input reaches its pty (the loop ignores it; cat-like jobs answer).
    expect((await jobInputTool.execute({ id: 1, text: 'x\n' }, ctx(s))).isError).toBe(false);
    await s.jobs.kill(1, 'test');
  }, 60_000);

  it('killing the jobs (/clear, exit) leaves no process of any of the ten backgrounding techniques', async () => {
    if (mode === 'sandbox' && !probe.ok) throw new Error(`bubblewrap does not work here: ${probe.reason}`);
    const s = session(mode);
    const own = BACKGROUND_TECHNIQUES.map(() => uniqueMarker());
    markers.push(...own);
    const command = `${BACKGROUND_TECHNIQUES.map((t, i) => t.command(own[i]!)).join('\n')}\necho started; sleep 60`;
    const started = await bashTool.execute({ command, background: true }, ctx(s));
    expect(started.isError).toBe(false);
    expect(await within(20_000, () => own.every((m) => sleepersWith(m).length > 0))).toBe(true);
    const killed = await s.jobs.killAll('/clear');
    expect(killed.map((j) => j.id)).toEqual([1]);
    expect(await within(2000, () => own.every((m) => sleepersWith(m).length === 0))).toBe(true);
    expect(s.jobs.get(1)?.state).toBe('killed');
  }, 60_000);
});

// How a call becomes a job is the same in and out of the sandbox: these run once.
describe('the job table', () => {
  it('a running call moved to the background returns its lines so far, and the job streams on', async () => {
    const s = session('off');
    const turn = new AbortController();
    const c = ctx(s, turn.signal);
    const call = bashTool.execute({ command: 'for i in $(seq 1 100000); do echo tick-$i; sleep 0.05; done', timeout_ms: 60_000 }, c);
    expect(await within(15_000, () => (c.reported.at(-1) as { snapshot?: { lines: string[] } } | undefined)?.snapshot?.lines.some((l) => l.includes('tick-3')) ?? false)).toBe(true);
    const moved = s.jobs.background();
    expect(moved).toEqual({ ok: true, id: 1 });
    const result = await call;
    expect(result.content).toMatch(/^The person moved this command to the background as job 1/);
    expect(result.content).toContain('tick-1');
    expect(result.content).toContain('tick-3');
    expect((result.details as { job?: number }).job).toBe(1);
    // The turn's interrupt no longer stops it: it is the job's now.
    turn.abort();
    const before = /tick-(\d+)\s*$/.exec(result.content.split('\n\n')[0]!.trimEnd())?.[1];
    await outputUntil(s, 1, (t) => /tick-(\d+)/.test(t) && Number([...t.matchAll(/tick-(\d+)/g)].at(-1)![1]) > Number(before ?? 0) + 3);
    expect(s.jobs.get(1)?.state).toBe('running');
    await s.jobs.kill(1, 'test');
    expect(s.jobs.get(1)?.state).toBe('killed');
  }, 60_000);

  it('background_on_timeout: the command becomes a job at its timeout instead of being killed', async () => {
    const s = session('off');
    const result = await bashTool.execute({ command: 'echo before-timeout; sleep 60', timeout_ms: 500, background_on_timeout: true }, ctx(s));
    expect(result.isError).toBe(false);
    expect(result.content).toMatch(/^The command reached its timeout and was moved to the background as job 1/);
    expect(result.content).toContain('before-timeout');
    expect(s.jobs.get(1)?.state).toBe('running');
    await s.jobs.kill(1, 'test');
  }, 30_000);

  it('refuses a job past jobs.max, and says how to make room', async () => {
    const s = session('off');
    const small = new JobTable(1, QUICK_FIRST_LINES_MS);
    tables.push(small);
    s.jobs = small;
    expect((await bashTool.execute({ command: 'sleep 60', background: true }, ctx(s))).isError).toBe(false);
    const refused = await bashTool.execute({ command: 'sleep 60', background: true }, ctx(s));
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain('1 jobs are running, the most allowed (jobs.max is 1): kill one with job_kill first.');
    await small.killAll('test');
  }, 30_000);

  it('returns a job\'s first lines; a job that ended shows its final screen and is told to the model once, with its last lines, in the next request', async () => {
    // The starting call's wait for first lines as it ships (1 s): what it printed by then is in the result.
    const s = session('off', DEFAULT_FIRST_LINES_MS);
    const gate = path.join(fs.mkdtempSync(path.join(base, 'gate-')), 'go');
    const started = await bashTool.execute({ command: `echo starting-up; until [ -e ${gate} ]; do sleep 0.02; done; echo finishing-up; exit 3`, background: true }, ctx(s));
    expect(started.content).toContain('runs on');
    expect(started.content).toContain('starting-up');
    // Nothing to tell while it runs.
    expect(s.jobs.withEndNotes([{ role: 'user', content: [{ type: 'text', text: 'first' }] }])[0]!.content).toHaveLength(1);
    const screens: string[] = [];
    s.jobs.subscribe((e) => {
      if (e.type === 'job_output') screens.push(e.snapshot.lines.join('\n'));
    });
    fs.writeFileSync(gate, '');
    await within(10_000, () => s.jobs.get(1)?.state === 'exited');
    // The job view keeps the last screen: it has the final line.
    expect(screens.at(-1)).toContain('finishing-up');
    const withNotes = s.jobs.withEndNotes([{ role: 'user', content: [{ type: 'text', text: 'next prompt' }] }]);
    const text = (withNotes[0]!.content as Array<{ type: string; text?: string }>).map((b) => b.text).join('\n');
    expect(text).toMatch(/^next prompt\n\[background job 1 `echo starting-up; until [^`]*` exited 3 after \d+ s; last lines:\nstarting-up\nfinishing-up\nfull log: /);
    // Once only.
    expect(s.jobs.withEndNotes([{ role: 'user', content: [{ type: 'text', text: 'again' }] }])[0]!.content).toHaveLength(1);
  }, 30_000);
});
