// The records of a session file, version 1: one JSON object per line, `type` first. The set is
// open: later work adds record types, and a reader skips the ones it does not know.
import type { AssistantMessage, StopReason, Usage, UserBlock } from '../conversation.js';
import type { AgentEvent, TurnEndReason } from '../events.js';
import type { ToolDetails } from '../tools/details.js';
import type { JobInfo } from '../jobs/job-types.js';
import type { StoredImage, StoredImageBlock } from './session-images.js';
import type { PlanChange, PlanView } from '../plan/plan-types.js';

export const SESSION_FORMAT_VERSION = 1;

export interface HeaderRecord {
  type: 'header';
  version: number;
  id: string;
  workspace: string;
  model: string;
  provider: string;
  startedAt: number;
  inklingVersion: string;
}

/** The prompt as typed (`text`) and the user message the model saw for it (`content`: notes first). */
export interface PromptRecord { type: 'prompt'; at: number; text: string; content: (UserBlock | StoredImageBlock)[] }

/** The session's name in lists: its first prompt, shortened. */
export interface TitleRecord { type: 'title'; title: string }

/** A response as it ended; `partial` when it was cut (interrupt, error) and kept that way. */
export interface AssistantRecord { type: 'assistant'; at: number; message: AssistantMessage; stopReason: StopReason; partial?: true }

export interface ToolResultRecord {
  type: 'tool_result';
  at: number;
  id: string;
  readOnly: boolean;
  content: string;
  /** The result's images: their files beside the session, never their bytes. */
  images?: StoredImage[];
  isError: boolean;
  details?: ToolDetails;
  durationMs: number;
  /** The call was cancelled (interrupt) rather than failing. */
  cancelled?: true;
}

export interface UsageRecord { type: 'usage'; usage: Usage; turn: Usage; session: Usage }
export interface NoticeRecord { type: 'notice'; message: string; level: 'info' | 'error' }
export interface TurnEndRecord { type: 'turn_end'; reason: TurnEndReason }
/** The permission mode changed (written by the permissions work; kept for the resumed session). */
export interface ModeRecord { type: 'mode'; mode: string }
/**
 * The conversation was compacted: rebuilding it, everything before the last `keptMessages`
 * messages is replaced by `event.message`; the transcript still shows what came before.
 */
type CompactionEvent = Extract<AgentEvent, { type: 'compaction' }>;
/** The summary message's images (a pinned result's) are kept as files beside the session. */
export interface CompactionRecord {
  type: 'compaction';
  at: number;
  event: Omit<CompactionEvent, 'message'> & { message: { role: 'user'; content: (UserBlock | StoredImageBlock)[] } };
}
/** Unpinned images were dropped before a summary: restore applies context/drop-images.ts again. */
export interface ImagesDroppedRecord { type: 'images_dropped'; event: Extract<AgentEvent, { type: 'images_dropped' }> }
/** A tool result was dropped, shrunk or pinned for later requests (or restored, edit null). */
export interface ContextEditRecord { type: 'context_edit'; event: Extract<AgentEvent, { type: 'context_edit' }> }
/** The change ledger's events (tool_changes, tool_untracked, outside_changes, turn_checkpoint), as they came. */
export interface LedgerRecord { type: 'ledger'; event: Extract<AgentEvent, { type: 'tool_changes' | 'tool_untracked' | 'outside_changes' | 'turn_checkpoint' }> }
/** A full output log was deleted to keep the session's logs under their cap. */
export interface LogDroppedRecord { type: 'log_dropped'; id: string; logPath: string; bytes: number }
/** The session was opened again (--continue, --resume, the picker). */
export interface ResumedRecord { type: 'resumed'; at: number; inklingVersion: string }
/** This session began as a rewind of another one to just before its prompt `prompt`. */
export interface ForkedFromRecord { type: 'forked_from'; session: string; prompt: number }
/**
 * A child agent's answer or call result (the task tool), kept beside the parent's conversation:
 * `event` is the child's agent_event as the parent's stream had it (a grandchild's wrapped twice),
 * holding a message_end or a tool_result. Resume replays it; the parent's conversation never holds it.
 */
export interface SidechainRecord { type: 'sidechain'; at: number; event: Extract<AgentEvent, { type: 'agent_event' }> }

/**
 * A background job started or ended (core/jobs); resume lists the earlier run's jobs as ended.
 * `told`: the note about its end that went with the model's next request, added to the user
 * message last recorded before it (resume puts it back there).
 */
export interface JobRecord { type: 'job'; at: number; job: JobInfo; told?: string }

/** The plan changed (core/plan: update_plan, a reset, the stall marker); the last one is the plan a resumed session goes on with. */
export interface PlanRecord { type: 'plan'; plan: PlanView; change: PlanChange }

export type SessionRecord =
  | JobRecord
  | HeaderRecord
  | PromptRecord
  | TitleRecord
  | AssistantRecord
  | ToolResultRecord
  | UsageRecord
  | NoticeRecord
  | TurnEndRecord
  | ModeRecord
  | CompactionRecord
  | ImagesDroppedRecord
  | ContextEditRecord
  | LedgerRecord
  | LogDroppedRecord
  | ResumedRecord
  | ForkedFromRecord
  | SidechainRecord
  | PlanRecord;

export type SessionRecordType = SessionRecord['type'];

const KNOWN: Record<SessionRecordType, true> = {
  job: true,
  header: true,
  prompt: true,
  title: true,
  assistant: true,
  tool_result: true,
  usage: true,
  notice: true,
  turn_end: true,
  mode: true,
  compaction: true,
  images_dropped: true,
  context_edit: true,
  ledger: true,
  log_dropped: true,
  resumed: true,
  forked_from: true,
  sidechain: true,
  plan: true,
};

export function isKnownRecord(value: unknown): value is SessionRecord {
  if (!value || typeof value !== 'object') return false;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' && Object.hasOwn(KNOWN, type);
}

/** The first line of a prompt, shortened, as the session's title. */
export function titleOf(prompt: string, max = 60): string {
  const line = prompt.trim().split('\n')[0]!.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}
