// History mode as plain functions of the store: which items are stops, the selection, the stop
// filter, expand/collapse, and Ctrl+T focus on a running command. No React, so keys that come
// fast act on the latest state.
import type { AppState, AppStore, Mode } from './app-store.js';
import { loadChangeDiff } from './change-diffs.js';
import { emptyHistory, type HistoryState } from './history-state.js';
import type { TranscriptItem } from './transcript.js';
import { flash } from './view-actions.js';
import { viewOf } from './child-view.js';

export { emptyHistory, type HistoryState } from './history-state.js';


/** Stops are tool calls and messages (the person's prompts, answers, thinking); notices are not. */
export function isStop(item: TranscriptItem): boolean {
  return item.kind !== 'notice';
}

/** A prompt taller than this shows collapsed in the transcript (UserMessage.tsx). */
export const LONG_PROMPT_ROWS = 12;

/** Items history mode can expand in place: calls, thinking, and prompts that may be collapsed. */
export function isExpandable(item: TranscriptItem): boolean {
  if (item.kind === 'user') return item.text.split('\n').length > LONG_PROMPT_ROWS || item.text.length > LONG_PROMPT_ROWS * 40;
  return item.kind === 'tool' || item.kind === 'thinking';
}

/** Every string in a tool's details (a diff, a pane's rows, a path), whatever the tool. */
function detailStrings(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) detailStrings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) detailStrings(v, out);
  return out;
}

/** The text a filter looks in: tool name, input (path, command, pattern), output and details. */
export function searchableText(item: TranscriptItem): string {
  switch (item.kind) {
    case 'tool':
      return [item.name, JSON.stringify(item.input ?? ''), item.result?.content ?? '', ...detailStrings(item.details, [])].join('\n');
    case 'notice': return '';
    default: return item.text;
  }
}

// While a filter is being typed, each item's text is kept (a resumed session's outputs are read
// from its file: once per filter, not once per keystroke); it is let go when the filter is.
let filterTexts: WeakMap<TranscriptItem, string> | null = null;

