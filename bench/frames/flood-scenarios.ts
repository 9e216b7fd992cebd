// The app in tmux while a command floods its pane: keystroke → screen during `seq 1 2000000`,
// and `seq 1 300000` from tool start to result with a check of what the model was sent.
import { existsSync, readFileSync } from 'node:fs';
import { startFakeAnthropic, reply, type RecordedRequest } from '../../test/helpers/fake-anthropic.js';
import { tmux } from '../../test/e2e/tmux-app.js';
import { COLS, ROWS, startBenchApp } from './app-session.js';
import { median, medianOf, percentile, round, type Figures, type ScenarioOptions, type ScenarioResult } from './figures.js';
import { bash, call, range, sleep } from './model-script.js';
import { nowMs, replay, startPaneStream } from './pane-stream.js';
import { cpuMs, pssSampler } from './proc-stats.js';

/** What the measure itself costs: keys sent the same way to `cat`, until the echo arrives. */
async function keyFloor(dir: string): Promise<number[]> {
  const session = `inkling-bench-cat-${process.pid}`;
  tmux('new-session', '-d', '-s', session, '-x', String(COLS), '-y', String(ROWS), 'cat');
  const out: number[] = [];
  try {
    await sleep(200);
    const pane = await startPaneStream(session, dir);
    const sent: { at: number; ch: string }[] = [];
    for (const ch of 'vwxyz') {
      sent.push({ at: nowMs(), ch });
      tmux('send-keys', '-t', session, '-l', ch);
      await sleep(60);
    }
    pane.stop();
    const chunks = pane.chunks();
    for (const k of sent) out.push((chunks.find((c) => c.t >= k.at && c.data.includes(k.ch))?.t ?? NaN) - k.at);
  } finally {
    tmux('kill-session', '-t', session);
  }
  return out;
}

/** Keys typed one at a time while the pane floods; each waits until the input row shows it. */
export async function keysDuringFlood(opts: Partial<ScenarioOptions> = {}): Promise<ScenarioResult> {
  const b = await startBenchApp({
    server: [call('Running it. ', bash('seq 1 2000000')), { text: 'flood done' }],
    paneStream: true,
    ...(opts.cpuProfDir ? { cpuProfDir: opts.cpuProfDir } : {}),
  });
  const pss = pssSampler(b.pid);
  const sent: { at: number; typed: string; polled: number }[] = [];
  let cpuPercent = NaN;
  const idle: number[] = [];
  const turns: { from: number; to: number }[] = [];
  try {
    // The floor: the same keys into the idle app (measurement overhead included).
    for (const typed of ['q', 'qw', 'qwe', 'qwer', 'qwert']) {
      const at = nowMs();
      b.app.type(typed.at(-1)!);
      await b.app.waitFor((s) => s.includes(`› ${typed}`), `typed ${typed}`, 5000);
      await sleep(60);
      await replay(b.pane!, (rows, t) => {
        if (idle.length < typed.length && rows.some((r) => r.includes(`› ${typed} `) || r.endsWith(`› ${typed}`))) idle.push(t - at);
      }, at, at + 5000);
    }
    b.app.keys('C-u');
    await sleep(200);
    b.app.type('flood');
    b.app.keys('Enter');
    await b.app.waitFor((s) => /│ \d{4,}/.test(s), 'the flood on screen', 20_000);
    const c0 = cpuMs(b.pid);
    const t0 = nowMs();
    let typed = '';
    for (const ch of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN') {
      if (b.app.screen().includes('flood done')) break;
      typed += ch;
      const at = nowMs();
      b.app.type(ch);
      const want = `» ${typed}`;
      await b.app.waitFor((s) => s.includes(want) || s.includes('flood done'), `typed ${typed}`, 10_000);
      sent.push({ at, typed, polled: nowMs() - at });
      await sleep(60);
    }
    cpuPercent = ((cpuMs(b.pid) - c0) / (nowMs() - t0)) * 100;
    turns.push({ from: t0, to: nowMs() });
    await b.app.waitFor((s) => s.includes('flood done') && s.includes('● idle'), 'the flood to end', 120_000);
  } finally {
    await b.close();
  }
  const floor = await keyFloor(b.dir);
  // The key's time on screen: the first output after it was sent whose input row shows it.
  const latencies: number[] = [];
  for (const k of sent) {
    let shownAt = NaN;
    await replay(b.pane!, (rows, t) => {
      if (Number.isNaN(shownAt) && rows.some((r) => r.includes(`» ${k.typed} `) || r.endsWith(`» ${k.typed}`))) shownAt = t;
    }, k.at, k.at + 10_000);
    latencies.push(Number.isNaN(shownAt) ? k.polled : shownAt - k.at);
  }
  const note = `${latencies.length} keys, each timed from just before tmux send-keys to the pipe-pane chunk that showed it`;
  return {
    figures: {
      'keys.p95': { value: round(percentile(latencies, 95)), samples: latencies.map((x) => round(x)), note },
      'keys.median': { value: round(median(latencies)) },
      'keys.idle': medianOf(idle, 0, `the same measure with the app idle; to \`cat\` instead of the app: ${floor.map((x) => x.toFixed(0)).join(', ')} ms`),
      'keys.cpu': { value: round(cpuPercent), note: 'while the keys were typed' },
    },
    pssPeak: pss.stop(),
    pssAtPeak: pss.atPeak(),
    turns,
  };
}

