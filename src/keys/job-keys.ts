// The job view's keys (mode 'job'): Ctrl+T types into the job, x kills it, o pages its whole log,
// q / Esc go back to /jobs. While Ctrl+T holds the keys the mode is 'shell' and shell-keys.ts sends them on.
import type { AppStore } from '../store/app-store.js';
import { findItem } from '../store/child-transcripts.js';
import { withJobActions } from '../store/job-actions-loader.js';
import { flash } from '../store/view-actions.js';
import type { KeyPress } from './key-names.js';
import { actionFor } from './keymap.js';
import { openPager } from './pager-open.js';

/** Resolves when what the key started (a kill) is done: tests await it. */
export function handleJobKey(store: AppStore, press: KeyPress): Promise<void> | void {
  const action = actionFor('job', press.name);
  if (action === undefined) return undefined;
  // Loaded already: the view opened through them.
  return withJobActions((jobs) => {
    switch (action) {
      case 'type': return jobs.typeIntoJob(store);
      case 'kill': return jobs.killShownJob(store);
      case 'log': {
        // Its call's card holds the log (a resumed session's too); after /clear the card is gone.
        const job = jobs.shownJob(store.getState());
        if (!job) return undefined;
        if (!findItem(store.getState(), job.callId)) return flash(store, `its card is not in this transcript; its log: ${job.logPath}`);
        return openPager(store, { kind: 'item', id: job.callId }, 'job');
      }
      case 'back': return jobs.closeJobView(store);
    }
  });
}
