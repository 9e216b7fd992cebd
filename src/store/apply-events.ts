// Applies a batch of core events to the store state in one pass (one commit per batch).
import type { AgentEvent } from '../core/events.js';
import { addUsage, emptyUsage } from '../core/conversation.js';
import { formatTokenCount } from '../core/context/token-estimate.js';
import { appendSafe, toSafeText, type SafeText } from '../core/text/safe-text.js';
import type { AppState, Phase } from './app-store.js';
import type { ToolItem, TranscriptItem } from './transcript.js';
import { toSafeEvent, type SafeAgentEvent } from './safe-events.js';
import { isStored, lazyFields, sourceOf, storedView } from '../core/sessions/stored-fields.js';
import { emptyApprovals } from './approval-state.js';
import { outsideChangesText } from './ledger-text.js';
import { addToBatch, applyChildBatches, endChildren, type ChildBatches } from './child-transcripts.js';
import { planPanelAfter } from './plan-state.js';
import { withChildRequest } from './child-agents.js';

type Draft = Pick<
  AppState,
  | 'items'
  | 'index'
  | 'activeToolIds'
  | 'childTranscripts'
  | 'phase'
  | 'turnStartedAt'
  | 'turns'
  | 'toolCalls'
  | 'retry'
  | 'turnUsage'
  | 'sessionUsage'
  | 'childPriced'
  | 'contextTokens'
  | 'approvals'
  | 'plan'
>;

const CONTENT = ['content'];

/** The card's result; content that a resumed session keeps in its file stays read on demand. */
function resultOf(ev: Extract<SafeAgentEvent, { type: 'tool_result' }>): NonNullable<ToolItem['result']> {
  const onDemand = lazyFields(ev).includes('content');
  const result = { content: onDemand ? ('' as SafeText) : ev.content, isError: ev.isError, durationMs: ev.durationMs };
  return onDemand ? storedView(result, CONTENT, sourceOf(ev)!) : result;
}

let nextId = 0;
const newId = (prefix: string) => `${prefix}-${++nextId}`;

