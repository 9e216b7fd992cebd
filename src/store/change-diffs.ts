// The per-file diff of a call's changes, shown when its card is expanded: read from the change
// ledger the first time the card opens and kept on the item (a new item object, so its rows are
// drawn again), or why it could not be read.
import { toSafeText } from '../core/text/safe-text.js';
import type { AppStore } from './app-store.js';
import type { ChangeDiff, ToolItem } from './transcript.js';
import { ledgerPort } from './ledger-port.js';
import { updateToolItem } from './child-transcripts.js';

function setDiff(store: AppStore, id: string, diff: ChangeDiff): void {
  // The call may be a child agent's (history mode inside a task card).
  store.setState((s) => updateToolItem(s, id, (item) => (item.changes ? { ...item, changes: { ...item.changes, diff } } : item)));
}

/** Reads the diff of an expanded call that changed files, once. Resolves when it is there (tests await it). */
export function loadChangeDiff(store: AppStore, item: ToolItem): Promise<void> | void {
  const port = ledgerPort(store.door);
  const entry = item.changes?.entry;
  if (!port || !entry || item.changes!.files.length === 0 || item.changes!.diff) return;
  setDiff(store, item.id, { state: 'loading' });
  return port.entryDiff(entry).then(
    (text) => setDiff(store, item.id, { state: 'ready', text }),
    (err: unknown) => setDiff(store, item.id, { state: 'failed', reason: toSafeText(err instanceof Error ? err.message : String(err)) }),
  );
}
