// The first turn (issue 41): a one-sentence answer and the 40-line live turn, typed as soon as the
// prompt shows (cold) and after a 6 s settle (warm), in the built app started through the launcher
// (bin/inkling) in tmux against the fake server. The overhead of the short answer is what the app
// adds to the stream: (Enter → the answer's last word on screen) − (server's first byte → last byte).
// The pace is stated: SHORT_WORDS text deltas, one every DELTA_MS; the live turn is TICKER.
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { startFakeServer, startTmuxApp, type TmuxApp } from '../../test/e2e/tmux-app.js';
import { benchTempDir, COLS, profilingNode, ROWS } from './app-session.js';
import { medianOf, type ScenarioOptions, type ScenarioResult } from './figures.js';
import { bash, call, DELTA_MS, range, say, sleep } from './model-script.js';
import { nowMs, replay, startPaneStream, type PaneStream } from './pane-stream.js';
import { cpuMs } from './proc-stats.js';
import { TICKER } from './live-scenarios.js';

/** How long a warm app settles after its prompt shows (the CPU it spends meanwhile is "deferred"). */
export const SETTLE_MS = 6000;

const shortAnswer = (tag: string) => `The answer is short: one sentence of twelve words ends here ${tag}`;
/** Text deltas in the short answer (one word each). */
export const SHORT_WORDS = shortAnswer('x').split(' ').length;

interface Turn {
  /** Enter → the answer's last word on screen, ms. */
  onScreen: number;
  /** The server's first byte → last byte of the turn's last response, ms. */
  stream: number;
  /** Enter → the server's first byte of the turn's first response, ms: the request's way out. */
  toFirstByte: number;
  /** The server's last text delta of the turn's last response → the answer's last word on screen, ms. */
  lastWord: number;
  /** CPU of the app from Enter to idle on screen, ms. */
  cpu: number;
  /** The first call's response streamed (server's last byte) → `firstLine` on screen, ms (NaN without). */
  callToLine: number;
  /** Enter and idle on screen, nowMs(). */
  sentAt: number;
  endAt: number;
}

interface Run {
  app: TmuxApp;
  pid: number;
  pane: PaneStream;
  timing: string;
  /** When the prompt first showed, nowMs(). */
  promptAt: number;
  /** Ends the app (with /exit when it writes a CPU profile, so the profile is written). */
  stop(): Promise<void>;
}

/** Starts an app whose output is copied from before its first byte, and waits for its prompt (5 ms polls). */
async function startRun(script: unknown[], cpuProfDir?: string): Promise<Run> {
  const dir = benchTempDir();
  const cwd = path.join(dir, 'ws');
  mkdirSync(cwd);
  const timing = path.join(dir, 'timing.jsonl');
  const gate = path.join(dir, 'go');
  const server = await startFakeServer(script, { timing });
  const env: Record<string, string> = { ANTHROPIC_API_KEY: 'sk-test-fake', ANTHROPIC_BASE_URL: server.url, ANTHROPIC_MODEL: 'claude-sonnet-4-6', INKLING_HOME: path.join(dir, 'home') };
  // The launcher finds `node` on PATH: a profiling one first.
  if (cpuProfDir) env.PATH = `${profilingNode(dir, cpuProfDir)}:${process.env.PATH ?? ''}`;
  const app = startTmuxApp({ cwd, env, cols: COLS, rows: ROWS, args: ['--yolo'], launcher: true, gate });
  const stop = async () => {
    pane.stop();
    try {
      if (cpuProfDir) {
        app.keys('C-u');
        app.type('/exit');
        app.keys('Enter');
        await app.waitFor((s) => s.includes('EXITED'), 'the app to exit', 20_000);
      }
    } finally {
      app.kill();
      server.proc.kill('SIGTERM');
    }
  };
  const pane = await startPaneStream(app.session, dir);
  writeFileSync(gate, '');
  const t0 = nowMs();
  while (!app.screen().includes('Ask anything')) {
    if (nowMs() - t0 > 30_000) {
      await stop();
      throw new Error(`no input prompt after 30 s:\n${app.screen()}`);
    }
    await sleep(5);
  }
  // tmux showed the prompt; the stamped copy of the output may not hold it yet (the settle would
  // then start from NaN and be skipped): wait for the copy, or take the moment tmux showed it.
  const seenAt = nowMs();
  const promptAt = await firstShown(pane, (rows) => rows.some((r) => r.includes('Ask anything')), 0, seenAt);
  return { app, pid: app.appPid(), pane, timing, promptAt, stop };
}

