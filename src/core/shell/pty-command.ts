// Runs one command in its own pseudo-terminal and emulator, with the end-of-command handshake,
// flow control and throttled live snapshots (snapshot-tick.ts), timeout and interrupt that end the
// whole process tree.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { spawn, type IPty } from 'node-pty';
import type { Redact } from '../redact.js';
import type { TerminalSnapshot } from '../tools/details.js';
import type { ToolInputChannel } from '../tools/tool.js';
import { CommandTerminal, SNAPSHOT_HISTORY_ROWS } from './command-terminal.js';
import { OutputLog } from './output-log.js';
import {
  collectCommandProcesses,
  killCommandTree,
  killProcesses,
  readProcess,
  readingTerminal,
  type CommandTag,
  type ProcessInfo,
} from './process-tree.js';
import { trackCommand } from './running-commands.js';
import { pausableTimeout, type TimeoutHold } from './timeout-hold.js';
import { SnapshotTick } from './snapshot-tick.js';
import { ACK_BYTE, bashArgs, sentinelByteLength } from './sentinel.js';

/** Environment variable every process of a command inherits, so strays can be found by it. */
export const COMMAND_MARKER_ENV = 'INKLING_COMMAND_ID';

export { SNAPSHOT_HISTORY_ROWS };
/** Without a sentinel (the command replaced the shell with exec), wait this long for stragglers. */
const EXIT_WITHOUT_SENTINEL_GRACE_MS = 100;

export interface PtyCommandOptions {
  command: string;
  cwd: string;
  env: Record<string, string>;
  cols: number;
  rows: number;
  timeoutMs: number;
  signal: AbortSignal;
  logPath: string;
  /** Throttled live view while the command runs. */
  onSnapshot?(snapshot: TerminalSnapshot, totalBytes: number): void;
  /** Filled in while running, for benches and tests: snapshots and their time, the pty's pauses; at the end, the emulator's plain feeds. */
  stats?: { snapshots: number; snapshotMs: number; pauses?: number; plainFeeds?: number };
  /** For tests: the flow-control marks (snapshot-tick.ts). */
  flowBytes?: { high: number; low: number };
  /** At most this many characters of text for the model (default MAX_RESULT_CHARS). */
  resultChars?: number;
  /** Gives the caller a way to type into and resize the pty; returns the detach function. */
  attachInput?(channel: ToolInputChannel): () => void;
  /**
   * The program and arguments the shell runs under (bubblewrap's, or the supervisor's): bash and
   * its arguments follow them. Absent: bash is the pty's own process.
   */
  wrapper?: { file: string; args: string[] };
  /** Applied to the log as it is written (keys in any encoding). */
  redact?: Redact;
  /** Held while the command's program waits for the person (askpass): the timeout does not count that time. */
  timeoutHold?: TimeoutHold;
  /** For benches: false feeds every byte to the emulator (see CommandTerminal). */
  plainFastPath?: boolean;
  /** Once the shell runs: its pid, and a way to have its finished lines in the log now (a background job). */
  onStarted?(command: StartedCommand): void;
  /** At the timeout: true when the command became a background job instead of being killed. */
  onTimeout?(): boolean;
}

/** A command while it runs, for the one who moves it to the background. */
export interface StartedCommand {
  pid: number;
  /** Finished lines go to the log as they finish from now on; writes them out; the log's size in bytes. */
  logNow(): number;
}

export interface PtyCommandResult {
  /** From the sentinel, or the shell's own exit status; null when it was ended by a signal. */
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** On timeout: a process of the command was blocked reading the terminal (nobody typed). */
  waitingForInput: boolean;
  aborted: boolean;
  /** The command's text for the model (see KeptOutput.render). */
  text: string;
  totalLines: number;
  truncated: boolean;
  totalBytes: number;
  snapshot: TerminalSnapshot;
  logPath: string;
  logCapped: boolean;
  logError: string | null;
  /** Whether the end-of-command sentinel arrived (false: the tail may be incomplete). */
  sentinelSeen: boolean;
  /** The shell's pid (also its process group and session id). */
  pid: number;
  /** What the run held in memory at the end: kept text (chars) and emulator rows. */
  retained: { keptChars: number; emulatorRows: number };
}

function signalName(signal: number | undefined): string | null {
  if (!signal) return null;
  for (const [name, num] of Object.entries(os.constants.signals)) if (num === signal) return name;
  return `signal ${signal}`;
}

