// /diff: everything the session's calls changed, per file and coloured, as one diff in the pager.
import type { AppStore } from './app-store.js';
import { filesCount } from './ledger-text.js';
import { joinSafe, toSafeText, type SafeText } from '../core/text/safe-text.js';
import { flash } from './view-actions.js';
import { ledgerPort } from './ledger-port.js';
import { readableDiffText } from './diff-text.js';
import type { CommandUi } from './pager-state.js';

/** Resolves once the pager has the diff (or the status line says why not). */
export function showSessionDiff(store: AppStore, ui: CommandUi): Promise<void> | void {
  const port = ledgerPort(store.door);
  if (!port) return flash(store, '/diff needs the change ledger, which is off in this session');
  return port.sessionDiff().then(
    (d) => {
      if (d.files.length === 0 && d.untracked.length === 0) return flash(store, 'no file changed in this session yet');
      const added = d.files.reduce((n, f) => n + f.added, 0);
      const removed = d.files.reduce((n, f) => n + f.removed, 0);
      ui.openPager({
        kind: 'text',
        title: `this session changed ${filesCount(d.files.length)} +${added} −${removed}${d.untracked.length > 0 ? ` (${d.untracked.length} not tracked)` : ''}`,
        text: d.untracked.length > 0 ? untrackedPreamble(d.untracked, readableDiffText(d.diff, d.files)) : readableDiffText(d.diff, d.files),
        diff: true,
      });
    },
    (err: unknown) => flash(store, `no diff: ${(err as Error).message}`),
  );
}

/** Calls the ledger could not record come first: their changes show as changed while tracking was paused. */
function untrackedPreamble(untracked: readonly SafeText[], diff: SafeText): SafeText {
  const lines = untracked.map((u) => joinSafe([toSafeText('  '), u]));
  return joinSafe([toSafeText(`Not tracked (${untracked.length}): what they changed is in "changed while tracking was paused", not under their names.`), ...lines, toSafeText(''), diff], '\n');
}
