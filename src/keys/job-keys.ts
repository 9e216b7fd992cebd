// The job view's keys (mode 'job'): Ctrl+T types into the job, x kills it, q / Esc go back to
// /jobs. While Ctrl+T holds the keys the mode is 'shell' and shell-keys.ts sends them on.
import type { AppStore } from '../store/app-store.js';
import { withJobActions } from '../store/job-actions-loader.js';
import type { KeyPress } from './key-names.js';
import { actionFor } from './keymap.js';

/** Resolves when what the key started (a kill) is done: tests await it. */
export function handleJobKey(store: AppStore, press: KeyPress): Promise<void> | void {
  const action = actionFor('job', press.name);
  if (action === undefined) return undefined;
  // Loaded already: the view opened through them.
  return withJobActions((jobs) => {
    switch (action) {
      case 'type': return jobs.typeIntoJob(store);
      case 'kill': return jobs.killShownJob(store);
      case 'back': return jobs.closeJobView(store);
    }
  });
}
