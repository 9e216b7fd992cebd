// History mode inside a child agent: → on a task card walks into the child's transcript (its calls
// as cards, under a heading line naming it), ← back out to the task card. What the transcript
// draws and which stops there are follow from `history.into` (viewOf).
import { toSafeText } from '../core/text/safe-text.js';
import type { AppState, AppStore } from './app-store.js';
import { applyEvents } from './apply-events.js';
import { builtChild, findItem } from './child-transcripts.js';
import type { ChildTranscript, NoticeItem, TranscriptItem } from './transcript.js';
import { flash } from './view-actions.js';

export interface TranscriptView {
  items: readonly TranscriptItem[];
  index: Readonly<Record<string, number>>;
  /** What the transcript draws: the items, a child's under its heading. */
  shown: readonly TranscriptItem[];
}

type ViewState = Pick<AppState, 'items' | 'index' | 'history' | 'childTranscripts'>;

let memo: { items: readonly TranscriptItem[]; heading: string; shown: readonly TranscriptItem[] } | null = null;

/** The transcript history mode walks now: the innermost child walked into, else the parent's. */
export function viewOf(s: ViewState): TranscriptView {
  const id = s.history.into.at(-1);
  const child = id === undefined ? undefined : s.childTranscripts[id];
  if (!child || id === undefined) return { items: s.items, index: s.index, shown: s.items };
  const heading = headingText(s, id);
  if (memo?.items !== child.items || memo.heading !== heading) {
    const line: NoticeItem = { kind: 'notice', id: `into-${id}`, text: toSafeText(heading), level: 'info' };
    memo = { items: child.items, heading, shown: [line, ...child.items] };
  }
  return { items: child.items, index: child.index, shown: memo.shown };
}

/** "↳ inside explore · find the config (agent 2 deep) — ← back to its task card". */
function headingText(s: ViewState, id: string): string {
  const child = s.childTranscripts[id]!;
  const task = findItem(s, id);
  const input = task?.kind === 'tool' && task.input && typeof task.input === 'object' ? (task.input as Record<string, unknown>) : {};
  const description = typeof input.description === 'string' ? ` · ${input.description}` : '';
  const deep = s.history.into.length > 1 ? ` (${s.history.into.length} agents deep)` : '';
  return `↳ inside ${child.name}${description}${deep} — its calls below; ← back to the task card`;
}

/** A child's transcript with every event it kept applied (what → shows of it). */
export function childTranscriptOf(s: Pick<AppState, 'childTranscripts'>, id: string): ChildTranscript | undefined {
  const had = s.childTranscripts[id];
  return had && builtChild(had, applyEvents);
}

/** → on a task card: into its child's calls (the child's newest stop selected). */
export function enterChild(store: AppStore): void {
  const s = store.getState();
  const id = s.history.selectedId;
  const view = viewOf(s);
  const item = id === null ? undefined : view.items[view.index[id] ?? -1];
  if (item?.kind !== 'tool' || item.name !== 'task') return flash(store, '→ walks into a task card\'s agent: select one');
  // Its transcript is built now, from the events it kept (children nobody walks into cost nothing).
  const had = s.childTranscripts[item.id];
  const child = childTranscriptOf(s, item.id);
  const last = child?.items.filter((it) => it.kind !== 'notice').at(-1);
  if (!child || !last) return flash(store, item.status === 'queued' || item.details?.kind === 'task' && item.details.status === 'waiting' ? 'the agent has not started yet' : 'nothing recorded of this agent');
  store.setState({
    ...(child !== had ? { childTranscripts: { ...s.childTranscripts, [item.id]: child } } : {}),
    history: { ...s.history, into: [...s.history.into, item.id], selectedId: last.id, filter: '', filterPrompt: null, outputScroll: 0 },
  });
}

/** ←: back out of a child, its task card selected. */
export function leaveChild(store: AppStore): void {
  const s = store.getState();
  const id = s.history.into.at(-1);
  if (id === undefined) return flash(store, '← goes back out of an agent: → on a task card walks in');
  store.setState({ history: { ...s.history, into: s.history.into.slice(0, -1), selectedId: id, filter: '', filterPrompt: null, outputScroll: 0 } });
}

/** Inside a child: what the parent's conversation keys (R, d/s/p) cannot do there, said. */
export function insideChild(s: Pick<AppState, 'history'>): boolean {
  return s.history.into.length > 0;
}
