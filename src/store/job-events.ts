// Background jobs as the store keeps them from the door: each job's start, screen and end (an
// ending is a notice in the transcript), and a resumed session's earlier jobs. The /jobs picker,
// the job view and their actions load on first use (job-actions.ts, through job-actions-loader.ts).
import { FRAME_MS } from '../core/frame-clock.js';
import type { JobEvent, JobInfo } from '../core/jobs/job-types.js';
import type { AppStore, AppState } from './app-store.js';
import { addNotice } from './view-actions.js';

/** "4 min", "12 s": how long a job has run or ran. */
export function jobRuntime(job: JobInfo, now: number): string {
  const s = Math.max(0, Math.round(((job.endedAt ?? now) - job.startedAt) / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

export function jobStateText(job: JobInfo): string {
  if (job.state === 'running') return 'running';
  if (job.state === 'killed') return `killed (${job.killedBy ?? '?'})`;
  return job.signal ? `ended by ${job.signal}` : `exited ${job.exitCode ?? '?'}`;
}

export function runningJobs(s: Pick<AppState, 'jobs'>): number {
  return s.jobs.list.filter((j) => j.state === 'running').length;
}

function withJob(list: JobInfo[], job: JobInfo): JobInfo[] {
  const i = list.findIndex((j) => j.id === job.id);
  return i === -1 ? [...list, job] : list.map((j, k) => (k === i ? job : j));
}

type JobOutput = Extract<JobEvent, { type: 'job_output' }>;

/** Screens that came since the store's last commit of them, the newest per job. */
const pending = new WeakMap<AppStore, { outputs: Map<number, JobOutput>; timer: ReturnType<typeof setTimeout> }>();

/**
 * Every job's screens in one commit a frame (core/frame-clock.ts), as the store commits a turn's
 * events: four busy jobs are 4 snapshots a frame, and each commit runs every selector of the app
 * while the person types.
 */
function queueOutput(store: AppStore, ev: JobOutput): void {
  let p = pending.get(store);
  if (!p) {
    p = { outputs: new Map(), timer: setTimeout(() => commitOutputs(store), FRAME_MS) };
    p.timer.unref?.();
    pending.set(store, p);
  }
  p.outputs.set(ev.id, ev);
}

function commitOutputs(store: AppStore): void {
  const p = pending.get(store);
  if (!p) return;
  clearTimeout(p.timer);
  pending.delete(store);
  const { jobs } = store.getState();
  const screens = { ...jobs.screens };
  for (const ev of p.outputs.values()) screens[ev.id] = ev.snapshot;
  const list = jobs.list.map((j) => {
    const ev = p.outputs.get(j.id);
    return ev && j.state === 'running' ? { ...j, lastLine: lastLineOf(ev.snapshot.lines) ?? j.lastLine } : j;
  });
  store.setState({ jobs: { ...jobs, list, screens } });
}

/** A job event from the door. */
export function jobEvent(store: AppStore, ev: JobEvent): void {
  if (ev.type === 'job_output') return queueOutput(store, ev);
  // A start or an end lands after the screens that came before it.
  commitOutputs(store);
  const { jobs } = store.getState();
  const { [ev.job.id]: _dropped, ...screens } = jobs.screens;
  // An ended job's last screen stays for its view; a running one's comes with its output.
  store.setState({ jobs: { ...jobs, list: withJob(jobs.list, ev.job), screens: ev.type === 'job_end' && _dropped ? { ...screens, [ev.job.id]: _dropped } : screens } });
  if (ev.type === 'job_end') addNotice(store, `job ${ev.job.id} \`${oneLine(ev.job.command)}\` ${jobStateText(ev.job)} after ${jobRuntime(ev.job, Date.now())}`);
}

/** A resumed session's jobs of the runs before, all ended: /jobs lists them (oldest first, by id). */
export function earlierJobs(store: AppStore, earlier: readonly JobInfo[]): void {
  if (earlier.length === 0) return;
  const { jobs } = store.getState();
  const list = earlier.reduce(withJob, jobs.list).slice().sort((a, b) => a.id - b.id);
  store.setState({ jobs: { ...jobs, list } });
}

function lastLineOf(lines: readonly string[]): string | undefined {
  // eslint-disable-next-line no-control-regex
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i]!.trim() !== '') return lines[i]!.replace(/\x1b\[[0-9;]*m/g, '').trim();
  return undefined;
}

export function oneLine(text: string, max = 60): string {
  const flat = text.replace(/\s*\n\s*/g, ' ⏎ ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
