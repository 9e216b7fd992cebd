// /rewind: a picker of the session's prompts, newest first, each with the files its turn changed;
// Enter opens the rewind preview of the chosen one (what goes back, what changed again since),
// and only its y changes anything. Esc there comes back to the picker.
import type { AppStore, Mode } from './app-store.js';
import { isBusy } from './app-store.js';
import { startRewindTo } from './revert-dialog.js';
import { filterRows, movedBy, withFilter, type RewindPickerState, type RewindRow } from './list-picker.js';
import { ledgerPort } from './ledger-port.js';

export type { RewindPickerState, RewindRow } from './list-picker.js';

const flash = (store: AppStore, text: string) => store.setState({ flash: { text, at: Date.now() } });

/** Smart case, as elsewhere: every word must appear in the prompt's first line or its files. */
export function visibleRewindRows(p: Pick<RewindPickerState, 'rows' | 'filter'>): RewindRow[] {
  const hay = (r: RewindRow) => `${r.firstLine} ${r.files.join(' ')}`;
  return filterRows(p, (r, w) => (w === w.toLowerCase() ? hay(r).toLowerCase().includes(w) : hay(r).includes(w)));
}

/** Opens the picker. Resolves once the prompts are listed. */
export function openRewindPicker(store: AppStore): Promise<void> | void {
  const s = store.getState();
  const port = ledgerPort(store.door);
  if (!port) return flash(store, '/rewind needs the change ledger, which is off in this session');
  if (isBusy(s)) return flash(store, 'wait for the turn to end (or Esc) before rewinding');
  const returnTo: Mode = s.mode === 'rewind' ? 'input' : s.mode;
  store.setState({ mode: 'rewind', completion: null, rewindPicker: { rows: [], filter: '', selected: 0, phase: 'loading', returnTo } });
  return port.prompts().then(
    (rows) => {
      const p = store.getState().rewindPicker;
      if (!p) return;
      if (rows.length === 0) {
        closeRewindPicker(store);
        return flash(store, 'no prompt to rewind to yet in this session');
      }
      store.setState({ rewindPicker: { ...p, rows: rows.slice().reverse(), selected: 0, phase: 'ready' } });
    },
    (err: unknown) => {
      closeRewindPicker(store);
      flash(store, `cannot list the prompts: ${(err as Error).message}`);
    },
  );
}

export function setRewindFilter(store: AppStore, filter: string, cursor = filter.length): void {
  const p = store.getState().rewindPicker;
  if (p) store.setState({ rewindPicker: withFilter(p, filter, cursor) });
}

export function moveRewindPicker(store: AppStore, delta: number): void {
  const p = store.getState().rewindPicker;
  const moved = p && movedBy(p, delta, visibleRewindRows(p).length);
  if (moved) store.setState({ rewindPicker: moved });
}

export function closeRewindPicker(store: AppStore): void {
  const p = store.getState().rewindPicker;
  store.setState({ mode: p?.returnTo ?? 'input', rewindPicker: null });
}

/** Enter: the rewind preview of the selected prompt (the picker stays behind it for Esc). */
export function chooseRewind(store: AppStore): Promise<void> | void {
  const s = store.getState();
  const p = s.rewindPicker;
  if (!p || p.phase !== 'ready') return;
  const row = visibleRewindRows(p)[p.selected];
  if (!row) return flash(store, 'no prompt matches the filter');
  // The prompt's row in the transcript, where the transcript is cut (absent: nothing is cut there).
  const item = s.items.find((it) => it.kind === 'user' && it.checkpoint?.entry === row.entry);
  return startRewindTo(store, { itemId: item?.id ?? '', entry: row.entry, ordinal: row.ordinal });
}
