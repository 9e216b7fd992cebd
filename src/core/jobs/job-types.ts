// What a background job is, as the core's events, the door and the UI see it (types only: the
// table that runs them loads with the bash tool, never before the first frame).
import type { TerminalSnapshot } from '../shell/terminal-snapshot.js';

/** At most this many jobs run at once unless the setting `jobs.max` says otherwise. */
export const DEFAULT_MAX_JOBS = 8;

/** How long a `background: true` call waits for its first lines (less when the command ends first), unless `jobs.firstLinesMs` says otherwise. */
export const DEFAULT_FIRST_LINES_MS = 1000;

export type JobState = 'running' | 'exited' | 'killed';

export interface JobInfo {
  /** 1, 2, 3 … within this inkling process. */
  id: number;
  command: string;
  /** The bash call it came from (its card; the pane's keys go to this id). */
  callId: string;
  pid: number;
  logPath: string;
  /** Epoch ms: when its call started, and when it ended. */
  startedAt: number;
  endedAt?: number;
  state: JobState;
  exitCode: number | null;
  signal: string | null;
  /** Why it was killed (job_kill, the person's x, /clear, exit). */
  killedBy?: string;
  /** The last line it printed that holds something. */
  lastLine: string;
  sandboxed: boolean;
  /** How it became a job: `background: true`, the person's Ctrl+B, its timeout. */
  movedBy: 'request' | 'person' | 'timeout';
}

/** Events of jobs (they outlive turns, so they come through the agent's job control, not a turn). */
export type JobEvent =
  | { type: 'job_start'; job: JobInfo }
  /** Live screen of a running job (throttled like a command's pane). */
  | { type: 'job_output'; id: number; snapshot: TerminalSnapshot; totalBytes: number }
  | { type: 'job_end'; job: JobInfo };

/** Why a call could not become a job. */
export type BackgroundRefusal = { ok: false; reason: string };

/** The agent's handle on its jobs, for the door (the person's keys and lists). */
export interface JobControl {
  list(): JobInfo[];
  /** Every job event; returns the unsubscribe. */
  subscribe(listener: (event: JobEvent) => void): () => void;
  /** Ctrl+B: moves running call `callId` (else the newest running command) to the background. */
  background(callId?: string): { ok: true; id: number } | BackgroundRefusal;
  /** Keys to a running job's pty; false when it no longer runs. */
  write(id: number, data: string): boolean;
  /** Kills the job and everything it started; resolves once they are gone (false: no such running job). */
  kill(id: number, by: string): Promise<boolean>;
  /** Kills every running job (/clear, exit); resolves to the jobs it killed. */
  killAll(by: string): Promise<JobInfo[]>;
}
