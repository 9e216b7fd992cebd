// Child agents' transcripts (the task tool): each child's calls, answers and its prompt as items of
// its own, built from its agent_events with the parent's event → item rules, so history mode's
// → shows them with the same cards. Keyed by the child's id (its task call's id); a grandchild's
// events go to its own transcript, reached by → on its task card inside its parent's.
import type { AgentEvent, AgentRef } from '../core/events.js';
import { toSafeText } from '../core/text/safe-text.js';
import type { AppState } from './app-store.js';
import { emptyApprovals } from './approval-state.js';
import type { ChildTranscript, ChildTranscripts, ToolItem, TranscriptItem } from './transcript.js';

export type { ChildTranscript, ChildTranscripts } from './transcript.js';

/** The innermost child an agent_event is from, and its own event (a grandchild's is wrapped twice). */
export function innermost(event: Extract<AgentEvent, { type: 'agent_event' }>): { agent: AgentRef; event: AgentEvent } {
  let agent = event.agent;
  let inner = event.event;
  while (inner.type === 'agent_event') ({ agent, event: inner } = inner);
  return { agent, event: inner };
}

const unseen = (agent: AgentRef, inner: AgentEvent, shown: readonly string[]) => inner.type === 'tool_output' && !shown.includes(agent.id);

/**
 * A child's live command output while history mode is not inside that child (`shown`): nothing
 * uses it (addToBatch drops it, the parent's rules skip it), so a batch of only such events needs
 * no commit (event-binding.ts). Asked of every event the binding is given (with 8 children
 * streaming, most of them): it walks the wrapping without making anything.
 */
export function unseenChildOutput(event: AgentEvent, shown: readonly string[]): boolean {
  if (event.type !== 'agent_event') return false;
  let agent = event.agent;
  let inner = event.event;
  while (inner.type === 'agent_event') {
    agent = inner.agent;
    inner = inner.event;
  }
  return inner.type === 'tool_output' && !shown.includes(agent.id);
}

// A child's own events the parent's state takes nothing from (it takes its asks, what ends them and
// its usage): they only go into the child's transcript, kept raw until → walks in.
const KEPT_ONLY: ReadonlySet<AgentEvent['type']> = new Set(['turn_start', 'request_start', 'text_delta', 'thinking_delta', 'message_end', 'tool_call', 'tool_status', 'tool_result', 'turn_end']);

/**
 * A child's event nothing on screen shows now: one only its transcript keeps, of a child history
 * mode is not inside (a call's status changes the parent's state only when the call's ask waits in
 * its prompt). It wakes no commit of its own: it waits, with the time it came, for the next commit
 * that changes something (event-binding.ts). With 8 children running, a child's call ending and its
 * next request starting were commits, listeners and selectors run for nothing on screen.
 */
export function childEventCanWait(event: AgentEvent, state: Pick<AppState, 'history' | 'approvals'>): boolean {
  if (event.type !== 'agent_event') return false;
  const { agent, event: inner } = innermost(event);
  if (!KEPT_ONLY.has(inner.type) || state.history.into.includes(agent.id)) return false;
  const id = inner.type === 'tool_status' ? inner.id : null;
  return id === null || !state.approvals.queue.some((a) => a.id === id);
}

/**
 * One commit's events of each child, in order, and when each came (the commit's time, or its own
 * for an event that waited: childEventCanWait); `outputs`: where each call's live output is in it.
 */
export type ChildBatches = Map<string, { agent: AgentRef; events: AgentEvent[]; times: number[]; outputs: Map<string, number> }>;

/**
 * `shown`: the children history mode is inside now. A command's live output goes only to a child
 * shown (made safe and applied it costs a frame its time; the call's result brings its final output
 * to every child, and walking into a running one shows its next snapshot).
 */
export function addToBatch(batches: ChildBatches, event: Extract<AgentEvent, { type: 'agent_event' }>, shown: readonly string[], time: number): void {
  const { agent, event: inner } = innermost(event);
  if (unseen(agent, inner, shown)) return;
  let batch = batches.get(agent.id);
  if (!batch) batches.set(agent.id, (batch = { agent, events: [], times: [], outputs: new Map() }));
  if (inner.type === 'tool_output') {
    // Only a call's newest output of the commit is drawn: it takes the place of the one before (a command's
    // output never comes after its result, so the order with the call's other events holds).
    const at = batch.outputs.get(inner.id);
    if (at !== undefined) {
      batch.events[at] = inner;
      batch.times[at] = time;
      return;
    }
    batch.outputs.set(inner.id, batch.events.length);
  }
  batch.events.push(inner);
  batch.times.push(time);
}

/** A child's events of one commit as its transcript keeps them: a run of events per time they came. */
function byTime(events: readonly AgentEvent[], times: readonly number[]): { at: number; events: AgentEvent[] }[] {
  const runs: { at: number; events: AgentEvent[] }[] = [];
  events.forEach((e, i) => {
    const last = runs.at(-1);
    if (last && last.at === times[i]) last.events.push(e);
    else runs.push({ at: times[i]!, events: [e] });
  });
  return runs;
}