export async function runPtyCommand(opts: PtyCommandOptions): Promise<PtyCommandResult> {
  const nonce = randomBytes(8).toString('hex');
  const tag: CommandTag = { env: `${COMMAND_MARKER_ENV}=${nonce}`, startedAfter: Number.POSITIVE_INFINITY };
  const log = new OutputLog(opts.logPath, undefined, opts.redact);
  let sentinelRc: number | null = null;
  let sentinelSeen = false;
  /** The bytes read when the sentinel came: the tty's echo of our ACK, if any, comes later and is not output. */
  let bytesAtSentinel = 0;
  let resolveSentinel!: () => void;
  const sentinelArrived = new Promise<void>((r) => (resolveSentinel = r));
  // Every process the command started, gathered while the shell still waits for our ACK.
  let leftovers: ProcessInfo[] = [];
  let child: IPty | null = null;
  let finalSnapshot: TerminalSnapshot | null = null;

  const terminal = new CommandTerminal({
    cols: opts.cols,
    rows: opts.rows,
    nonce,
    log,
    ...(opts.redact ? { redact: opts.redact } : {}),
    onSentinel: (rc) => {
      if (sentinelSeen) return;
      sentinelSeen = true;
      sentinelRc = rc;
      bytesAtSentinel = tick.totalBytes;
      // Everything before the sentinel is the command's output, and nothing after it is: the tty
      // may echo our ACK if it arrives before `read -s` turns echo off.
      terminal.finish();
      finalSnapshot = terminal.snapshot(SNAPSHOT_HISTORY_ROWS);
      if (child) leftovers = collectCommandProcesses(child.pid, tag).filter((p) => p.pid !== child!.pid);
      writeToChild(ACK_BYTE);
      resolveSentinel();
    },
    onReply: (data) => writeToChild(data),
    ...(opts.plainFastPath === false ? { plainFastPath: false } : {}),
  });

  let exited = false;
  /** Set once we start killing the command: the pty may close under a queued write. */
  let killing = false;
  const writeToChild = (data: string) => {
    // node-pty writes asynchronously and logs (not throws) EBADF through console.error when the
    // pty closed first. A shell killed on timeout still runs its EXIT trap and prints the sentinel;
    // its ACK would race the kill, so nothing is written once the kill began.
    if (child && !exited && !killing) child.write(data);
  };

  try {
    const shellArgs = bashArgs(opts.command, nonce);
    const [file, args] = opts.wrapper ? [opts.wrapper.file, [...opts.wrapper.args, 'bash', ...shellArgs]] : ['bash', shellArgs];
    child = spawn(file, args, {
      name: 'xterm-256color',
      cols: opts.cols,
      rows: opts.rows,
      cwd: opts.cwd,
      env: { ...opts.env, [COMMAND_MARKER_ENV]: nonce },
      encoding: null,
    });
  } catch (err) {
    terminal.dispose();
    log.close();
    throw err;
  }
  const pty = child;
  // Everything the command starts is at least as young as its shell.
  tag.startedAfter = Number(readProcess(pty.pid)?.startTime ?? 0);
  // An interrupt of inkling waits for this command's end; a second one hurries it (no grace).
  let graceMs: number | undefined;
  let ended!: () => void;
  const untrack = trackCommand({
    done: new Promise<void>((resolve) => (ended = resolve)),
    hurry: () => {
      graceMs = 0;
      killing = true;
      void killProcesses(collectCommandProcesses(pty.pid, tag), tag, 0);
    },
  });

  const tick = new SnapshotTick(terminal, pty, log, {
    ...(opts.onSnapshot ? { onSnapshot: opts.onSnapshot } : {}),
    ...(opts.stats ? { stats: opts.stats } : {}),
    ...(opts.flowBytes ? { flowBytes: opts.flowBytes } : {}),
    screenDone: () => sentinelSeen,
  });
  pty.onData((data: string | Buffer) => tick.data(data));
  let finished = false;

  const exitInfo = new Promise<{ exitCode: number; signal?: number }>((resolve) =>
    pty.onExit((e) => {
      exited = true;
      resolve(e);
    }),
  );

  const channel: ToolInputChannel = {
    write: (data) => {
      if (typeof data === 'string' && data !== '') writeToChild(data);
    },
    resize: (cols, rows) => {
      // The UI's numbers: xterm throws on anything but positive integers.
      const c = Math.floor(cols);
      const r = Math.floor(rows);
      if (exited || !(c >= 1 && r >= 1 && c <= 10_000 && r <= 10_000)) return;
      try {
        pty.resize(c, r);
        terminal.resize(c, r);
      } catch {
        // The pty closed between the check and the call.
      }
      tick.schedule();
    },
  };
  try {
    opts.onStarted?.({
      pid: pty.pid,
      logNow: () => {
        tick.eager = true;
        if (!finished) {
          terminal.settle();
          log.flush();
        }
        return log.bytesWritten;
      },
    });
  } catch {
    // The caller's bookkeeping; the command runs either way.
  }
  let detachInput: (() => void) | undefined;
  try {
    detachInput = opts.attachInput?.(channel);
  } catch {
    // No way to type into the command: it still runs (and ends at its timeout if it waits).
  }

  // Ends: normal (sentinel then exit), exit without sentinel, timeout, or interrupt.
  let timedOut = false;
  let waitingForInput = false;
  let aborted = false;
  let clearStopTimer = () => {};
  let onAbort = () => {};
  const stopped = new Promise<'timeout' | 'abort'>((resolve) => {
    const stopTimer = pausableTimeout(opts.timeoutMs, () => (opts.onTimeout?.() ? undefined : resolve('timeout')), opts.timeoutHold);
    clearStopTimer = () => stopTimer.clear();
    onAbort = () => resolve('abort');
    if (opts.signal.aborted) resolve('abort');
    // The turn's signal outlives this command: the listener is removed when it ends.
    else opts.signal.addEventListener('abort', onAbort, { once: true });
  });

  // Unref'd: a race's losing timer must not keep a finished -p run alive for seconds.
  const delay = (ms: number) => new Promise<null>((r) => setTimeout(() => r(null), ms).unref());
  const outcome = await Promise.race([
    sentinelArrived.then(() => 'sentinel' as const),
    exitInfo.then(() => 'exit' as const),
    stopped,
  ]);
  let exit: { exitCode: number; signal?: number } | null = null;
  if (outcome === 'timeout' || outcome === 'abort') {
    timedOut = outcome === 'timeout';
    aborted = outcome === 'abort';
    if (timedOut) waitingForInput = readingTerminal(collectCommandProcesses(pty.pid, tag));
    killing = true;
    await killCommandTree(pty.pid, tag, graceMs);
    exit = await Promise.race([exitInfo, delay(1000)]);
  } else {
    if (outcome === 'sentinel') {
      // The shell exits as soon as it reads the ACK; if it does not, end it rather than wait.
      exit = await Promise.race([exitInfo, delay(2000)]);
      if (!exit) {
        killing = true;
        await killCommandTree(pty.pid, tag, graceMs);
        exit = await Promise.race([exitInfo, delay(1000)]);
      }
    } else {
      exit = await exitInfo;
      // The shell was replaced (exec) or killed: no sentinel is coming, but late bytes may be.
      await Promise.race([sentinelArrived, delay(EXIT_WITHOUT_SENTINEL_GRACE_MS)]);
    }
    // Background processes the command left behind would hold the pty open: end them too. With
    // none found at the sentinel (when all the command's processes had been started), nothing can
    // be left; without a sentinel we do not know, so look.
    if (leftovers.length > 0 || !sentinelSeen) await killProcesses(leftovers, tag, graceMs);
  }
  if (!exited) {
    try {
      pty.kill('SIGKILL');
    } catch {
      // Gone between the check and the call.
    }
  }
  clearStopTimer();
  opts.signal.removeEventListener('abort', onAbort);
  finished = true;
  tick.stop();
  try {
    detachInput?.();
  } catch {
    // Detaching is the caller's bookkeeping; the command is over either way.
  }
  await terminal.drain();
  terminal.finish();
  log.close();
  if (opts.stats) opts.stats.plainFeeds = terminal.plainFeeds;

  const logNote = `full output: ${opts.logPath}`;
  const rendered = terminal.kept.render(logNote, opts.resultChars);
  const result: PtyCommandResult = {
    exitCode: sentinelSeen && !timedOut && !aborted ? sentinelRc : exit && !exit.signal ? exit.exitCode : null,
    signal: sentinelSeen && !timedOut && !aborted ? null : signalName(exit?.signal),
    timedOut,
    waitingForInput,
    aborted,
    text: rendered.text,
    totalLines: rendered.totalLines,
    truncated: rendered.truncated,
    totalBytes: sentinelSeen && sentinelRc !== null ? Math.max(0, bytesAtSentinel - sentinelByteLength(nonce, sentinelRc)) : tick.totalBytes,
    snapshot: finalSnapshot ?? terminal.snapshot(SNAPSHOT_HISTORY_ROWS),
    logPath: opts.logPath,
    logCapped: log.capped,
    logError: log.error,
    sentinelSeen,
    pid: pty.pid,
    retained: { keptChars: terminal.kept.retainedChars(), emulatorRows: terminal.bufferedRows() },
  };
  terminal.dispose();
  untrack();
  ended();
  return result;
}