/** `times`: when an event that waited for this commit came (event-binding.ts); the others came `now`. */
export function applyEvents(state: AppState, events: readonly AgentEvent[], now: number, times?: ReadonlyMap<AgentEvent, number>): Partial<AppState> {
  const d: Draft = {
    items: state.items.slice(),
    index: state.index,
    activeToolIds: state.activeToolIds,
    childTranscripts: state.childTranscripts,
    phase: state.phase,
    turnStartedAt: state.turnStartedAt,
    turns: state.turns,
    toolCalls: state.toolCalls,
    retry: state.retry,
    turnUsage: state.turnUsage,
    sessionUsage: state.sessionUsage,
    childPriced: state.childPriced,
    contextTokens: state.contextTokens,
    approvals: state.approvals,
    plan: state.plan,
  };
  const dropAsk = (id: string) => {
    if (!d.approvals.queue.some((a) => a.id === id)) return;
    const queue = d.approvals.queue.filter((a) => a.id !== id);
    d.approvals = queue[0]?.id === d.approvals.queue[0]?.id ? { ...d.approvals, queue } : { ...emptyApprovals(), queue };
  };
  let indexCopied = false;
  const push = (item: TranscriptItem) => {
    if (!indexCopied) {
      d.index = { ...d.index };
      indexCopied = true;
    }
    d.index[item.id] = d.items.length;
    d.items.push(item);
  };
  const last = () => d.items[d.items.length - 1];
  const replaceLast = (item: TranscriptItem) => {
    d.items[d.items.length - 1] = item;
  };
  const updateTool = (id: string, fn: (t: ToolItem) => ToolItem) => {
    const i = d.index[id];
    const t = i === undefined ? undefined : d.items[i];
    if (t?.kind === 'tool') d.items[i!] = fn(t);
  };
  const closeStreams = () => {
    const l = last();
    if (l?.kind === 'assistant' && l.streaming) replaceLast({ ...l, streaming: false });
    else if (l?.kind === 'thinking' && l.streaming) replaceLast({ ...l, streaming: false, endedAt: now });
  };
  const setPhaseFromTools = (fallback: Phase) => {
    d.phase = d.activeToolIds.length > 0 ? 'tools' : fallback;
  };

  // A live pane's rows as the state holds them: an update's rows that were shown are not made safe again.
  const paneRows = (id: SafeText): readonly SafeText[] | undefined => {
    const i = d.index[id];
    const t = i === undefined ? undefined : d.items[i];
    // (Details kept in a resumed session's file are read on demand: never for this.)
    return t?.kind === 'tool' && t.details?.kind === 'bash' && !isStored(t.details) ? t.details.snapshot.lines : undefined;
  };
  // Children's events go to their own transcripts, each child's once per commit.
  const children: ChildBatches = new Map();
  const outputs = newestOutputs(events);
  for (const raw of events) {
    if (raw.type === 'agent_event') addToBatch(children, raw, state.history.into, times?.get(raw) ?? now);
    else if (raw.type === 'tool_output' && outputs !== null && outputs.get(raw.id) !== raw) continue;
    // The terminal-safety boundary: from here on every string is SafeText.
    const ev = toSafeEvent(raw, paneRows);
    switch (ev.type) {
      case 'turn_start':
        push({ kind: 'user', id: newId('user'), text: ev.prompt, ...(ev.images?.length ? { images: ev.images } : {}) });
        d.phase = 'waiting';
        d.turnStartedAt = now;
        d.turns += 1;
        d.turnUsage = emptyUsage();
        d.retry = null;
        break;
      case 'request_start':
        closeStreams();
        d.retry = null;
        d.phase = 'waiting';
        break;
      case 'thinking_delta': {
        const l = last();
        if (l?.kind === 'thinking' && l.streaming) replaceLast({ ...l, text: appendSafe(l.text, ev.thinking) });
        else push({ kind: 'thinking', id: newId('thinking'), text: ev.thinking, streaming: true, startedAt: now });
        d.phase = d.activeToolIds.length > 0 ? 'tools' : 'thinking';
        d.retry = null;
        break;
      }
      case 'text_delta': {
        const l = last();
        if (l?.kind === 'thinking' && l.streaming) replaceLast({ ...l, streaming: false, endedAt: now });
        const l2 = last();
        if (l2?.kind === 'assistant' && l2.streaming) replaceLast({ ...l2, text: appendSafe(l2.text, ev.text) });
        else push({ kind: 'assistant', id: newId('text'), text: ev.text, streaming: true });
        d.phase = d.activeToolIds.length > 0 ? 'tools' : 'responding';
        d.retry = null;
        break;
      }
      case 'message_end':
        closeStreams();
        break;
      case 'tool_call':
        closeStreams();
        push({
          kind: 'tool',
          id: ev.id,
          name: ev.name,
          input: ev.input,
          readOnly: ev.readOnly,
          status: 'queued',
          createdAt: now,
        });
        d.activeToolIds = [...d.activeToolIds, ev.id];
        d.toolCalls += 1;
        d.phase = 'tools';
        break;
      case 'tool_status':
        if (ev.status !== 'awaiting_approval') dropAsk(ev.id);
        updateTool(ev.id, (t) => {
          if (t.status === 'cancelled') return t;
          const ended = ev.status === 'done' || ev.status === 'error' || ev.status === 'cancelled' || ev.status === 'denied';
          return {
            ...t,
            status: ev.status,
            startedAt: ev.status === 'running' ? (t.startedAt ?? now) : t.startedAt,
            endedAt: ended ? (t.endedAt ?? now) : t.endedAt,
          };
        });
        if (ev.status !== 'queued' && ev.status !== 'running' && ev.status !== 'awaiting_approval') {
          d.activeToolIds = d.activeToolIds.filter((id) => id !== ev.id);
          setPhaseFromTools('waiting');
        }
        break;
      case 'approval_request': {
        const { type: _type, ...ask } = ev;
        d.approvals = { ...d.approvals, queue: [...d.approvals.queue.filter((a) => a.id !== ev.id), ask] };
        break;
      }
      case 'approval_response':
        dropAsk(ev.id);
        break;
      case 'agent_event': {
        // A child's ask (at any depth) waits in the parent's prompt, naming the child, first come first served.
        let inner = ev.event;
        let agent = ev.agent;
        while (inner.type === 'agent_event') ({ agent, event: inner } = inner);
        if (inner.type === 'approval_request') {
          const { type: _type, ...ask } = inner;
          d.approvals = { ...d.approvals, queue: [...d.approvals.queue.filter((a) => a.id !== inner.id), { ...ask, agent }] };
        } else if (inner.type === 'approval_response' || (inner.type === 'tool_status' && inner.status !== 'awaiting_approval')) dropAsk(inner.id);
        else if (inner.type === 'usage') d.childPriced = withChildRequest(d.childPriced, agent.model, inner.usage);
        break;
      }
      case 'tool_output':
        updateTool(ev.id, (t) => ({ ...t, details: ev.details, outputAt: now, startedAt: t.startedAt ?? now }));
        break;
      case 'tool_result':
        updateTool(ev.id, (t) => ({
          ...t,
          status: t.status === 'cancelled' || t.status === 'denied' ? t.status : ev.isError ? 'error' : 'done',
          details: ev.details ?? t.details,
          result: resultOf(ev),
          endedAt: t.endedAt ?? now,
        }));
        d.activeToolIds = d.activeToolIds.filter((id) => id !== ev.id);
        setPhaseFromTools('waiting');
        break;
      case 'tool_changes':
        updateTool(ev.id, (t) => ({
          ...t,
          changes: { files: ev.changes, ...(ev.entry ? { entry: ev.entry } : {}), skipped: ev.skipped?.length ?? 0, ...(ev.jobs?.length ? { jobs: ev.jobs } : {}) },
        }));
        break;
      case 'tool_untracked':
        updateTool(ev.id, (t) => ({ ...t, changes: { files: [], skipped: 0, untracked: ev.reason } }));
        break;
      case 'hook_start':
        updateTool(ev.id, (t) => ({ ...t, hooks: [...(t.hooks ?? []), { event: ev.event, command: ev.command, exitCode: null, timedOut: false, durationMs: 0, output: '' as SafeText, running: true }] }));
        break;
      case 'hook_run': {
        const { type: _type, id: _id, ...row } = ev;
        updateTool(ev.id, (t) => {
          const hooks = t.hooks ?? [];
          const at = hooks.findIndex((h) => h.running && h.event === row.event && h.command === row.command);
          return { ...t, hooks: at >= 0 ? hooks.map((h, i) => (i === at ? row : h)) : [...hooks, row] };
        });
        break;
      }
      case 'log_dropped':
        updateTool(ev.id, (t) => ({ ...t, logDropped: true }));
        break;
      case 'outside_changes':
        if (ev.changes.length > 0) push({ kind: 'notice', id: newId('notice'), text: outsideChangesText(ev.changes, ev.paused !== undefined, ev.jobs), level: 'info' });
        break;
      case 'turn_checkpoint': {
        // The prompt this turn started with is the newest user item.
        for (let i = d.items.length - 1; i >= 0; i--) {
          const it = d.items[i]!;
          if (it.kind !== 'user') continue;
          d.items[i] = { ...it, checkpoint: { prompt: ev.prompt, entry: ev.entry } };
          break;
        }
        break;
      }
      case 'retry': {
        d.retry = { attempt: ev.attempt, until: now + ev.delayMs, status: ev.status, reason: ev.reason };
        // A response cut after it started is asked for again: what it showed stays, marked as not kept.
        const l = last();
        if (ev.discardPartial && (l?.kind === 'assistant' || l?.kind === 'thinking')) {
          closeStreams();
          push({ kind: 'notice', id: newId('notice'), text: toSafeText('interrupted — retried (the cut response above is not part of the conversation)'), level: 'info' });
        }
        break;
      }
      case 'usage':
        d.turnUsage = ev.turn;
        d.sessionUsage = ev.session;
        d.contextTokens = ev.usage.inputTokens + ev.usage.cacheReadTokens + ev.usage.cacheWriteTokens;
        break;
      case 'compaction_start':
        push({ kind: 'notice', id: newId('notice'), text: toSafeText(ev.reason === 'auto' ? 'compacting the conversation (the context is nearly full)…' : 'compacting the conversation…'), level: 'info' });
        d.phase = 'waiting';
        break;
      case 'compaction': {
        const text = toSafeText(`compacted${ev.reason === 'auto' ? ' automatically' : ''}: ${formatTokenCount(ev.tokensBefore)} → ${formatTokenCount(ev.tokensAfter)} tokens (everything above is no longer sent; history mode still walks it)`);
        push({ kind: 'compaction', id: newId('compaction'), text, reason: ev.reason, tokensBefore: ev.tokensBefore, tokensAfter: ev.tokensAfter });
        d.contextTokens = ev.tokensAfter;
        d.sessionUsage = addUsage(d.sessionUsage, ev.usage);
        // /compact runs outside a turn: done, the UI is idle again (auto-compaction goes on with its turn).
        if (d.turnStartedAt === null) d.phase = 'idle';
        // Calls above the boundary no longer cost anything in the context.
        for (let i = 0; i < d.items.length; i++) {
          const t = d.items[i]!;
          if (t.kind === 'tool' && t.contextCost) d.items[i] = { ...t, contextCost: undefined };
        }
        break;
      }
      case 'images_dropped': {
        const names = ev.images.map((i) => `${i.name} ${i.width}×${i.height}`).join(', ');
        push({ kind: 'notice', id: newId('notice'), text: toSafeText(`dropped ${ev.images.length === 1 ? 'an image' : `${ev.images.length} images`} from the context to make room (${names}): ${formatTokenCount(ev.tokensBefore)} → ${formatTokenCount(ev.tokensAfter)} tokens`), level: 'info' });
        d.contextTokens = ev.tokensAfter;
        break;
      }
      case 'context_edit':
        updateTool(ev.id, (t) => {
          const { contextEdit: _old, ...rest } = t;
          return ev.edit ? { ...rest, contextEdit: ev.edit } : rest;
        });
        d.contextTokens = ev.tokensAfter;
        break;
      case 'error':
        closeStreams();
        push({ kind: 'notice', id: newId('notice'), text: ev.message, level: 'error' });
        break;
      case 'notice':
        push({ kind: 'notice', id: newId('notice'), text: ev.message, level: 'info' });
        break;
      case 'plan_update':
        d.plan = planPanelAfter(d.plan, ev);
        break;
      case 'turn_end':
        finishTurn(d, now, ev.reason === 'aborted');
        if (ev.reason === 'max_iterations' || ev.reason === 'max_tokens') {
          push({ kind: 'notice', id: newId('notice'), text: toSafeText(`turn ended: ${ev.reason.replace('_', ' ')}`), level: 'info' });
        }
        break;
    }
  }
  if (children.size > 0) d.childTranscripts = applyChildBatches(d.childTranscripts, children, applyEvents, state.history.into);
  if (d.phase === 'idle' && d.activeToolIds.length === 0) d.childTranscripts = endChildren(d.childTranscripts, now);
  return d;
}

