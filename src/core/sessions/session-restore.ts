// Rebuilds a session from its records: the conversation the model will see next (history
// repaired, so a call cut off by kill -9 gets an "interrupted" result) and the transcript as
// a replay of the events that drew it, which the UI applies in one batch.
import type { JobInfo } from '../jobs/job-types.js';
import type { AssistantMessage, Message, StopReason, ToolResultBlock, Usage, UserBlock } from '../conversation.js';
import { emptyUsage, toolUses } from '../conversation.js';
import type { AgentEvent, ContextEdit } from '../events.js';
import { loadImages, loadPromptImages } from './session-images.js';
import { repairHistory } from '../history-repair.js';
import { withoutImages } from '../context/drop-images.js';
import type { HeaderRecord, LedgerRecord, SessionRecord, ToolResultRecord } from './records.js';
import { lazyFields, sourceOf, storedView } from './stored-fields.js';
import { SidechainReplay } from '../agents/sidechain-replay.js';
import type { PlanView } from '../plan/plan-types.js';

export interface RestoredPrompt {
  /** The user message's blocks as they are in `messages` (a rewind finds the turn by them). */
  content: UserBlock[];
  prompt: string;
}

export interface RestoredSession {
  id: string;
  header?: HeaderRecord;
  title?: string;
  messages: Message[];
  prompts: RestoredPrompt[];
  usage: Usage;
  /** Events that draw the transcript as it was. */
  replay: AgentEvent[];
  /** Full output logs named by calls: log path → call id. */
  logs: Map<string, string>;
  /** Tool results dropped, shrunk or pinned for the requests (the last edit of each call). */
  contextEdits: Map<string, ContextEdit>;
  /** The permission mode last recorded, if any. */
  mode?: string;
  forkedFrom?: { session: string; prompt: number };
  /** The background jobs of the runs that recorded it, all ended (one still running then ended with its run). */
  jobs: JobInfo[];
  /** The plan last recorded (core/plan); absent when the session never had one. */
  plan?: PlanView;
}

export const ENDED_MID_TURN = 'This session ended in the middle of a turn (inkling was stopped); calls that had not finished are marked interrupted.';

/** How an earlier run's job ended, as the resumed transcript says it. */
export function earlierJobText(job: JobInfo): string {
  const how = job.state === 'running' ? 'ended with the inkling that ran it' : job.state === 'killed' ? `was killed (${job.killedBy ?? '?'})` : job.signal ? `ended by ${job.signal}` : `exited ${job.exitCode ?? '?'}`;
  return `job ${job.id} \`${job.command.split('\n')[0]}\` of the earlier run ${how} (its log: ${job.logPath})`;
}

/** Why a job recorded as running is over now: the inkling that ran it ended (and took the job with it). */
export const ENDED_WITH_ITS_RUN = 'its inkling ended';

/** An earlier run's job as /jobs lists it: ended, at the session's last record when its end was never recorded. */
function endedJob(job: JobInfo, lastAt: number): JobInfo {
  return job.state === 'running' ? { ...job, state: 'killed', killedBy: ENDED_WITH_ITS_RUN, endedAt: Math.max(job.startedAt, lastAt) } : job;
}

/** The note that told the model of a job's end, back in the user message it went with. */
function withToldNote(messages: Message[], note: string): void {
  const last = messages.at(-1);
  if (last?.role === 'user') messages[messages.length - 1] = { ...last, content: [...last.content, { type: 'text', text: note }] };
}

