// The job view's keys (mode 'job'): Ctrl+T types into the job, x kills it, q / Esc go back to
// /jobs. While Ctrl+T holds the keys the mode is 'shell' and shell-keys.ts sends them on.
import type { AppStore } from '../store/app-store.js';
import { closeJobView, killShownJob, typeIntoJob } from '../store/job-actions.js';
import type { KeyPress } from './key-names.js';
import { actionFor } from './keymap.js';

/** Resolves when what the key started (a kill) is done: tests await it. */
export function handleJobKey(store: AppStore, press: KeyPress): Promise<void> | void {
  switch (actionFor('job', press.name)) {
    case 'type': return typeIntoJob(store);
    case 'kill': return killShownJob(store);
    case 'back': return closeJobView(store);
    default: return undefined;
  }
}
