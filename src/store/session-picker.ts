// The session picker (--resume without an id, /resume) and what opening a session does to the
// screen: the transcript is replaced by the session's replay, applied in one batch. What comes
// from the files (titles, workspaces, model names) is made terminal-safe as it becomes state.
import type { SessionScope, SessionSummary } from '../core/sessions/session-catalog.js';
import type { SessionReady, SessionStart, SessionView } from '../core/sessions/session-port.js';
import { toSafeText } from '../core/text/safe-text.js';
import type { AppStore, Mode } from './app-store.js';
import { isBusy } from './app-store.js';
import { applyEvents } from './apply-events.js';
import { showReplay } from './session-replay.js';
import { earlierJobs } from './job-events.js';
import { filterRows, movedBy, withFilter, type PickerRow, type PickerState } from './list-picker.js';
import { addNotice, flash } from './view-actions.js';

export type { PickerRow, PickerState } from './list-picker.js';




function rowOf(s: SessionSummary, current: string | undefined): PickerRow {
  return {
    id: s.id,
    title: toSafeText(s.title),
    workspace: toSafeText(s.workspace),
    model: toSafeText(s.model),
    updatedAt: s.updatedAt,
    turns: s.turns,
    bytes: s.bytes,
    current: s.id === current,
    ...(s.forkedFrom ? { forkedFrom: { session: toSafeText(s.forkedFrom.session), prompt: s.forkedFrom.prompt } } : {}),
  };
}

/** The rows the filter lets through: every word must appear in the title, id, model or workspace. */
export function visibleRows(p: Pick<PickerState, 'rows' | 'filter' | 'scope'>): PickerRow[] {
  const hay = (r: PickerRow) => `${r.title} ${r.id} ${r.model} ${p.scope === 'all' ? r.workspace : ''}`.toLowerCase();
  return filterRows(p, (r, w) => hay(r).includes(w), p.filter.toLowerCase().split(/\s+/).filter(Boolean));
}

async function load(store: AppStore, scope: SessionScope): Promise<void> {
  const door = store.door;
  if (!door.send({ type: 'capabilities' }).sessions) return;
  const summaries = await door.send({ type: 'listSessions', scope });
  const p = store.getState().picker;
  if (!p || p.scope !== scope) return;
  const current = door.send({ type: 'capabilities' }).currentSession;
  store.setState({ picker: { ...p, rows: summaries.map((s) => rowOf(s, current)), selected: 0, phase: 'ready' } });
}

/** Opens the picker on this workspace's sessions. Resolves once they are listed. */
export function openPicker(store: AppStore): Promise<void> | void {
  const s = store.getState();
  if (!store.door.send({ type: 'capabilities' }).sessions) return flash(store, 'sessions are not kept in this run');
  if (isBusy(s)) return flash(store, 'wait for the turn to end (or Esc) before opening another session');
  const returnTo: Mode = s.mode === 'picker' ? 'input' : s.mode;
  store.setState({ mode: 'picker', completion: null, picker: { scope: 'workspace', filter: '', rows: [], selected: 0, phase: 'loading', returnTo } });
  return load(store, 'workspace');
}

export function setPickerFilter(store: AppStore, filter: string, cursor = filter.length): void {
  const p = store.getState().picker;
  if (p) store.setState({ picker: withFilter(p, filter, cursor) });
}

export function movePicker(store: AppStore, delta: number): void {
  const p = store.getState().picker;
  const moved = p && movedBy(p, delta, visibleRows(p).length);
  if (moved) store.setState({ picker: moved });
}

/** Tab: this workspace's sessions ↔ every workspace's. */
export function togglePickerScope(store: AppStore): Promise<void> | void {
  const p = store.getState().picker;
  if (!p) return;
  const scope: SessionScope = p.scope === 'workspace' ? 'all' : 'workspace';
  store.setState({ picker: { ...p, scope, rows: [], selected: 0, phase: 'loading' } });
  return load(store, scope);
}

export function closePicker(store: AppStore): void {
  const p = store.getState().picker;
  store.setState({ mode: p?.returnTo ?? 'input', picker: null });
}

