// The job actions (/jobs, the job view, Ctrl+B) load on first use, never before the first frame:
// the first use loads them; once loaded they run at once (keys typed fast stay in order).
type JobActions = typeof import('./job-actions.js');

let loaded: JobActions | undefined;
let loading: Promise<JobActions> | undefined;

export function loadJobActions(): Promise<JobActions> {
  return (loading ??= import('./job-actions.js').then((m) => (loaded = m)));
}

/** Runs `use` on the job actions: now when they are loaded, else once they are. */
export function withJobActions(use: (actions: JobActions) => Promise<void> | void): Promise<void> | void {
  return loaded ? use(loaded) : loadJobActions().then(use);
}
