// Undo of one call (`u` in history mode) and rewind to a prompt (`R`): first a preview of what
// goes back and what would be overwritten, then the person's choice — revert the clean files,
// restore the conflicting ones too, or leave it. Nothing changes without that choice.
import { joinSafe, toSafeText, type SafeText } from '../core/text/safe-text.js';
import type { AppState, AppStore } from './app-store.js';
import { isBusy } from './app-store.js';
import { selectedItem } from './history-mode.js';
import { updateToolItem } from './child-transcripts.js';
import type { RevertDone, RevertPreview } from './ledger-port.js';
import { filesCount } from './ledger-text.js';
import type { RevertDialog } from './revert-state.js';
import type { TranscriptItem } from './transcript.js';
import { flash } from './view-actions.js';
import { ledgerPort } from './ledger-port.js';

export type { RevertDialog } from './revert-state.js';



let nextNotice = 0;
function withNotice(s: AppState, text: SafeText, level: 'info' | 'error' = 'info'): Pick<AppState, 'items' | 'index'> {
  const id = `revert-notice-${++nextNotice}`;
  return { items: [...s.items, { kind: 'notice', id, text, level }], index: { ...s.index, [id]: s.items.length } };
}

function open(store: AppStore, dialog: Omit<RevertDialog, 'phase' | 'scroll' | 'returnTo'>, plan: Promise<RevertPreview>): Promise<void> {
  const returnTo = store.getState().mode === 'revert' ? 'history' : store.getState().mode;
  store.setState({ mode: 'revert', revert: { ...dialog, phase: 'planning', scroll: 0, returnTo } });
  return plan.then(
    (preview) => {
      const d = store.getState().revert;
      if (!d || d.itemId !== dialog.itemId) return;
      // A rewind with no file to put back still takes the conversation back.
      if (dialog.kind === 'undo' && preview.clean.length === 0 && preview.conflicts.length === 0) {
        close(store);
        flash(store, dialog.kind === 'undo' ? 'nothing to undo: those files are already as they were before it' : 'nothing to rewind: no file changed since that prompt');
        return;
      }
      store.setState({ revert: { ...d, phase: 'ready', preview } });
    },
    (err: unknown) => {
      close(store);
      flash(store, `cannot ${dialog.kind}: ${(err as Error).message}`);
    },
  );
}

/** `u`: preview undoing the selected call's file changes. Resolves once the preview is there. */
export function startUndo(store: AppStore): Promise<void> | void {
  const s = store.getState();
  const item = selectedItem(s);
  const port = ledgerPort(store.door);
  if (item?.kind !== 'tool') return flash(store, 'u undoes a tool call: select one');
  if (!port) return flash(store, 'undo needs the change ledger, which is off in this session');
  if (!item.changes) return flash(store, `${item.name} cannot change files: nothing to undo`);
  if (item.changes.untracked) return flash(store, `not tracked (${item.changes.untracked}): nothing to undo`);
  if (!item.changes.entry) return flash(store, 'this call changed no files: nothing to undo');
  if (isBusy(s)) return flash(store, 'wait for the turn to end (or Esc) before undoing');
  // An undone call: u undoes the undo, which brings the call's changes back.
  const entry = item.changes.undone && item.changes.undoEntry ? item.changes.undoEntry : item.changes.entry;
  return open(store, { kind: 'undo', itemId: item.id, entry }, port.planUndo(entry));
}

/** `R`: preview rewinding files and conversation to just before the selected prompt. */
export function startRewind(store: AppStore): Promise<void> | void {
  const s = store.getState();
  const item = selectedItem(s);
  const port = ledgerPort(store.door);
  if (item?.kind !== 'user') return flash(store, 'R rewinds to before one of your prompts: select one ([ and ] jump to them)');
  if (!port) return flash(store, 'rewind needs the change ledger, which is off in this session');
  if (!item.checkpoint) return flash(store, 'the change ledger has no mark for this prompt');
  if (isBusy(s)) return flash(store, 'wait for the turn to end (or Esc) before rewinding');
  const { entry, prompt } = item.checkpoint;
  return startRewindTo(store, { itemId: item.id, entry, ordinal: prompt });
}

/** The rewind preview of one prompt (`R`, the /rewind picker): `itemId` is its row in the transcript. */
export function startRewindTo(store: AppStore, target: { itemId: string; entry: string; ordinal: number }): Promise<void> | void {
  const port = ledgerPort(store.door);
  if (!port) return flash(store, 'rewind needs the change ledger, which is off in this session');
  return open(store, { kind: 'rewind', ...target }, port.planRewind(target.entry));
}

