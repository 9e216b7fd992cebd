// The app in tmux doing light work: a live bash pane, a spinner, idle, Esc, the first live line
// (quiet and beside a busy core), and three parallel reads.
import { spawn } from 'node:child_process';
import { processesMatching } from '../../test/e2e/tmux-app.js';
import { startBenchApp, type BenchApp, type TurnResult } from './app-session.js';
import { medianOf, round, type Figures, type ScenarioOptions, type ScenarioResult } from './figures.js';
import { bash, call, range, readFile, say, sleep } from './model-script.js';
import { nowMs, replay } from './pane-stream.js';
import { cpuMs, cpuPercentOver, pssSampler } from './proc-stats.js';

export const TICKER = 'for i in $(seq 1 40); do echo tick$i; sleep 0.1; done';

const liveScript = (reps: number) =>
  range(reps).flatMap((i) => [
    call('I will run the ticker now and watch it print forty lines. ', bash(TICKER)),
    say(`The ticker printed forty lines, one every tenth of a second, and it ended well. live done ${i}`),
  ]);

/**
 * The live turn, `reps` times without the trace (CPU, what reached the screen), then once more in
 * a traced app to count the pane updates the core sent.
 */
export async function liveTurn(opts: ScenarioOptions): Promise<ScenarioResult> {
  const b = await startBenchApp({ server: liveScript(opts.reps), paneStream: true, ...(opts.cpuProfDir ? { cpuProfDir: opts.cpuProfDir } : {}) });
  const pss = pssSampler(b.pid);
  const cpu: number[] = [];
  const shown: number[] = [];
  const kbps: number[] = [];
  const clears: number[] = [];
  const turns: { from: number; to: number }[] = [];
  try {
    for (const i of range(opts.reps)) {
      const r = await b.turn(`live ${i}`, `live done ${i}`);
      turns.push({ from: r.sentAt, to: r.endAt });
      cpu.push(r.cpuMs);
      // A pane state is the newest tick row the live pane shows: the bottom-most one on screen
      // (earlier turns' cards above still show theirs). Count the distinct ones that arrived.
      const states = new Set<number>();
      await replay(b.pane!, (rows) => {
        const bottom = rows.filter((row) => /^ {2}│ tick\d+\s*$/.test(row)).at(-1);
        if (bottom) states.add(Number(/tick(\d+)/.exec(bottom)![1]));
      }, r.sentAt, r.endAt);
      shown.push(states.size);
      const chunks = b.pane!.chunks().filter((c) => c.t >= r.sentAt && c.t <= r.endAt);
      const bytes = chunks.reduce((n, c) => n + c.data.length, 0);
      kbps.push(bytes / 1024 / ((r.endAt - r.sentAt) / 1000));
      clears.push(chunks.reduce((n, c) => n + c.data.toString('latin1').split('\x1b[2J').length - 1, 0));
      await sleep(300);
    }
  } finally {
    await b.close();
  }
  const pssPeak = pss.stop();
  const traced = await startBenchApp({ server: liveScript(1), trace: true });
  let updates: number;
  try {
    const r = await traced.turn('live 1', 'live done 1');
    updates = new Set(r.events.filter((e) => e.type === 'tool_output').map((e) => e.extra)).size;
  } finally {
    await traced.close();
  }
  return {
    figures: {
      'live.cpu': medianOf(cpu),
      'live.updates': { value: updates, note: 'distinct last rows of the tool_output events in INKLING_TRACE_EVENTS (one traced run)' },
      'live.shown': medianOf(shown, 0, 'pipe-pane output replayed in a headless xterm: distinct newest tick rows the pane showed'),
      'live.kbps': medianOf(kbps, 1),
      'live.clears': medianOf(clears),
    },
    pssPeak,
    pssAtPeak: pss.atPeak(),
    turns,
  };
}

const SLEEP = `41.${process.pid % 1000}`;
// Told apart from other benches' sleeps by the process list.
const SPIN_SLEEP = `10.${process.pid % 1000}`;