/** Types `prompt`, presses Enter, waits for `lastWord` on screen with the status idle. */
async function turn(run: Run, prompt: string, lastWord: string, firstLine?: string): Promise<Turn> {
  run.app.type(prompt);
  await run.app.waitFor((s) => s.includes(prompt), 'the typed prompt', 10_000);
  const streamsBefore = streams(run.timing).length;
  const c0 = cpuMs(run.pid);
  const sentAt = nowMs();
  run.app.keys('Enter');
  await run.app.waitFor((s) => s.includes(lastWord) && s.includes('● idle'), lastWord, 60_000);
  const cpu = cpuMs(run.pid) - c0;
  const shownAt = await firstShown(run.pane, (rows) => rows.some((r) => r.includes(lastWord)), sentAt, NaN);
  const lineAt = firstLine ? await firstShown(run.pane, (rows) => rows.some((r) => r.includes(firstLine)), sentAt, NaN) : NaN;
  const mine = streams(run.timing).slice(streamsBefore);
  const last = mine.at(-1);
  const callToLine = firstLine && mine[0] ? lineAt - mine[0].lastByte : NaN;
  return {
    onScreen: shownAt - sentAt,
    stream: last ? last.lastByte - last.firstByte : NaN,
    toFirstByte: mine[0] ? mine[0].firstByte - sentAt : NaN,
    lastWord: last?.lastText ? shownAt - last.lastText : NaN,
    cpu,
    callToLine,
    sentAt,
    endAt: nowMs(),
  };
}

/**
 * When the stamped copy of the output first showed what `shows` looks for (from `from` on): the copy
 * can trail what tmux shows, so it is read again for up to 2 s; `otherwise` if it never shows.
 */
async function firstShown(pane: PaneStream, shows: (rows: string[]) => boolean, from: number, otherwise: number): Promise<number> {
  for (const t0 = nowMs(); ; await sleep(20)) {
    let at = NaN;
    await replay(pane, (rows, t) => {
      if (Number.isNaN(at) && shows(rows)) at = t;
    }, from);
    if (!Number.isNaN(at)) return at;
    if (nowMs() - t0 > 2000) return otherwise;
  }
}

/** The fake server's times of each streamed response (epoch ms; lastText null without text). */
function streams(file: string): { firstByte: number; lastByte: number; lastText: number | null }[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { firstByte: number; lastByte: number; lastText: number | null });
}

const liveScript = (tag: string) => [
  call('I will run the ticker now and watch it print forty lines. ', bash(TICKER)),
  say(`The ticker printed forty lines and it ended well. ${tag}`),
];