export function close(store: AppStore): void {
  const d = store.getState().revert;
  store.setState({ revert: null, mode: d?.returnTo === 'revert' || !d ? 'history' : d.returnTo });
}

export function scrollPreview(store: AppStore, delta: number): void {
  const d = store.getState().revert;
  if (d) store.setState({ revert: { ...d, scroll: Math.max(0, d.scroll + delta) } });
}

function doneText(kind: 'undo' | 'rewind', label: SafeText, done: RevertDone): SafeText {
  const what = kind === 'undo' ? 'undid' : 'rewound to before';
  const restored = done.restored.length > 0 ? `: ${filesCount(done.restored.length)} restored` : ': no file restored';
  const left = done.left.length > 0 ? joinSafe([toSafeText(`; left as they are: `), joinSafe(done.left, ', ')]) : toSafeText('');
  return joinSafe([toSafeText(`${what} `), label, toSafeText(restored), left]);
}

/** y / Enter (clean files only) or f (conflicting files too). Resolves when it is done. */
export function confirmRevert(store: AppStore, overwriteConflicts: boolean): Promise<void> | void {
  const s = store.getState();
  const d = s.revert;
  const port = ledgerPort(store.door);
  if (!d || d.phase !== 'ready' || !d.preview || !port) return;
  if (overwriteConflicts && d.preview.conflicts.length === 0) return;
  if (d.kind === 'undo' && !overwriteConflicts && d.preview.clean.length === 0) return flash(store, 'every file changed again since: f restores them anyway, Esc leaves them');
  store.setState({ revert: { ...d, phase: 'working' } });
  const label = d.preview.label;
  if (d.kind === 'undo') {
    return port.undo(d.entry, overwriteConflicts).then(
      (done) => {
        close(store);
        store.setState((st) => {
          const marked = markUndone(st, d.itemId, d.entry, done.entry);
          return { childTranscripts: marked.childTranscripts, ...withNotice(marked, doneText('undo', label, done)) };
        });
      },
      (err: unknown) => failed(store, 'undo', err),
    );
  }
  return port.rewind(d.entry, d.ordinal ?? 0, overwriteConflicts).then(
    (done) => {
      close(store);
      if (done.prompt === undefined) {
        // The conversation could not go back (the preview said so): the transcript stays as it is too.
        const only = toSafeText('; only the files went back, the conversation stays as it was');
        store.setState((st) => ({ ...withNotice(st, joinSafe([doneText('rewind', label, done), only])), mode: 'input', rewindPicker: null, history: { ...st.history, selectedId: null } }));
        return;
      }
      store.setState((st) => {
        const at = st.index[d.itemId] ?? st.items.length;
        const items = st.items.slice(0, at);
        const index: Record<string, number> = {};
        items.forEach((it, i) => (index[it.id] = i));
        const cut = { ...st, items, index };
        const text = done.prompt ?? ('' as SafeText);
        const forked = done.forked
          ? toSafeText(`; the conversation goes on in a new session, ${done.forked.session.slice(0, 8)}${done.forked.from ? ` (the one before it, ${done.forked.from.slice(0, 8)}, stays as it was: /resume opens it)` : ''}`)
          : toSafeText('');
        const said = withNotice(cut, joinSafe([doneText('rewind', label, done), forked]));
        return {
          ...(done.notice ? withNotice({ ...cut, ...said }, done.notice) : said),
          mode: 'input',
          rewindPicker: null,
          history: { ...st.history, selectedId: null },
          input: { text, cursor: text.length },
          scrollBack: 0,
        };
      });
    },
    (err: unknown) => failed(store, 'rewind', err),
  );
}

function failed(store: AppStore, kind: string, err: unknown): void {
  close(store);
  store.setState((st) => withNotice(st, toSafeText(`${kind} failed: ${(err as Error).message}`), 'error'));
}

/** After an undo of `reverted`: the call's own entry means it is undone now; its undo's entry, that it is back. */
function markUndone(s: AppState, toolId: string, reverted: string, undoEntry: string | undefined): AppState {
  // The call may be a child agent's (undone from inside its task card).
  return {
    ...s,
    ...updateToolItem(s, toolId, (t) => {
      if (!t.changes) return t;
      const { undone: _undone, undoEntry: _undoEntry, ...rest } = t.changes;
      return { ...t, changes: reverted === t.changes.entry ? { ...rest, undone: true, ...(undoEntry ? { undoEntry } : {}) } : rest };
    }),
  };
}