const FLOOD_LINES = 300_000;

function toolResultText(req: RecordedRequest | undefined): string {
  const messages = (req?.body as { messages?: { role: string; content: unknown }[] } | undefined)?.messages ?? [];
  const last = messages.at(-1)?.content;
  const block = Array.isArray(last) ? (last as { type: string; content?: unknown }[]).find((b) => b.type === 'tool_result') : undefined;
  const c = block?.content;
  if (typeof c === 'string') return c;
  return Array.isArray(c) ? (c as { text?: string }[]).map((x) => x.text ?? '').join('') : '';
}

/** What the model got and what the log holds, as a list of failed checks (empty: all ok). */
function checkFlood(content: string): string[] {
  const failed: string[] = [];
  if (!content.startsWith('1\n2\n3\n')) failed.push('head');
  // The tail is followed by the status lines ("Exit code: 0").
  if (!content.slice(-2000).includes('\n299999\n300000\n')) failed.push('tail');
  if (!/\b(?:300,?000 lines|1,?988,?895\b|1\.9 MB)/.test(content)) failed.push('total size');
  const logPath = /(\/[^\s'"`]+\.log)\b/.exec(content)?.[1];
  if (!logPath || !existsSync(logPath)) failed.push('log path');
  else {
    const log = readFileSync(logPath, 'utf8').replace(/\r/g, '');
    const expected = range(FLOOD_LINES).join('\n') + '\n';
    if (log !== expected && log.trimEnd() !== expected.trimEnd()) failed.push(`log complete (${log.length} of ${expected.length} bytes)`);
  }
  return failed;
}

/** `seq 1 300000`, `reps` times: trace times of the call, its start and its result. */
export async function flood(opts: ScenarioOptions): Promise<ScenarioResult> {
  const requests: RecordedRequest[] = [];
  // In this process, to record what the model was sent; only the turn's end waits on it.
  const server = await startFakeAnthropic({ onRequest: (r) => requests.push(r) });
  for (const i of range(opts.reps)) server.enqueue(reply(call('Running it. ', bash(`seq 1 ${FLOOD_LINES}`))), reply({ text: `flood done ${i}` }));
  const b = await startBenchApp({ server: { url: server.url }, paneStream: true, trace: true, ...(opts.cpuProfDir ? { cpuProfDir: opts.cpuProfDir } : {}) });
  const pss = pssSampler(b.pid);
  const fromStart: number[] = [];
  const fromCall: number[] = [];
  const cpu: number[] = [];
  const problems = new Set<string>();
  const paneStates: number[] = [];
  const turns: { from: number; to: number }[] = [];
  try {
    for (const i of range(opts.reps)) {
      const before = requests.length;
      const r = await b.turn(`flood ${i}`, `flood done ${i}`);
      turns.push({ from: r.sentAt, to: r.endAt });
      cpu.push(r.cpuMs);
      const call = r.events.find((e) => e.type === 'tool_call');
      const result = r.events.find((e) => e.type === 'tool_result');
      // queued, running, done: the start is the status before the last one.
      const statuses = r.events.filter((e) => e.type === 'tool_status' && call && result && e.t >= call.t && e.t <= result.t);
      const start = statuses.at(-2) ?? statuses[0];
      fromStart.push((result?.t ?? NaN) - (start?.t ?? NaN));
      fromCall.push((result?.t ?? NaN) - (call?.t ?? NaN));
      for (const p of checkFlood(toolResultText(requests.slice(before).at(-1)))) problems.add(p);
      // The pane showed the flood live: distinct newest numbers (the bottom-most pane row; earlier
      // turns' cards above show theirs) on screen while it ran.
      const shown = new Set<number>();
      await replay(b.pane!, (rows) => {
        const bottom = rows.filter((row) => /^ {2}│ \d+\s*$/.test(row)).at(-1);
        if (bottom) shown.add(Number(/\d+/.exec(bottom)![0]));
      }, r.sentAt, result?.t ?? r.endAt);
      paneStates.push(shown.size);
      if (!b.app.screen().includes(String(FLOOD_LINES))) problems.add('pane tail');
      await sleep(300);
    }
    if (paneStates.some((n) => n < 2)) problems.add('pane live');
  } finally {
    await b.close();
    await server.close();
  }
  const verdict = problems.size === 0 ? 'all ok' : `missing: ${[...problems].join(', ')}`;
  return {
    figures: {
      'flood.ms': medianOf(fromStart, 0, 'INKLING_TRACE_EVENTS: tool_status (running) → tool_result'),
      'flood.fromCall': medianOf(fromCall, 0, 'INKLING_TRACE_EVENTS: tool_call → tool_result'),
      'flood.cpu': medianOf(cpu, 0, "the app's main process, /proc utime+stime; less sensitive to a busy machine than the times"),
      'flood.check': { value: verdict, note: `pane showed ${paneStates.join(', ')} distinct states while the command ran` },
    },
    pssPeak: pss.stop(),
    pssAtPeak: pss.atPeak(),
    turns,
  };
}