/** Enter: opens the selected session (another workspace's says how to open it instead). */
export async function choosePicked(store: AppStore): Promise<void> {
  const s = store.getState();
  const p = s.picker;
  if (!p || !store.door.send({ type: 'capabilities' }).sessions || p.phase !== 'ready') return;
  const row = visibleRows(p)[p.selected];
  if (!row) return flash(store, 'no session matches the filter');
  if (row.current) {
    closePicker(store);
    return flash(store, 'that is the session you are in');
  }
  store.setState({ picker: { ...p, phase: 'opening' } });
  try {
    const view = await store.door.send({ type: 'resumeSession', id: row.id });
    store.setState({ picker: null, mode: 'input' });
    showSession(store, view);
  } catch (err) {
    const now = store.getState().picker;
    if (now) store.setState({ picker: { ...now, phase: 'ready' } });
    flash(store, (err as Error).message);
  }
}

/**
 * The transcript becomes the session's: its replay applied to an empty transcript (the turns on
 * screen first, see session-replay), then what reading it had to say. Totals (turns, tokens) are
 * the resumed session's. Resolves once every turn is in.
 */
export function showSession(store: AppStore, view: SessionView): Promise<void> {
  const said = view.notices.map((message) => ({ type: 'notice' as const, message }));
  const resumed = { type: 'notice' as const, message: `Resumed session ${view.id.slice(0, 8)}${view.title ? ` — ${view.title}` : ''}.` };
  const all = showReplay(store, view.replay, [...said, resumed]);
  if (view.jobs) earlierJobs(store, view.jobs);
  const permission = store.getState().permission;
  if (view.mode && permission.mode) store.setState({ permission: { ...permission, mode: view.mode } });
  return all;
}


/** "3 min ago", "2 h ago", "4 d ago". */
export function ago(ms: number, now: number): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}

/** /sessions: the workspace's recent sessions as a notice, newest first, with how to open one. */
export async function listSessionsAsNotice(store: AppStore, limit = 10): Promise<void> {
  if (!store.door.send({ type: 'capabilities' }).sessions) return flash(store, 'sessions are not kept in this run');
  const all = await store.door.send({ type: 'listSessions', scope: 'workspace' });
  const current = store.door.send({ type: 'capabilities' }).currentSession;
  const now = Date.now();
  const lines = all.slice(0, limit).map((s) => {
    return `  ${s.id.slice(0, 8)}  ${s.title}  · ${ago(s.updatedAt, now)} · ${s.turns} turn${s.turns === 1 ? '' : 's'}${s.id === current ? ' · this session' : ''}`;
  });
  const text = all.length === 0
    ? 'No sessions in this workspace yet.'
    : [`Sessions in this workspace (${all.length}${all.length > limit ? `, newest ${limit} shown` : ''}); /resume opens one, or inkling --resume <id>:`, ...lines].join('\n');
  addNotice(store, text);
}

/** How the session starts, as the door says (a `session` start-up part): resumed, the picker first, or fresh with a notice. */
export function sessionStarted(store: AppStore, start: SessionStart): Promise<void> | void {
  if (start.kind === 'resumed') return showSession(store, start.view);
  if (start.kind === 'pick') return openPicker(store);
  if (start.notice) store.setState((s) => applyEvents(s, [{ type: 'notice', message: start.notice! }], Date.now()));
}

/** The agent took the resumed session up: the mode it goes on in (plan mode comes back), and why. */
export function resumedSessionReady(store: AppStore, ready: SessionReady): void {
  const permission = store.getState().permission;
  if (ready.mode && permission.mode) store.setState({ permission: { ...permission, mode: ready.mode } });
  if (ready.notice) store.setState((s) => applyEvents(s, [{ type: 'notice', message: ready.notice! }], Date.now()));
}

/** The workspace's prompt history, before what was typed since the start (↑ in the input). */
export function promptHistoryLoaded(store: AppStore, earlier: readonly string[]): void {
  store.setState((s) => ({ promptHistory: [...earlier, ...s.promptHistory] }));
}
