// What the person does with background jobs: Ctrl+B (the selected card in history mode, else the
// newest running command), the /jobs picker and the job view (its pane full-screen; Ctrl+T types
// into it, x kills it). Loaded on first use (job-actions-loader.ts); job-events.ts keeps the jobs.
import type { JobInfo } from '../core/jobs/job-types.js';
import type { AppStore, AppState, Mode } from './app-store.js';
import { selectedItem, unfocusShell } from './history-mode.js';
import { filterRows, movedBy, withFilter } from './list-picker.js';
import { loadedOnUse } from './loaded-on-use.js';
import { flash } from './view-actions.js';

loadedOnUse('src/store/job-actions');

/** Ctrl+B: the selected running command (history mode), else the newest one, moves to the background. */
export function backgroundCommand(store: AppStore): void {
  const s = store.getState();
  const selected = s.mode === 'history' ? selectedItem(s) : undefined;
  const id = selected?.kind === 'tool' && selected.status === 'running' ? selected.id : undefined;
  const moved = store.door.send({ type: 'background', ...(id !== undefined ? { id } : {}) });
  if (!moved.ok) return flash(store, `nothing moved to the background: ${moved.reason}`);
  flash(store, `moved to the background as job ${moved.id} (/jobs lists it)`);
}

// ── /jobs ────────────────────────────────────────────────────────────────────────────────────

/** The picker's rows: newest job first, the filter's words matching the command or last line. */
export function visibleJobs(s: { jobs: Pick<AppState['jobs'], 'list' | 'picker'> }): JobInfo[] {
  const p = s.jobs.picker;
  const rows = s.jobs.list.slice().reverse();
  if (!p) return rows;
  return filterRows({ rows, filter: p.filter }, (j, w) => `${j.id} ${j.command} ${j.lastLine}`.toLowerCase().includes(w.toLowerCase()));
}

export function openJobs(store: AppStore): void {
  const s = store.getState();
  if (s.jobs.list.length === 0) return flash(store, 'no background jobs in this session (bash background: true, or Ctrl+B on a running command)');
  const returnTo: Mode = s.mode === 'jobs' || s.mode === 'job' ? 'input' : s.mode;
  store.setState({ mode: 'jobs', completion: null, jobs: { ...s.jobs, picker: { filter: '', selected: 0, returnTo }, view: null } });
}

export function setJobsFilter(store: AppStore, filter: string, cursor = filter.length): void {
  const { jobs } = store.getState();
  if (jobs.picker) store.setState({ jobs: { ...jobs, picker: withFilter(jobs.picker, filter, cursor) } });
}

export function moveJobs(store: AppStore, delta: number): void {
  const s = store.getState();
  const moved = s.jobs.picker && movedBy(s.jobs.picker, delta, visibleJobs(s).length);
  if (moved) store.setState({ jobs: { ...s.jobs, picker: moved } });
}

export function closeJobs(store: AppStore): void {
  const { jobs } = store.getState();
  store.setState({ mode: jobs.picker?.returnTo ?? 'input', jobs: { ...jobs, picker: null } });
}

/** Enter: the selected job's pane, full-screen. */
export function openJobView(store: AppStore): void {
  const s = store.getState();
  const job = visibleJobs(s)[s.jobs.picker?.selected ?? 0];
  if (!job) return flash(store, 'no job matches the filter');
  store.setState({ mode: 'job', jobs: { ...s.jobs, view: { id: job.id, returnTo: 'jobs' } } });
}

/** The job the view shows. */
export function shownJob(s: Pick<AppState, 'jobs'>): JobInfo | undefined {
  const id = s.jobs.view?.id;
  return id === undefined ? undefined : s.jobs.list.find((j) => j.id === id);
}

/** q / Esc: back to the list. */
export function closeJobView(store: AppStore): void {
  const { jobs } = store.getState();
  store.setState({ mode: jobs.view?.returnTo ?? 'input', jobs: { ...jobs, view: null } });
}

/** x: kills the shown job and everything it started. */
export function killShownJob(store: AppStore): Promise<void> | void {
  const job = shownJob(store.getState());
  if (!job || job.state !== 'running') return flash(store, 'the job is not running');
  flash(store, `killing job ${job.id}…`);
  return store.door.send({ type: 'killJob', id: job.id }).then(
    (killed) => flash(store, killed ? `killed job ${job.id} and everything it started` : `job ${job.id} had ended already`),
    (err: unknown) => flash(store, `could not kill job ${job.id}: ${(err as Error).message}`),
  );
}

/** Ctrl+T: the keys go to the shown job's pty until Ctrl+T again (or the job ends). */
export function typeIntoJob(store: AppStore): void {
  const job = shownJob(store.getState());
  if (!job || job.state !== 'running') return flash(store, 'the job is not running');
  store.setState({ mode: 'shell', shellFocus: { id: job.callId, returnTo: 'job' } });
  const stop = store.subscribe((now) => {
    if (now.shellFocus?.id !== job.callId) return stop();
    if (now.jobs.list.find((j) => j.id === job.id)?.state !== 'running') {
      stop();
      unfocusShell(store);
    }
  });
}