/**
 * Each call's newest live output in the batch, when a call has more than one: only that one is
 * drawn (a command's output never comes after its result, and the others change nothing it does),
 * so the ones before it are not made safe or applied. Each child agent's row comes this way (task
 * calls), twice each as 8 children start.
 */
function newestOutputs(events: readonly AgentEvent[]): Map<string, AgentEvent> | null {
  let newest: Map<string, AgentEvent> | null = null;
  let count = 0;
  for (const e of events) {
    if (e.type !== 'tool_output') continue;
    count++;
    (newest ??= new Map()).set(e.id, e);
  }
  return newest !== null && newest.size < count ? newest : null;
}

/** Ends the turn: streams close, unfinished tool cards become cancelled, the UI is idle. */
function finishTurn(d: Draft, now: number, cancelled: boolean): void {
  if (d.approvals.queue.length > 0) d.approvals = emptyApprovals();
  const l = d.items[d.items.length - 1];
  if (l?.kind === 'assistant' && l.streaming) d.items[d.items.length - 1] = { ...l, streaming: false };
  else if (l?.kind === 'thinking' && l.streaming) d.items[d.items.length - 1] = { ...l, streaming: false, endedAt: now };
  for (const id of d.activeToolIds) {
    const i = d.index[id];
    const t = i === undefined ? undefined : d.items[i];
    if (t?.kind === 'tool') {
      d.items[i!] = { ...t, status: cancelled ? 'cancelled' : 'error', endedAt: t.endedAt ?? now };
    }
  }
  d.activeToolIds = [];
  d.childTranscripts = endChildren(d.childTranscripts, now);
  d.phase = 'idle';
  d.retry = null;
  d.turnStartedAt = null;
}

/** Esc: the UI goes idle at once, before the core has finished stopping. */
export function interruptState(state: AppState, now: number): Partial<AppState> {
  const d = applyEvents(state, [], now) as Draft;
  finishTurn(d, now, true);
  const notice: TranscriptItem = { kind: 'notice', id: newId('notice'), text: toSafeText('interrupted'), level: 'info' };
  d.index = { ...d.index, [notice.id]: d.items.length };
  d.items.push(notice);
  return d;
}