export async function firstTurn(opts: ScenarioOptions): Promise<ScenarioResult> {
  if (opts.cpuProfDir) return profiledColdTurn(opts.cpuProfDir);
  const cold: Turn[] = [];
  const warm: Turn[] = [];
  const coldLive: Turn[] = [];
  const warmLive: Turn[] = [];
  const deferred: number[] = [];
  for (const i of range(opts.reps)) {
    // Cold: typed the moment the prompt shows.
    let run = await startRun([say(shortAnswer(`cold${i}.`))]);
    try {
      cold.push(await turn(run, 'hi', `cold${i}.`));
    } finally {
      await run.stop();
    }
    run = await startRun(liveScript(`coldlive${i}.`));
    try {
      coldLive.push(await turn(run, 'tick', `coldlive${i}.`, 'tick1'));
    } finally {
      await run.stop();
    }
    // Warm: the same turns after the settle, whose CPU is what start-up deferred past the prompt.
    run = await startRun([say(shortAnswer(`warm${i}.`)), ...liveScript(`warmlive${i}.`)]);
    try {
      const c0 = cpuMs(run.pid);
      await sleep(Math.max(0, run.promptAt + SETTLE_MS - nowMs()));
      deferred.push(cpuMs(run.pid) - c0);
      warm.push(await turn(run, 'hi', `warm${i}.`));
      await sleep(300);
      warmLive.push(await turn(run, 'tick', `warmlive${i}.`, 'tick1'));
    } finally {
      await run.stop();
    }
    await sleep(500);
  }
  const pace = `${SHORT_WORDS} text deltas, one per ${DELTA_MS} ms`;
  const overhead = (t: Turn) => t.onScreen - t.stream;
  return {
    figures: {
      'firstturn.coldOverhead': medianOf(cold.map(overhead), 0, `(Enter → last word on screen) − (server first → last byte); ${pace}; on screen: ${cold.map((t) => t.onScreen.toFixed(0)).join(', ')} ms`),
      'firstturn.warmOverhead': medianOf(warm.map(overhead), 0, `the same after a ${SETTLE_MS / 1000} s settle; on screen: ${warm.map((t) => t.onScreen.toFixed(0)).join(', ')} ms`),
      'firstturn.coldFirstByte': medianOf(cold.map((t) => t.toFirstByte), 0, "of the cold overhead: Enter → the server's first byte"),
      'firstturn.warmFirstByte': medianOf(warm.map((t) => t.toFirstByte), 0, "of the warm overhead: Enter → the server's first byte"),
      'firstturn.coldLastWord': medianOf(cold.map((t) => t.lastWord), 0, "of the cold overhead: the server's last text delta → the last word on screen (the stream's last byte comes after it)"),
      'firstturn.warmLastWord': medianOf(warm.map((t) => t.lastWord), 0, 'the same after the settle'),
      'firstturn.stream': medianOf([...cold, ...warm].map((t) => t.stream), 0, 'server first byte → last byte of the short answer'),
      'firstturn.coldCpu': medianOf(cold.map((t) => t.cpu), 0, 'main process, Enter → idle on screen (10 ms ticks)'),
      'firstturn.warmCpu': medianOf(warm.map((t) => t.cpu)),
      'firstturn.coldLiveCpu': medianOf(coldLive.map((t) => t.cpu), 0, 'the 40-line ticker turn typed as the prompt shows'),
      'firstturn.warmLiveCpu': medianOf(warmLive.map((t) => t.cpu)),
      'firstturn.coldFirstLine': medianOf(coldLive.map((t) => t.callToLine), 0, "the session's first command: server's last byte of the call → its first line on screen"),
      'firstturn.warmFirstLine': medianOf(warmLive.map((t) => t.callToLine), 0, 'the same, its first command after the settle and a short turn'),
      'firstturn.deferredCpu': medianOf(deferred, 0, `CPU from the prompt on screen to ${SETTLE_MS / 1000} s later, nothing typed`),
    },
  };
}

/** For a profile: one cold one-sentence turn; its window is Enter → idle. */
async function profiledColdTurn(cpuProfDir: string): Promise<ScenarioResult> {
  const run = await startRun([say(shortAnswer('cold.'))], cpuProfDir);
  try {
    const t = await turn(run, 'hi', 'cold.');
    return { figures: { 'firstturn.coldCpu': { value: t.cpu } }, turns: [{ from: t.sentAt, to: t.endAt }] };
  } finally {
    await run.stop();
  }
}

/** For a profile: the live 40-line turn typed as the prompt shows; its window is Enter → idle. */
export async function profiledColdLive(opts: ScenarioOptions): Promise<ScenarioResult> {
  const run = await startRun(liveScript('coldlive.'), opts.cpuProfDir);
  try {
    const t = await turn(run, 'tick', 'coldlive.', 'tick1');
    return { figures: { 'firstturn.coldLiveCpu': { value: t.cpu } }, turns: [{ from: t.sentAt, to: t.endAt }] };
  } finally {
    await run.stop();
  }
}

/** For a profile: one one-sentence turn after the settle; its window is Enter → idle. */
export async function profiledWarmTurn(opts: ScenarioOptions): Promise<ScenarioResult> {
  const run = await startRun([say(shortAnswer('warm.'))], opts.cpuProfDir);
  try {
    await sleep(Math.max(0, run.promptAt + SETTLE_MS - nowMs()));
    const t = await turn(run, 'hi', 'warm.');
    return { figures: { 'firstturn.warmCpu': { value: t.cpu } }, turns: [{ from: t.sentAt, to: t.endAt }] };
  } finally {
    await run.stop();
  }
}

/** For a profile: an app left alone after its prompt shows; the window is the settle. */
export async function profiledSettle(opts: ScenarioOptions): Promise<ScenarioResult> {
  const run = await startRun([say('unused')], opts.cpuProfDir);
  try {
    const from = run.promptAt;
    await sleep(Math.max(0, from + SETTLE_MS - nowMs()));
    return { figures: {}, turns: [{ from, to: from + SETTLE_MS }] };
  } finally {
    await run.stop();
  }
}
