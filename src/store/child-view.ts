// History mode inside a child agent: → on a task card walks into the child's transcript (its calls
// as cards nested under the task card, indented), ← back out to the task card. What the transcript
// draws and which stops there are follow from `history.into` (viewOf).
import type { AppState, AppStore } from './app-store.js';
import { applyEvents } from './apply-events.js';
import { builtChild } from './child-transcripts.js';
import type { ChildTranscript, TranscriptItem } from './transcript.js';
import { flash } from './view-actions.js';

export interface TranscriptView {
  items: readonly TranscriptItem[];
  index: Readonly<Record<string, number>>;
  /** What the transcript draws: the parent's items, a child walked into nested under its task card. */
  shown: readonly TranscriptItem[];
  /** How many levels in each nested item is drawn, by id (the parent's own are not in it). */
  nested: ReadonlyMap<string, number>;
}

type ViewState = Pick<AppState, 'items' | 'index' | 'history' | 'childTranscripts'>;

const NOT_NESTED: ReadonlyMap<string, number> = new Map();
let memo: { into: readonly string[]; lists: readonly (readonly TranscriptItem[])[]; view: TranscriptView } | null = null;

/** The transcript history mode walks now: the innermost child walked into (shown under its task card), else the parent's. */
export function viewOf(s: ViewState): TranscriptView {
  const into = s.history.into;
  const children = into.map((id) => s.childTranscripts[id]);
  const child = children.at(-1);
  if (!child || children.some((c) => !c)) return { items: s.items, index: s.index, shown: s.items, nested: NOT_NESTED };
  const lists = [s.items, ...children.map((c) => c!.items)];
  if (!memo || memo.into !== into || memo.lists.some((l, i) => l !== lists[i])) {
    const shown: TranscriptItem[] = [];
    const nested = new Map<string, number>();
    // Each level's items, the next level's after its task card (into[level] is a call among them).
    const nest = (items: readonly TranscriptItem[], level: number) => {
      for (const it of items) {
        shown.push(it);
        if (level > 0) nested.set(it.id, level);
        if (it.id === into[level]) nest(lists[level + 1]!, level + 1);
      }
    };
    nest(s.items, 0);
    memo = { into, lists, view: { items: child.items, index: child.index, shown, nested } };
  }
  return memo.view;
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
