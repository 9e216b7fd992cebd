// The session's background jobs: commands detached from their bash call that run on in their own
// pty and containment, each with its log on disk. The table knows which commands could still be
// moved (Ctrl+B), keeps at most `max` jobs running, ends them all at /clear and exit, and holds
// the endings the model has not been told of yet.
import type { Message } from '../conversation.js';
import type { TerminalSnapshot } from '../shell/terminal-snapshot.js';
import { formatRuntime, lastLines } from './job-log.js';
import { DEFAULT_FIRST_LINES_MS, DEFAULT_MAX_JOBS, type BackgroundRefusal, type JobControl, type JobEvent, type JobInfo } from './job-types.js';

/** Where a job's keys go (its pty's input side). */
export interface KeyChannel {
  write(data: string): void;
}

/** A bash call still running in its call, which Ctrl+B could move to the background. */
export interface MovableCommand {
  command: string;
  move(): { ok: true; id: number } | BackgroundRefusal;
}

/** What the bash side hands over when its command becomes a job. */
export interface NewJob {
  command: string;
  callId: string;
  pid: number;
  logPath: string;
  startedAt: number;
  sandboxed: boolean;
  movedBy: JobInfo['movedBy'];
  /** Ends the command and its whole tree; the run's end then calls `ended`. */
  stop(): void;
  /** Settles once the command's run is over (everything it started gone). */
  done: Promise<unknown>;
  channel: KeyChannel | null;
}

interface Job {
  info: JobInfo;
  stop(): void;
  done: Promise<unknown>;
  channel: KeyChannel | null;
  /** Byte offset where job_output without `since` starts next. */
  readFrom: number;
  /** The model was told how it ended (its result, job_output, or a note). */
  endTold: boolean;
}

export class JobTable implements JobControl {
  private readonly jobs = new Map<number, Job>();
  private readonly movable = new Map<string, MovableCommand>();
  private readonly listeners = new Set<(event: JobEvent) => void>();
  private readonly toldListeners = new Set<(job: JobInfo, note: string) => void>();
  private nextId = 1;

  /** `firstLinesMs`: how long a `background: true` call waits for the job's first lines. */
  constructor(
    readonly max = DEFAULT_MAX_JOBS,
    readonly firstLinesMs = DEFAULT_FIRST_LINES_MS,
  ) {}

  subscribe(listener: (event: JobEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The model is told of a job's end (the note its next request carries): the session file keeps the note. */
  onEndTold(listener: (job: JobInfo, note: string) => void): () => void {
    this.toldListeners.add(listener);
    return () => this.toldListeners.delete(listener);
  }

  /**
   * A resumed session's jobs of the run that recorded it, all ended: listed (and their logs read by
   * job_output) beside this run's. This run's ids go on after theirs; an id this run already gave
   * (a /resume with jobs of its own) takes the next free one. Returns them as listed.
   */
  adopt(earlier: readonly JobInfo[]): JobInfo[] {
    const adopted: JobInfo[] = [];
    for (const info of earlier) {
      if (info.state === 'running') continue;
      const id = this.jobs.has(info.id) ? this.nextId++ : info.id;
      this.nextId = Math.max(this.nextId, id + 1);
      const job: Job = { info: { ...info, id }, stop: () => undefined, done: Promise.resolve(), channel: null, readFrom: 0, endTold: true };
      this.jobs.set(id, job);
      adopted.push({ ...job.info });
    }
    return adopted;
  }

  private emit(event: JobEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure must not stop a job's bookkeeping.
      }
    }
  }

  list(): JobInfo[] {
    return [...this.jobs.values()].map((j) => ({ ...j.info }));
  }

  get(id: number): JobInfo | undefined {
    const job = this.jobs.get(id);
    return job ? { ...job.info } : undefined;
  }

  running(): JobInfo[] {
    return this.list().filter((j) => j.state === 'running');
  }

  /** Jobs that ran at any moment since `since` (epoch ms): still running, or ended after it (the ledger names them). */
  activeSince(since: number): number[] {
    return [...this.jobs.values()].filter((j) => j.info.state === 'running' || (j.info.endedAt ?? 0) >= since).map((j) => j.info.id);
  }

  /** Why no more jobs may start, or null when one may. */
  full(): string | null {
    const n = this.running().length;
    return n >= this.max ? `${n} jobs are running, the most allowed (jobs.max is ${this.max}): kill one with job_kill first.` : null;
  }

  /** A running bash call registers here until it ends or becomes a job; returns the unregister. */
  offer(callId: string, command: MovableCommand): () => void {
    this.movable.set(callId, command);
    return () => {
      if (this.movable.get(callId) === command) this.movable.delete(callId);
    };
  }

  background(callId?: string): { ok: true; id: number } | BackgroundRefusal {
    const id = callId ?? [...this.movable.keys()].at(-1);
    const command = id !== undefined ? this.movable.get(id) : undefined;
    if (!command) return { ok: false, reason: callId ? 'that command is not running any more' : 'no command is running' };
    return command.move();
  }

