// Session figures (issue 16): what appending a record costs on the turn's path, and how long a
// big session (5,000 tool calls, ~60 MB of records and logs) takes to open: reading and
// rebuilding it in-process, applying its transcript to the store, and `inkling --continue` in
// tmux until the last answer is on screen, with the app's PSS then.
//   node --import tsx bench/session-resume.ts [--calls 5000] [--no-tmux] [--reps 3] [--profile <dir>] [--no-launcher-flags]
// The app gets the node flags the launcher gives it (--no-launcher-flags: plain node, as before).
// Memory is PSS (what the lead compares) and USS (the process's own pages: what other processes
// sharing node's pages cannot lower).
// --profile: the app runs with --cpu-prof into <dir> and quits (Ctrl+C twice) once the answer shows.
// Needs a build (npm run build) for the tmux figure.
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SessionRecorder } from '../src/core/sessions/recorder.js';
import { SessionFile } from '../src/core/sessions/session-file.js';
import { openSession } from '../src/core/sessions/session-catalog.js';
import { sessionPaths } from '../src/core/sessions/session-paths.js';
import { SESSION_FORMAT_VERSION } from '../src/core/sessions/records.js';
import { withStoredRead } from '../src/core/sessions/stored-fields.js';
import { estimateRequest } from '../src/core/context/token-estimate.js';
import { createAppStore } from '../src/store/app-store.js';
import { showSession } from '../src/store/session-picker.js';
import { startTmuxApp } from '../test/e2e/tmux-app.js';
import { rankingTable, rankProfile } from './frames/cpu-profile.js';
import { launcherFlags } from './frames/app-session.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const CALLS = Number(arg('--calls') ?? 5000);
const PER_TURN = 10;
const usage = { inputTokens: 1000, outputTokens: 50, cacheReadTokens: 0, cacheWriteTokens: 0 };
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

function appendCost(): void {
  const home = mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-append-'));
  const ws = mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-ws-'));
  const rec = new SessionRecorder({ paths: sessionPaths(home, ws), workspaceRoot: ws, describe: () => ({ model: 'm', provider: 'p' }), inklingVersion: 'bench', promptHistory: false });
  rec.prompt('bench', [{ type: 'text', text: 'bench' }]);
  const content = 'x'.repeat(4000);
  const times: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const t = performance.now();
    rec.event({ type: 'tool_result', id: `t${i}`, content, isError: false, durationMs: 3 });
    times.push(performance.now() - t);
  }
  rec.close();
  console.log(`append a tool_result record (4 KB): p50 ${pct(times, 50).toFixed(3)} ms · p99 ${pct(times, 99).toFixed(3)} ms · max ${Math.max(...times).toFixed(3)} ms (2,000 records)`);
  rmSync(home, { recursive: true, force: true });
}

function bigSession(home: string, ws: string): { id: string; bytes: number } {
  const id = '5e5510a0-0000-4000-8000-000000000001';
  const paths = sessionPaths(home, ws);
  const logs = path.join(paths.logsDir(id), 'bash');
  mkdirSync(logs, { recursive: true });
  const file = new SessionFile(paths.file(id));
  file.append({ type: 'header', version: SESSION_FORMAT_VERSION, id, workspace: ws, model: 'claude-sonnet-4-6', provider: 'anthropic', startedAt: Date.now(), inklingVersion: 'bench' });
  file.append({ type: 'title', title: 'a long session' });
  const line = (i: number, n: number) => `row ${n} of command ${i}: ${'lorem ipsum '.repeat(5)}`;
  let logBytes = 0;
  for (let turn = 0; turn * PER_TURN < CALLS; turn++) {
    file.append({ type: 'prompt', at: Date.now(), text: `step ${turn}`, content: [{ type: 'text', text: `step ${turn}` }] });
    const uses = Array.from({ length: PER_TURN }, (_, k) => ({ type: 'tool_use' as const, id: `toolu_${turn}_${k}`, name: 'bash', input: { command: `make step-${turn}-${k}` } }));
    file.append({ type: 'assistant', at: Date.now(), message: { role: 'assistant', content: [{ type: 'text', text: `Running step ${turn}.` }, ...uses] }, stopReason: 'tool_use' });
    for (const [k, u] of uses.entries()) {
      const i = turn * PER_TURN + k;
      const logPath = path.join(logs, `${u.id}.log`);
      const log = Array.from({ length: 120 }, (_, n) => line(i, n)).join('\n');
      writeFileSync(logPath, log);
      logBytes += log.length;
      const lines = Array.from({ length: 20 }, (_, n) => line(i, 100 + n));
      file.append({
        type: 'tool_result', at: Date.now(), id: u.id, readOnly: false, durationMs: 40, isError: false,
        content: `${lines.slice(0, 10).join('\n')}\n… 100 lines …\n${lines.slice(10).join('\n')}\nExit code: 0\nFull output: ${logPath}`,
        details: { kind: 'bash', command: u.input.command, snapshot: { cols: 100, rows: 20, lines, totalLines: 120 }, running: false, exitCode: 0, signal: null, timedOut: false, logPath, totalBytes: log.length },
      });
    }
    file.append({ type: 'assistant', at: Date.now(), message: { role: 'assistant', content: [{ type: 'text', text: `Step ${turn} done.` }] }, stopReason: 'end_turn' });
    file.append({ type: 'usage', usage, turn: usage, session: usage });
    file.append({ type: 'turn_end', reason: 'end_turn' });
  }
  file.append({ type: 'prompt', at: Date.now(), text: 'last one', content: [{ type: 'text', text: 'last one' }] });
  file.append({ type: 'assistant', at: Date.now(), message: { role: 'assistant', content: [{ type: 'text', text: 'THE-LAST-ANSWER' }] }, stopReason: 'end_turn' });
  file.append({ type: 'turn_end', reason: 'end_turn' });
  file.close();
  const records = statSync(paths.file(id)).size;
  console.log(`session: ${CALLS} tool calls · records ${(records / 1e6).toFixed(1)} MB · logs ${(logBytes / 1e6).toFixed(1)} MB`);
  return { id, bytes: records };
}