/** One spinner (sleep 10), then idle, then Esc interrupting a command. */
export async function spinnerIdleEsc(opts: Partial<ScenarioOptions> = {}): Promise<ScenarioResult> {
  const script = [call('Sleeping a while. ', bash(`sleep ${SPIN_SLEEP}`)), say('spin done'), call('Sleeping for long. ', bash(`sleep ${SLEEP}`)), say('never')];
  const b = await startBenchApp({ server: script, paneStream: true, ...(opts.cpuProfDir ? { cpuProfDir: opts.cpuProfDir } : {}) });
  const figures: Figures = {};
  // The spinner's measured windows (a profile is ranked over them).
  const turns: { from: number; to: number }[] = [];
  try {
    b.app.type('spin');
    b.app.keys('Enter');
    await b.app.waitFor((s) => s.includes(`bash sleep ${SPIN_SLEEP}`) && s.includes('running 1 tool'), 'the spinner', 20_000);
    // The card says running before the command is checked and started: measure once it runs.
    while (processesMatching(`sleep ${SPIN_SLEEP}`).length === 0) await sleep(10);
    await sleep(500);
    const spin: number[] = [];
    for (let i = 0; i < 3; i++) {
      const from = nowMs();
      spin.push(await cpuPercentOver(b.pid, 2500));
      turns.push({ from, to: nowMs() });
    }
    figures['spinner.cpu'] = medianOf(spin, 1, 'three 2.5 s windows while `sleep 10` runs (from when its process exists + 0.5 s)');
    await b.app.waitFor((s) => s.includes('spin done') && s.includes('● idle'), 'the spinner turn to end', 20_000);
    // Three 5 s windows from 1 s after the turn's end: work that drips on after a turn (V8's
    // memory reducer ran its GCs about 8 s after the turn's last one) shows in one of them.
    await sleep(1000);
    const idle: number[] = [];
    const idleMs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const c0 = cpuMs(b.pid);
      idle.push(await cpuPercentOver(b.pid, 5000));
      idleMs.push(cpuMs(b.pid) - c0);
    }
    const windows = `three 5 s windows from 1 s after the turn's end, ms of CPU in each: ${idleMs.map((x) => round(x)).join(', ')}`;
    figures['idle.cpu'] = medianOf(idle, 1, windows);
    figures['idle.max'] = { value: round(Math.max(...idle), 1), note: `${round(Math.max(...idleMs))} ms of CPU in the worst 5 s` };

    b.app.type('esc');
    b.app.keys('Enter');
    await b.app.waitFor((s) => s.includes(`bash sleep ${SLEEP}`) && s.includes('running 1 tool'), 'the long sleep', 20_000);
    while (processesMatching(`sleep ${SLEEP}`).length === 0) await sleep(10);
    await sleep(300);
    const escAt = nowMs();
    b.app.keys('Escape');
    while (processesMatching(`sleep ${SLEEP}`).length > 0 && nowMs() - escAt < 5000) await sleep(5);
    const gone = nowMs() - escAt;
    await b.app.waitFor((s) => s.includes('● idle'), 'idle after Esc', 5000);
    let idleAt = NaN;
    await replay(b.pane!, (rows, t) => {
      if (Number.isNaN(idleAt) && rows.some((r) => r.includes('● idle'))) idleAt = t;
    }, escAt);
    figures['esc.idle'] = { value: round(idleAt - escAt) };
    figures['esc.gone'] = { value: round(gone), note: 'polled with ps every 5 ms' };
  } finally {
    await b.close();
  }
  return { figures, turns };
}

/** When the screen first showed a row with a clock of this turn, and the clock it showed. */
async function clockOnScreen(b: BenchApp, r: TurnResult): Promise<{ at: number; printed: number }> {
  let found = { at: NaN, printed: NaN };
  // Earlier turns' cards still show their clocks: only this turn's counts.
  await replay(b.pane!, (rows, t) => {
    const printed = rows.map((row) => Number(/│ (\d{13})\b/.exec(row)?.[1])).find((x) => x >= Math.floor(r.sentAt));
    if (printed !== undefined && Number.isNaN(found.at)) found = { at: t, printed };
  }, r.sentAt, r.endAt);
  return found;
}

/**
 * The command prints its clock; the figure is when that row reached the terminal, minus the clock
 * (quiet, then with `yes` keeping a core busy). Then commands that print at once: tool call
 * streamed (trace) → their first row on screen.
 */
export async function firstLine(opts: ScenarioOptions): Promise<ScenarioResult> {
  const n = 3 * opts.reps;
  const script = range(n).flatMap((i) => [
    call('Printing the time. ', bash(i <= 2 * opts.reps ? 'sleep 0.5; date +%s%3N; sleep 1.5' : 'date +%s%3N; sleep 1')),
    say(`first done ${i}`),
  ]);
  const b = await startBenchApp({ server: script, paneStream: true, trace: true });
  const quiet: number[] = [];
  const busy: number[] = [];
  const fromCall: number[] = [];
  let yes: ReturnType<typeof spawn> | null = null;
  try {
    for (const i of range(n)) {
      if (i === opts.reps + 1) {
        yes = spawn('yes', [], { stdio: 'ignore' });
        await sleep(300);
      }
      if (i === 2 * opts.reps + 1) {
        yes?.kill('SIGTERM');
        yes = null;
        await sleep(300);
      }
      const r = await b.turn(`first ${i}`, `first done ${i}`);
      const shown = await clockOnScreen(b, r);
      if (i <= opts.reps) quiet.push(shown.at - shown.printed);
      else if (i <= 2 * opts.reps) busy.push(shown.at - shown.printed);
      else fromCall.push(shown.at - (r.events.find((e) => e.type === 'tool_call')?.t ?? NaN));
      await sleep(300);
    }
  } finally {
    yes?.kill('SIGTERM');
    await b.close();
  }
  const how = 'pipe-pane arrival time of the row minus the `date +%s%3N` it shows';
  return {
    figures: {
      'firstline.quiet': medianOf(quiet, 0, how),
      'firstline.busy': medianOf(busy, 0, `${how}; \`yes > /dev/null\` running`),
      'firstline.fromCall': medianOf(fromCall, 0, '`date +%s%3N; sleep 1`: tool_call in the trace → its row on screen'),
    },
  };
}

/** 1536 lines of 79 characters: 120 KB. */
const file120k = () => range(1536).map((i) => `${String(i).padStart(6)} ${'lorem ipsum dolor sit amet '.repeat(3).slice(0, 72)}`).join('\n') + '\n';

export async function parallelReads(opts: ScenarioOptions): Promise<ScenarioResult> {
  const script = range(opts.reps).flatMap((i) => [
    call('Reading the three files side by side. ', readFile('a.txt'), readFile('b.txt'), readFile('c.txt')),
    say(`All three files are read and they look alike. reads done ${i}`),
  ]);
  const b = await startBenchApp({ server: script, files: { 'a.txt': file120k(), 'b.txt': file120k(), 'c.txt': file120k() } });
  const cpu: number[] = [];
  try {
    for (const i of range(opts.reps)) {
      cpu.push((await b.turn(`reads ${i}`, `reads done ${i}`)).cpuMs);
      await sleep(300);
    }
  } finally {
    await b.close();
  }
  return { figures: { 'reads.cpu': medianOf(cpu) } };
}
