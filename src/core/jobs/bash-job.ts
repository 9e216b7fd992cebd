// One bash command that may leave its call and run on as a background job: at once
// (`background: true`), when the person presses Ctrl+B, or at its timeout
// (`background_on_timeout: true`). Until then it is an ordinary call, stopped by the turn's
// interrupt; from then on only the job's kill (job_kill, x, /clear, exit) stops it. Its pty, log
// and containment stay the ones it started with.
import type { PtyCommandOptions, PtyCommandResult, StartedCommand } from '../shell/pty-command.js';
import type { TerminalSnapshot } from '../shell/terminal-snapshot.js';
import type { ToolInputChannel } from '../tools/tool.js';
import type { JobTable } from './job-table.js';
import type { BackgroundRefusal, JobInfo } from './job-types.js';

export interface JobRunOptions {
  jobs: JobTable;
  callId: string;
  command: string;
  logPath: string;
  sandboxed: boolean;
  /** The turn's signal: it stops the command only while it is still the call's. */
  signal: AbortSignal;
  background: boolean;
  backgroundOnTimeout: boolean;
  /** The call's live output (while it is still the call's). */
  reportCall(snapshot: TerminalSnapshot, totalBytes: number): void;
  attachInput(channel: ToolInputChannel): () => void;
  /** Starts the command with these options filled in (the rest are the caller's). */
  start(hooks: Pick<PtyCommandOptions, 'signal' | 'onStarted' | 'onTimeout' | 'onSnapshot' | 'attachInput'>): Promise<PtyCommandResult>;
}

export type JobRunOutcome =
  | { kind: 'call'; result: PtyCommandResult }
  /** It became job `job`; `logBytes`: the log's size at that moment (the output so far). */
  | { kind: 'job'; job: JobInfo; logBytes: number; ended: boolean; snapshot: TerminalSnapshot | null; totalBytes: number };

export async function runCommandOrJob(o: JobRunOptions): Promise<JobRunOutcome> {
  const stop = new AbortController();
  const startedAt = Date.now();
  let started: StartedCommand | null = null;
  let channel: ToolInputChannel | null = null;
  let job: JobInfo | null = null;
  let logBytes = 0;
  let lastSnapshot: TerminalSnapshot | null = null;
  let lastBytes = 0;
  let becameJob!: () => void;
  const moved = new Promise<void>((resolve) => (becameJob = resolve));
  const onTurnAbort = () => {
    if (!job) stop.abort();
  };
  if (o.signal.aborted) stop.abort();
  else o.signal.addEventListener('abort', onTurnAbort, { once: true });

  let run!: Promise<PtyCommandResult>;
  let final: PtyCommandResult | null = null;
  const move = (movedBy: JobInfo['movedBy']): { ok: true; id: number } | BackgroundRefusal => {
    if (job) return { ok: true, id: job.id };
    if (!started) return { ok: false, reason: 'the command has not started yet' };
    const added = o.jobs.add({
      command: o.command,
      callId: o.callId,
      pid: started.pid,
      logPath: o.logPath,
      startedAt,
      sandboxed: o.sandboxed,
      movedBy,
      stop: () => stop.abort(),
      done: run,
      channel,
    });
    if ('ok' in added) return added;
    job = added;
    o.signal.removeEventListener('abort', onTurnAbort);
    logBytes = started.logNow();
    becameJob();
    return { ok: true, id: job.id };
  };
  const unoffer = o.jobs.offer(o.callId, { command: o.command, move: () => move('person') });

  run = o.start({
    signal: stop.signal,
    onStarted: (command) => {
      started = command;
    },
    onTimeout: () => o.backgroundOnTimeout && 'id' in move('timeout'),
    onSnapshot: (snapshot, totalBytes) => {
      lastSnapshot = snapshot;
      lastBytes = totalBytes;
      if (job) o.jobs.output(job.id, snapshot, totalBytes);
      else o.reportCall(snapshot, totalBytes);
    },
    attachInput: (ch) => {
      channel = ch;
      return o.attachInput(ch);
    },
  });
  const finished = run.then(
    (result) => {
      final = result;
      unoffer();
      o.signal.removeEventListener('abort', onTurnAbort);
      if (job) {
        // Its final screen first: the throttled snapshots may have missed its last lines (the job view keeps this one).
        o.jobs.output(job.id, result.snapshot, result.totalBytes);
        o.jobs.ended(job.id, { exitCode: result.exitCode, signal: result.signal });
      }
      return result;
    },
    (err: unknown) => {
      unoffer();
      throw err;
    },
  );
  // `start` spawned the pty before returning (onStarted ran); a spawn failure rejects `run`.
  if (o.background && started) move('request');
  const first = await Promise.race([finished.then((result) => ({ kind: 'call' as const, result })), moved.then(() => ({ kind: 'moved' as const }))]);
  if (first.kind === 'call' && !job) return first;
  if (o.background) {
    // The first lines: a server's banner, an early error. The command ending sooner cuts the wait.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([finished.catch(() => undefined), new Promise((r) => (timer = setTimeout(r, o.jobs.firstLinesMs)))]);
    clearTimeout(timer);
    logBytes = (started as StartedCommand | null)?.logNow() ?? logBytes;
  }
  const current = o.jobs.get(job!.id) ?? job!;
  const ran = final as PtyCommandResult | null;
  return { kind: 'job', job: current, logBytes, ended: current.state !== 'running', snapshot: ran?.snapshot ?? lastSnapshot, totalBytes: ran?.totalBytes ?? lastBytes };
}