type Apply = (state: AppState, events: readonly AgentEvent[], now: number) => Partial<AppState>;

/** What the parent's rules need of a state to apply a child's events to its transcript. */
function asState(t: ChildTranscript): AppState {
  return {
    items: t.items,
    index: t.index,
    activeToolIds: t.activeToolIds,
    phase: 'idle',
    turnStartedAt: null,
    turns: 0,
    toolCalls: 0,
    retry: null,
    approvals: emptyApprovals(),
    childTranscripts: {},
  } as unknown as AppState;
}

/** Raw events a child keeps unapplied at most: past it they are applied (memory bounded, the work amortized). */
export const PENDING_MAX = 400;

const emptyChild = (agent: AgentRef): ChildTranscript => ({ name: toSafeText(agent.name), depth: agent.depth, items: [], index: {}, activeToolIds: [], pending: [], pendingCount: 0 });

/** A child's events applied with the parent's rules. */
function applied(t: ChildTranscript, events: readonly AgentEvent[], at: number, apply: Apply): ChildTranscript {
  const d = apply(asState(t), events, at);
  return { ...t, items: d.items ?? t.items, index: d.index ?? t.index, activeToolIds: d.activeToolIds ?? t.activeToolIds };
}

/** A child's calls still open ended (cancelled) at `at`: its parent's turn ended without them. */
function ended(t: ChildTranscript, at: number): ChildTranscript {
  if (t.activeToolIds.length === 0) return t;
  const items = t.items.slice();
  for (const callId of t.activeToolIds) {
    const i = t.index[callId];
    const it = i === undefined ? undefined : items[i];
    if (it?.kind === 'tool') items[i!] = { ...it, status: 'cancelled', endedAt: it.endedAt ?? at };
  }
  return { ...t, items, activeToolIds: [] };
}

/** A child's transcript with every event it kept applied, each commit's at its own time (the same as applied then). */
export function builtChild(t: ChildTranscript, apply: Apply): ChildTranscript {
  if (t.pendingCount === 0 && t.cutAt === undefined) return t;
  let next: ChildTranscript = { ...t, pending: [], pendingCount: 0 };
  for (const { at, events } of t.pending) next = applied(next, events, at, apply);
  if (t.cutAt !== undefined) next = ended(next, t.cutAt);
  delete next.cutAt;
  return next;
}

/**
 * The children's transcripts with a commit's events: applied (the parent's rules, `apply`) to a child
 * history mode is inside (`shown`), kept for the others until → walks in or they pass PENDING_MAX.
 */
export function applyChildBatches(agents: ChildTranscripts, batches: ChildBatches, apply: Apply, shown: readonly string[]): ChildTranscripts {
  if (batches.size === 0) return agents;
  const next: Record<string, ChildTranscript> = { ...agents };
  for (const [id, { agent, events, times }] of batches) {
    const had = next[id] ?? emptyChild(agent);
    const kept = { ...had, pending: [...had.pending, ...byTime(events, times)], pendingCount: had.pendingCount + events.length };
    next[id] = shown.includes(id) || kept.pendingCount > PENDING_MAX ? builtChild(kept, apply) : kept;
  }
  return next;
}

/** The parent's turn ended: a child cut with it has no turn_end of its own, its calls end here (or when it is built). */
export function endChildren(agents: ChildTranscripts, now: number): ChildTranscripts {
  let next: Record<string, ChildTranscript> | null = null;
  for (const [id, t] of Object.entries(agents)) {
    if (t.cutAt !== undefined || (t.pendingCount === 0 && t.activeToolIds.length === 0)) continue;
    next ??= { ...agents };
    next[id] = t.pendingCount > 0 ? { ...t, cutAt: now } : ended(t, now);
  }
  return next ?? agents;
}

/** A call by id, the parent's or any child's (the pager, an expanded card, an undo open one of either). */
export function findItem(s: Pick<AppState, 'items' | 'index' | 'childTranscripts'>, id: string): TranscriptItem | undefined {
  const i = s.index[id];
  if (i !== undefined) return s.items[i];
  for (const t of Object.values(s.childTranscripts)) {
    const j = t.index[id];
    if (j !== undefined) return t.items[j];
  }
  return undefined;
}

/** The state patch replacing the tool call `id` (the parent's or a child's) with `fn` of it; {} when there is none. */
export function updateToolItem(s: Pick<AppState, 'items' | 'index' | 'childTranscripts'>, id: string, fn: (t: ToolItem) => ToolItem): Partial<AppState> {
  const i = s.index[id];
  if (i !== undefined) {
    const t = s.items[i];
    if (t?.kind !== 'tool') return {};
    const items = s.items.slice();
    items[i] = fn(t);
    return { items };
  }
  for (const [key, c] of Object.entries(s.childTranscripts)) {
    const j = c.index[id];
    const t = j === undefined ? undefined : c.items[j];
    if (t?.kind !== 'tool') continue;
    const items = c.items.slice();
    items[j!] = fn(t);
    return { childTranscripts: { ...s.childTranscripts, [key]: { ...c, items } } };
  }
  return {};
}