export function restoreSession(id: string, records: readonly SessionRecord[]): RestoredSession {
  const jobs = new Map<number, JobInfo>();
  const results = new Map<string, ToolResultRecord>();
  const changes = new Map<string, LedgerRecord['event']>();
  for (const r of records) {
    if (r.type === 'tool_result' && !results.has(r.id)) results.set(r.id, r);
    if (r.type === 'ledger' && (r.event.type === 'tool_changes' || r.event.type === 'tool_untracked')) changes.set(r.event.id, r.event);
  }
  const out: RestoredSession = { id, messages: [], prompts: [], usage: emptyUsage(), replay: [], logs: new Map(), contextEdits: new Map(), jobs: [] };
  let lastAt = 0;
  let messages: Message[] = [];
  const replay = out.replay;
  let inTurn = false;
  const sidechains = new SidechainReplay();
  const endOpenTurn = () => {
    if (!inTurn) return;
    replay.push(...sidechains.rest());
    replay.push({ type: 'notice', message: ENDED_MID_TURN }, { type: 'turn_end', reason: 'aborted' });
    inTurn = false;
  };

  for (const r of records) {
    if ('at' in r && typeof r.at === 'number') lastAt = Math.max(lastAt, r.at);
    switch (r.type) {
      case 'header':
        out.header ??= r;
        break;
      case 'title':
        out.title ??= r.title;
        break;
      case 'prompt': {
        endOpenTurn();
        const content = r.content.length > 0 ? loadPromptImages(r.content) : [{ type: 'text' as const, text: r.text }];
        messages.push({ role: 'user', content });
        out.prompts.push({ content, prompt: r.text });
        // The card names the copy kept beside the session (the file attached may be gone).
        const images = r.content.flatMap((b) => (b.type === 'image_file' ? [{ name: b.name, width: b.width, height: b.height, bytes: b.bytes, path: b.file }] : []));
        replay.push({ type: 'turn_start', prompt: r.text, ...(images.length ? { images } : {}) });
        inTurn = true;
        break;
      }
      case 'assistant': {
        messages.push(r.message);
        replayMessage(replay, r.message, r.stopReason, results);
        const uses = toolUses(r.message);
        const blocks: ToolResultBlock[] = [];
        for (const use of uses) {
          const change = changes.get(use.id);
          if (change) replay.push(change);
          const result = results.get(use.id);
          if (!result) continue;
          blocks.push(resultBlock(use.id, result));
          if (result.cancelled) replay.push({ type: 'tool_status', id: use.id, status: 'cancelled' });
          replay.push(resultEvent(use.id, result));
          const logPath = (result.details as { logPath?: unknown } | undefined)?.logPath;
          if (typeof logPath === 'string') out.logs.set(logPath, use.id);
        }
        if (uses.length > 0) messages.push({ role: 'user', content: blocks });
        break;
      }
      case 'usage':
        out.usage = r.session;
        replay.push({ type: 'usage', usage: r.usage, turn: r.turn, session: r.session });
        break;
      case 'notice':
        replay.push(r.level === 'error' ? { type: 'error', message: r.message, retryable: false } : { type: 'notice', message: r.message });
        break;
      case 'turn_end':
        if (!inTurn) break;
        replay.push(...sidechains.rest(), { type: 'turn_end', reason: r.reason });
        inTurn = false;
        break;
      case 'ledger':
        if (r.event.type !== 'tool_changes' && r.event.type !== 'tool_untracked') replay.push(r.event);
        break;
      case 'compaction': {
        // As the compaction built it: the summary, then the messages it kept.
        const before = repairHistory(messages);
        const event = { ...r.event, message: { role: 'user' as const, content: loadPromptImages(r.event.message.content) } };
        messages = repairHistory([event.message, ...before.slice(Math.max(0, before.length - r.event.keptMessages))]);
        replay.push(event);
        break;
      }
      case 'images_dropped':
        // The same pass on the same messages, with the pins in force when it ran.
        messages = withoutImages(repairHistory(messages), r.event.keptMessages, (id) => out.contextEdits.get(id) === 'pin').messages;
        replay.push(r.event);
        break;
      case 'context_edit':
        if (r.event.edit) out.contextEdits.set(r.event.id, r.event.edit);
        else out.contextEdits.delete(r.event.id);
        replay.push(r.event);
        break;
      case 'log_dropped':
        replay.push({ type: 'log_dropped', id: r.id, logPath: r.logPath });
        break;
      case 'mode':
        out.mode = r.mode;
        break;
      case 'forked_from':
        out.forkedFrom = { session: r.session, prompt: r.prompt };
        break;
      case 'plan':
        out.plan = r.plan;
        replay.push({ type: 'plan_update', plan: r.plan, change: r.change });
        break;
      case 'sidechain':
        // A child agent's record: replayed for its cards, never part of the parent's conversation.
        replay.push(...sidechains.push(r.event));
        break;
      case 'job':
        jobs.set(r.job.id, r.job);
        if (typeof r.told === 'string') withToldNote(messages, r.told);
        break;
      case 'tool_result':
      case 'resumed':
        break;
    }
  }
  endOpenTurn();
  // That run's jobs ended with it (its exit killed them): said once, at the end of the transcript.
  for (const job of jobs.values()) replay.push({ type: 'notice', message: earlierJobText(job) });
  out.jobs = [...jobs.values()].map((job) => endedJob(job, lastAt));
  out.messages = repairHistory(messages);
  return out;
}

// A result kept in the session file (stored-results) keeps its content there: it is passed on
// unread, as a view that reads it when it is read.
const readsContent = (result: ToolResultRecord) => lazyFields(result).includes('content');

function resultBlock(id: string, result: ToolResultRecord): ToolResultBlock {
  // Images come back from their files beside the session; one whose file is gone is named instead.
  const { images, gone } = loadImages(result.images ?? []);
  const content = readsContent(result) ? '' : [result.content, ...gone].join('\n');
  const block: ToolResultBlock = {
    type: 'tool_result',
    tool_use_id: id,
    content,
    ...(images.length > 0 ? { images } : {}),
    ...(result.isError ? { is_error: true } : {}),
  };
  return readsContent(result) ? storedView(block, CONTENT, sourceOf(result)!) : block;
}

function resultEvent(id: string, result: ToolResultRecord): Extract<AgentEvent, { type: 'tool_result' }> {
  const event = {
    type: 'tool_result' as const,
    id,
    content: readsContent(result) ? '' : result.content,
    isError: result.isError,
    ...(result.details ? { details: result.details } : {}),
    durationMs: result.durationMs,
  };
  return readsContent(result) ? storedView(event, CONTENT, sourceOf(result)!) : event;
}

const CONTENT = ['content'];

/** The events a live response produced: thinking, text and tool cards in the order they came. */
function replayMessage(replay: AgentEvent[], message: AssistantMessage, stopReason: StopReason, results: Map<string, ToolResultRecord>): void {
  for (const block of message.content) {
    if (block.type === 'thinking' && block.thinking) replay.push({ type: 'thinking_delta', thinking: block.thinking });
    else if (block.type === 'text' && block.text) replay.push({ type: 'text_delta', text: block.text });
    else if (block.type === 'tool_use') {
      replay.push({ type: 'tool_call', id: block.id, name: block.name, input: block.input, readOnly: results.get(block.id)?.readOnly ?? false });
    }
  }
  replay.push({ type: 'message_end', message, stopReason });
}