  /** A command became a job: it gets the next id. */
  add(job: NewJob): JobInfo | BackgroundRefusal {
    const full = this.full();
    if (full) return { ok: false, reason: full };
    this.movable.delete(job.callId);
    const info: JobInfo = {
      id: this.nextId++,
      command: job.command,
      callId: job.callId,
      pid: job.pid,
      logPath: job.logPath,
      startedAt: job.startedAt,
      state: 'running',
      exitCode: null,
      signal: null,
      lastLine: '',
      sandboxed: job.sandboxed,
      movedBy: job.movedBy,
    };
    this.jobs.set(info.id, { info, stop: job.stop, done: job.done, channel: job.channel, readFrom: 0, endTold: false });
    this.emit({ type: 'job_start', job: { ...info } });
    return info;
  }

  output(id: number, snapshot: TerminalSnapshot, totalBytes: number): void {
    const job = this.jobs.get(id);
    if (!job || job.info.state !== 'running') return;
    const last = [...snapshot.lines].reverse().find((l) => l.trim() !== '');
    // eslint-disable-next-line no-control-regex
    if (last !== undefined) job.info.lastLine = last.replace(/\x1b\[[0-9;]*m/g, '').trim();
    this.emit({ type: 'job_output', id, snapshot, totalBytes });
  }

  /** The job's command is over (exit, signal, or killed). */
  ended(id: number, outcome: { exitCode: number | null; signal: string | null }): void {
    const job = this.jobs.get(id);
    if (!job || job.info.state !== 'running') return;
    job.info.state = job.info.killedBy ? 'killed' : 'exited';
    job.info.exitCode = outcome.exitCode;
    job.info.signal = outcome.signal;
    job.info.endedAt = Date.now();
    job.info.lastLine = lastLines(job.info.logPath, 1)[0] ?? job.info.lastLine;
    job.channel = null;
    // A job killed by the model's own job_kill was answered there.
    if (job.info.killedBy === 'job_kill') job.endTold = true;
    this.emit({ type: 'job_end', job: { ...job.info } });
  }

  write(id: number, data: string): boolean {
    const job = this.jobs.get(id);
    if (!job || job.info.state !== 'running' || !job.channel) return false;
    job.channel.write(data);
    return true;
  }

  async kill(id: number, by: string): Promise<boolean> {
    const job = this.jobs.get(id);
    if (!job || job.info.state !== 'running') return false;
    job.info.killedBy = by;
    job.stop();
    await job.done.catch(() => undefined);
    return true;
  }

  async killAll(by: string): Promise<JobInfo[]> {
    const running = [...this.jobs.values()].filter((j) => j.info.state === 'running');
    await Promise.all(running.map((j) => this.kill(j.info.id, by)));
    return running.map((j) => ({ ...j.info }));
  }

  /** Where job_output without `since` starts, and moves it on to `next`. */
  readFrom(id: number, next?: number): number {
    const job = this.jobs.get(id);
    if (!job) return 0;
    const from = job.readFrom;
    if (next !== undefined) job.readFrom = next;
    return from;
  }

  /** The model saw this job's end (job_output on an ended job): no note about it follows. */
  markEndTold(id: number): void {
    const job = this.jobs.get(id);
    if (job && job.info.state !== 'running') job.endTold = true;
  }

  /**
   * The conversation with the endings the model was not told of yet added to its last message
   * (the prompt, or the results it waits on): the next request tells it. When the last message
   * is not the person's (a paused turn resent as it was), the notes wait for the next one.
   */
  withEndNotes(messages: Message[]): Message[] {
    const last = messages.at(-1);
    if (last?.role !== 'user') return messages;
    const notes = this.takeEndNotes();
    if (notes.length === 0) return messages;
    return [...messages.slice(0, -1), { ...last, content: [...last.content, ...notes.map((text) => ({ type: 'text' as const, text }))] }];
  }

  /** Endings the model was not told of yet, one line each, once: for its next request. */
  takeEndNotes(): string[] {
    const notes: string[] = [];
    for (const job of this.jobs.values()) {
      if (job.info.state === 'running' || job.endTold) continue;
      job.endTold = true;
      const note = endNote(job.info);
      notes.push(note);
      for (const listener of this.toldListeners) listener({ ...job.info }, note);
    }
    return notes;
  }
}

/** "job 3 `npm run dev` exited 1 after 4 min; last lines: …" */
export function endNote(info: JobInfo): string {
  const how = info.state === 'killed' ? `was killed (${info.killedBy})` : info.signal ? `ended by ${info.signal}` : `exited ${info.exitCode ?? '?'}`;
  const lines = lastLines(info.logPath, 5);
  const runtime = formatRuntime((info.endedAt ?? Date.now()) - info.startedAt);
  return `[background job ${info.id} \`${oneLine(info.command)}\` ${how} after ${runtime}; ${lines.length ? `last lines:\n${lines.join('\n')}` : 'it printed nothing'}\nfull log: ${info.logPath}]`;
}

/** A command on one line, cut (for notes and lists). */
export function oneLine(command: string, max = 80): string {
  const flat = command.replace(/\s*\n\s*/g, ' ⏎ ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