async function loadInProcess(home: string, ws: string, id: string): Promise<void> {
  const file = sessionPaths(home, ws).file(id);
  const before = process.memoryUsage().rss;
  const t0 = performance.now();
  const opened = await openSession(file);
  const t1 = performance.now();
  const store = createAppStore({ size: { cols: 120, rows: 40 } });
  const whole = showSession(store, { id, replay: opened.restored.replay, notices: opened.notices });
  const t2 = performance.now();
  await whole;
  const t3 = performance.now();
  // What each request of the next turn adds: its token estimate (1-3 a request) and its messages as sent.
  const t4 = performance.now();
  estimateRequest('', [], opened.restored.messages);
  const t5 = performance.now();
  const sent = JSON.stringify(withStoredRead(opened.restored.messages)).length;
  const t6 = performance.now();
  console.log(
    `next request: token estimate ${(t5 - t4).toFixed(0)} ms · messages read and serialised ${(t6 - t5).toFixed(0)} ms (${(sent / 1e6).toFixed(1)} MB)`,
  );
  console.log(
    `in process: read + rebuild ${(t1 - t0).toFixed(0)} ms (${opened.restored.messages.length} messages, ${opened.restored.replay.length} replay events) · ` +
      `transcript into the store: the screen's turns ${(t2 - t1).toFixed(0)} ms, all ${(t3 - t1).toFixed(0)} ms (${store.getState().items.length} items) · RSS +${((process.memoryUsage().rss - before) / 1e6).toFixed(0)} MB`,
  );
}

/** User + system CPU the process has used, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function memoryOf(pid: number): string {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  return `PSS ${(kb('Pss') / 1024).toFixed(0)} MB (USS ${((kb('Private_Clean') + kb('Private_Dirty')) / 1024).toFixed(0)})`;
}

async function continueInTmux(home: string, ws: string): Promise<void> {
  const prev = process.env.INKLING_HOME;
  process.env.INKLING_HOME = home;
  const t0 = Date.now();
  const profile = arg('--profile');
  const env: Record<string, string> = { ANTHROPIC_API_KEY: 'bench-key', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' };
  // The node flags the launcher (bin/inkling) starts the program with: the app runs bin/inkling.js.
  const nodeArgs = process.argv.includes('--no-launcher-flags') ? [] : launcherFlags();
  // Node 20 refuses --cpu-prof in NODE_OPTIONS: a `node` earlier in PATH adds it.
  if (profile) {
    const bin = mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-node-'));
    writeFileSync(path.join(bin, 'node'), `#!/bin/sh\nexec ${process.execPath} --cpu-prof --cpu-prof-dir=${path.resolve(profile)} "$@"\n`, { mode: 0o755 });
    env.PATH = `${bin}:${process.env.PATH ?? ''}`;
  }
  const app = startTmuxApp({ cwd: ws, args: ['--continue'], env, nodeArgs });
  try {
    await app.waitFor((s) => s.includes('Ask anything') || s.includes('›'), 'the first frame', 30_000);
    const first = Date.now() - t0;
    await app.waitFor((s) => s.includes('THE-LAST-ANSWER'), 'the resumed transcript', 60_000);
    const shown = Date.now() - t0;
    const memShown = memoryOf(app.appPid());
    const cpuShown = cpuMsOf(app.appPid());
    // Then the turns above the screen's go in, and the agent takes the conversation.
    await new Promise((r) => setTimeout(r, 3000));
    console.log(
      `inkling --continue in tmux: first frame ${first} ms · the session's last answer on screen ${shown} ms · ` +
        `app CPU by then ${cpuShown} ms (what load cannot inflate much), 3 s later ${cpuMsOf(app.appPid())} ms · app ${memShown}, 3 s later ${memoryOf(app.appPid())} · load ${os.loadavg()[0]!.toFixed(1)}`,
    );
    if (profile) {
      app.keys('C-c');
      await new Promise((r) => setTimeout(r, 300));
      app.keys('C-c');
      await app.waitFor((s) => s.includes('EXITED'), 'the app to quit', 30_000);
      const file = readdirSync(path.resolve(profile)).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(path.resolve(profile), f)).at(-1);
      if (file) {
        const ranked = rankProfile(file, 15);
        console.log(`cpu profile ${file} (busy ${ranked.busyMs.toFixed(0)} of ${ranked.totalMs.toFixed(0)} ms)`);
        console.log(rankingTable(ranked.top));
        console.log(rankingTable(ranked.ownTotal, 'total ms'));
      }
    }
  } finally {
    app.kill();
    if (prev === undefined) delete process.env.INKLING_HOME;
    else process.env.INKLING_HOME = prev;
  }
}

appendCost();
const home = mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-home-'));
const ws = mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-ws-'));
const { id } = bigSession(home, ws);
await loadInProcess(home, ws, id);
if (!process.argv.includes('--no-tmux')) for (let rep = Number(arg('--reps') ?? 1); rep > 0; rep--) await continueInTmux(home, ws);
rmSync(home, { recursive: true, force: true });
rmSync(ws, { recursive: true, force: true });
