// One app under measurement: the built inkling in tmux (120×40, as issue 11 measured) against
// the fake Anthropic server, with the event trace on, optionally its output copied with arrival
// times, and optionally a CPU profile written when it exits.
import { type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFakeServer, startTmuxApp, type TmuxApp } from '../../test/e2e/tmux-app.js';
import { startPaneStream, nowMs, type PaneStream } from './pane-stream.js';
import { cpuMs, untilIdle } from './proc-stats.js';
import { traceEvents, type TraceEvent } from './trace-file.js';

export const COLS = 120;
export const ROWS = 40;

export interface BenchAppOptions {
  /** Script for a fake server in its own process, or the URL of one already running. */
  server: unknown[] | { url: string };
  /** Files to create in the workspace (relative path → content). */
  files?: Record<string, string>;
  /** Copy the app's output with arrival times (pane-stream.ts). */
  paneStream?: boolean;
  /**
   * Set INKLING_TRACE_EVENTS (event times). Off where CPU is measured: its loop-delay monitor
   * costs the app about 5 ms of CPU a second.
   */
  trace?: boolean;
  /** Write a CPU profile into this folder when the app exits. */
  cpuProfDir?: string;
}

export interface TurnResult {
  /** CPU of the app's main process from Enter to the turn's end on screen, ms. */
  cpuMs: number;
  sentAt: number;
  endAt: number;
  /** The turn's events from the trace (none without `trace`). */
  events: TraceEvent[];
}

export interface BenchApp {
  app: TmuxApp;
  pid: number;
  dir: string;
  pane: PaneStream | null;
  /** Trace events that arrived between two nowMs() times. */
  events(from: number, to: number): TraceEvent[];
  /** Types `prompt`, presses Enter and waits until `doneText` shows with the status idle. */
  turn(prompt: string, doneText: string, timeoutMs?: number): Promise<TurnResult>;
  /** Leaves with /exit (so a CPU profile gets written), then removes the tmux session. */
  close(): Promise<void>;
}

const tempDirs: string[] = [];

/** A scratch folder that removeTempDirs() deletes when the bench is done with it. */
export function benchTempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'inkling-bench-'));
  tempDirs.push(dir);
  return dir;
}

/** Deletes the scratch folders (workspaces, logs of the floods, pane copies, traces). */
export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export async function startBenchApp(opts: BenchAppOptions): Promise<BenchApp> {
  const dir = benchTempDir();
  const cwd = path.join(dir, 'ws');
  mkdirSync(cwd);
  for (const [rel, content] of Object.entries(opts.files ?? {})) writeFileSync(path.join(cwd, rel), content);
  let serverProc: ChildProcess | null = null;
  let url: string;
  if (Array.isArray(opts.server)) {
    const s = await startFakeServer(opts.server);
    serverProc = s.proc;
    url = s.url;
  } else url = opts.server.url;
  const traceFile = path.join(dir, 'trace.txt');
  const env: Record<string, string> = {
    ANTHROPIC_API_KEY: 'sk-test-fake',
    ANTHROPIC_BASE_URL: url,
    ANTHROPIC_MODEL: 'claude-sonnet-4-6',
    INKLING_HOME: path.join(dir, 'home'),
  };
  if (opts.trace) env.INKLING_TRACE_EVENTS = traceFile;
  // Node 20 refuses --cpu-prof in NODE_OPTIONS: a `node` earlier in PATH adds it.
  if (opts.cpuProfDir) env.PATH = `${profilingNode(dir, opts.cpuProfDir)}:${process.env.PATH ?? ''}`;
  // --yolo: the bench measures frames, and its bash commands would otherwise wait for approval.
  const app = startTmuxApp({ cwd, env, cols: COLS, rows: ROWS, args: ['--yolo'], nodeArgs: launcherFlags() });
  try {
    await app.waitFor((s) => s.includes('Ask anything'), 'the input prompt', 30_000);
    // Let start-up notices land so the screen is still when measuring starts.
    await new Promise((r) => setTimeout(r, 500));
  } catch (err) {
    app.kill();
    serverProc?.kill('SIGTERM');
    throw err;
  }
  const pid = app.appPid();
  // Then until the app is still: what it does after the first frame (the checked settings, the
  // agent's modules, the first command's warm-up) outlasts the 500 ms on a loaded machine, and a
  // turn measured before it ends counts it as the turn's.
  await untilIdle(pid);
  const pane = opts.paneStream ? await startPaneStream(app.session, dir) : null;
  const events = (from: number, to: number) => traceEvents(traceFile).filter((e) => e.t >= Math.floor(from) && e.t <= to);
  return {
    app,
    pid,
    dir,
    pane,
    events,
    async turn(prompt, doneText, timeoutMs = 60_000) {
      app.type(prompt);
      await app.waitFor((s) => s.includes(prompt), 'the typed prompt', 5000);
      const c0 = cpuMs(pid);
      const sentAt = nowMs();
      app.keys('Enter');
      await app.waitFor((s) => s.includes(doneText) && s.includes('● idle'), doneText, timeoutMs);
      const endAt = nowMs();
      return { cpuMs: cpuMs(pid) - c0, sentAt, endAt, events: events(sentAt, endAt) };
    },
    async close() {
      pane?.stop();
      try {
        app.keys('C-u');
        app.type('/exit');
        app.keys('Enter');
        await app.waitFor((s) => s.includes('EXITED'), 'the app to exit', 10_000);
      } finally {
        app.kill();
        serverProc?.kill('SIGTERM');
      }
    },
  };
}

/**
 * The node flags the launcher (bin/inkling) starts the program with: the bench runs bin/inkling.js
 * with them on node's command line, as the launcher does (Node refuses some, such as
 * --no-memory-reducer, in NODE_OPTIONS).
 */
export function launcherFlags(): string[] {
  const flags = /^flags='([^']*)'$/m.exec(readFileSync(path.join(import.meta.dirname, '../../bin/inkling'), 'utf8'))?.[1];
  return flags ? flags.split(' ').filter(Boolean) : [];
}

/** A folder holding a `node` that runs this Node with --cpu-prof. */
export function profilingNode(dir: string, profileDir: string): string {
  const bin = path.join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(path.join(bin, 'node'), `#!/bin/sh\nexec ${process.execPath} --cpu-prof --cpu-prof-dir=${profileDir} "$@"\n`, { mode: 0o755 });
  return bin;
}

/** The .cpuprofile files in a folder, newest last. */
export function profilesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()
    .map((f) => path.join(dir, f));
}