function filterText(item: TranscriptItem): string {
  let text = filterTexts?.get(item);
  if (text === undefined) {
    text = searchableText(item).replace(/\x1b\[[0-9;]*m/g, '');
    filterTexts?.set(item, text);
  }
  return text;
}

// Smart case, as in the pager: a lowercase filter ignores case.
export function matchesFilter(item: TranscriptItem, filter: string): boolean {
  if (filter === '') return true;
  const text = filterText(item);
  return filter === filter.toLowerCase() ? text.toLowerCase().includes(filter) : text.includes(filter);
}

let memo: { items: readonly TranscriptItem[]; filter: string; stops: TranscriptItem[] } | null = null;

/** The stops in transcript order (the parent's, or the child's walked into), filtered; memoized on the items array and the filter. */
export function visibleStops(s: Pick<AppState, 'items' | 'index' | 'history' | 'childTranscripts'>): TranscriptItem[] {
  const filter = s.history.filterPrompt?.text ?? s.history.filter;
  const { items } = viewOf(s);
  if (memo && memo.items === items && memo.filter === filter) return memo.stops;
  filterTexts = filter === '' ? null : (filterTexts ?? new WeakMap());
  const stops = items.filter((it) => isStop(it) && matchesFilter(it, filter));
  memo = { items, filter, stops };
  return stops;
}

/** The items the transcript draws: all of them (a child walked into nested under its task card), or only matching stops while a filter is on. */
export function shownItems(s: Pick<AppState, 'items' | 'index' | 'history' | 'mode' | 'childTranscripts'>): readonly TranscriptItem[] {
  const filtering = s.history.filter !== '' || (s.history.filterPrompt?.text ?? '') !== '';
  if (!filtering) filterTexts = null;
  return filtering ? visibleStops(s) : viewOf(s).shown;
}

function setHistory(store: AppStore, patch: Partial<HistoryState>, extra: Partial<AppState> = {}): void {
  store.setState((s) => {
    const moved = patch.selectedId !== undefined && patch.selectedId !== s.history.selectedId;
    return { history: { ...s.history, ...(moved ? { outputScroll: 0 } : {}), ...patch }, ...extra };
  });
}


export function enterHistory(store: AppStore): void {
  const s = store.getState();
  const stops = visibleStops({ items: s.items, index: s.index, childTranscripts: s.childTranscripts, history: emptyHistory() });
  if (stops.length === 0) {
    flash(store, 'nothing to walk yet');
    return;
  }
  // Start on the newest stop: what the person just watched.
  store.setState({ mode: 'history', history: { ...emptyHistory(), selectedId: stops[stops.length - 1]!.id }, completion: null });
}

/** Back to the input: the filter goes, the view follows the bottom again. */
export function leaveHistory(store: AppStore): void {
  // From inside an agent, the selection goes back to its task card in the parent's transcript.
  store.setState((s) => ({ mode: 'input', history: { ...emptyHistory(), selectedId: s.history.into[0] ?? s.history.selectedId }, scrollBack: 0, newBelow: false }));
}

function selectedIndex(stops: readonly TranscriptItem[], id: string | null): number {
  return id === null ? -1 : stops.findIndex((it) => it.id === id);
}

/** ↑/↓: the previous/next stop; past either end it wraps to the other. */
export function moveSelection(store: AppStore, delta: 1 | -1): void {
  const s = store.getState();
  const stops = visibleStops(s);
  if (stops.length === 0) return;
  const at = selectedIndex(stops, s.history.selectedId);
  const next = at === -1 ? (delta > 0 ? 0 : stops.length - 1) : (at + delta + stops.length) % stops.length;
  setHistory(store, { selectedId: stops[next]!.id });
}

export function selectEnd(store: AppStore, which: 'first' | 'last'): void {
  const stops = visibleStops(store.getState());
  if (stops.length === 0) return;
  setHistory(store, { selectedId: stops[which === 'first' ? 0 : stops.length - 1]!.id });
}

/** PgUp/PgDn: the stop about a page of rows away (the layout measures a stop as drawn). */
export function movePage(store: AppStore, dir: 1 | -1): void {
  const s = store.getState();
  const stops = visibleStops(s);
  if (stops.length === 0) return;
  // An expanded card whose output is taller than its window scrolls inside first.
  const out = store.layout.expandedOutput?.(s);
  if (out && out.total > out.window) {
    const max = out.total - out.window;
    const next = Math.max(0, Math.min(max, s.history.outputScroll - dir * Math.max(1, out.window - 1)));
    if (next !== s.history.outputScroll) return setHistory(store, { outputScroll: next });
  }
  const page = Math.max(1, store.layout.mainRows(s) - 2);
  let at = selectedIndex(stops, s.history.selectedId);
  if (at === -1) at = dir > 0 ? 0 : stops.length - 1;
  let rows = 0;
  while (at + dir >= 0 && at + dir < stops.length && rows < page) {
    rows += store.layout.itemRows(s, stops[at]!);
    at += dir;
  }
  setHistory(store, { selectedId: stops[at]!.id });
}

/** `[` / `]`: the person's previous / next prompt. */
export function jumpPrompt(store: AppStore, dir: 1 | -1): void {
  const s = store.getState();
  const stops = visibleStops(s);
  const at = selectedIndex(stops, s.history.selectedId);
  for (let i = at + dir; i >= 0 && i < stops.length; i += dir) {
    if (stops[i]!.kind === 'user') {
      setHistory(store, { selectedId: stops[i]!.id });
      return;
    }
  }
  flash(store, dir < 0 ? 'no earlier prompt' : 'no later prompt');
}

/** The selection is one of the stops on screen (not hidden by the filter). */
export function selectionShown(s: Pick<AppState, 'items' | 'index' | 'history' | 'childTranscripts'>): boolean {
  const id = s.history.selectedId;
  return id !== null && (s.history.filter === '' || visibleStops(s).some((it) => it.id === id));
}

export function selectedItem(s: Pick<AppState, 'items' | 'index' | 'history' | 'childTranscripts'>): TranscriptItem | undefined {
  const id = s.history.selectedId;
  const view = viewOf(s);
  const i = id === null ? undefined : view.index[id];
  return i === undefined ? undefined : view.items[i];
}

/**
 * Enter/Space: expand or collapse the selected call in place; the state stays for the session.
 * A call that changed files shows each file's diff expanded: resolves once it is read.
 */
export function toggleExpanded(store: AppStore): Promise<void> | void {
  const s = store.getState();
  const item = selectedItem(s);
  if (!item || !isExpandable(item)) return;
  const expanded = { ...s.expanded };
  if (expanded[item.id]) delete expanded[item.id];
  else expanded[item.id] = true;
  store.setState({ expanded });
  if (expanded[item.id] && item.kind === 'tool') return loadChangeDiff(store, item);
}

// ── the stop filter (`/`) ────────────────────────────────────────────────────────────────────

export function startFilter(store: AppStore): void {
  const f = store.getState().history.filter;
  // The prompt takes the status line at once, even over a message still showing there.
  setHistory(store, { filterPrompt: { text: f, cursor: f.length } }, { flash: null });
}

/** Keeps the selection on a stop the filter shows (the nearest earlier one, else the first). */
function keepSelectionVisible(store: AppStore): void {
  const s = store.getState();
  const stops = visibleStops(s);
  if (stops.length === 0 || selectedIndex(stops, s.history.selectedId) !== -1) return;
  const { index } = viewOf(s);
  const pos = s.history.selectedId === null ? -1 : (index[s.history.selectedId] ?? -1);
  const earlier = stops.filter((it) => (index[it.id] ?? 0) <= pos);
  setHistory(store, { selectedId: (earlier[earlier.length - 1] ?? stops[0]!).id });
}

export function editFilter(store: AppStore, text: string, cursor: number): void {
  setHistory(store, { filterPrompt: { text, cursor } });
  keepSelectionVisible(store);
}

/** Enter keeps the typed filter; Esc (cancel) drops it. */
export function endFilter(store: AppStore, keep: boolean): void {
  const p = store.getState().history.filterPrompt;
  setHistory(store, { filterPrompt: null, filter: keep && p ? p.text : '' });
  keepSelectionVisible(store);
}

export function clearFilter(store: AppStore): void {
  setHistory(store, { filter: '', filterPrompt: null });
}

// ── Ctrl+T: keys to a running command ────────────────────────────────────────────────────────

function runningBash(item: TranscriptItem | undefined): boolean {
  return item?.kind === 'tool' && item.status === 'running' && (item.name === 'bash' || item.details?.kind === 'bash');
}

/** Focus the selected running command (history mode) or the newest running one. */
export function focusShell(store: AppStore): void {
  const s = store.getState();
  const selected = s.mode === 'history' ? selectedItem(s) : undefined;
  let id = runningBash(selected) ? selected!.id : null;
  if (id === null) {
    for (let i = s.activeToolIds.length - 1; i >= 0 && id === null; i--) {
      const t = s.items[s.index[s.activeToolIds[i]!] ?? -1];
      if (runningBash(t)) id = t!.id;
    }
  }
  if (id === null) {
    flash(store, 'no running command to type into');
    return;
  }
  const returnTo: Mode = s.mode === 'history' ? 'history' : 'input';
  store.setState({ mode: 'shell', shellFocus: { id, returnTo } });
  // Focus goes back where it came from when the command ends (or when it is given back).
  const stop = store.subscribe((now) => {
    if (now.shellFocus?.id !== id) return stop();
    if (!focusedStillRuns(now)) {
      stop();
      unfocusShell(store);
    }
  });
}

/** Ctrl+T again, or the command ended: keys go back where they came from. */
export function unfocusShell(store: AppStore): void {
  const f = store.getState().shellFocus;
  if (!f) return;
  store.setState({ mode: f.returnTo, shellFocus: null });
}

/** True while the focused command still runs (focus goes back when it ends). */
export function focusedStillRuns(s: Pick<AppState, 'items' | 'index' | 'shellFocus'>): boolean {
  const f = s.shellFocus;
  return f !== null && runningBash(s.items[s.index[f.id] ?? -1]);
}
