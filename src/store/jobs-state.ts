// Background jobs as the UI holds them: every job the door told of (running and ended), the
// latest screen of each running one, the /jobs picker and the job view (a file of types, so
// app-store.ts can hold them).
import type { JobInfo } from '../core/jobs/job-types.js';
import type { TerminalSnapshot } from '../core/shell/terminal-snapshot.js';
import type { ListPick } from './list-picker.js';
import type { Mode } from './mode.js';

export interface JobsState {
  /** Oldest first. */
  list: JobInfo[];
  /** The latest screen of each job by id (one per job: replaced as it prints). */
  screens: Record<number, TerminalSnapshot>;
  /** /jobs (mode 'jobs'); its rows are `list`, newest first. */
  picker: (Omit<ListPick<JobInfo>, 'rows'> & { returnTo: Mode }) | null;
  /** The job whose pane fills the screen (mode 'job'). */
  view: { id: number; returnTo: Mode } | null;
}
