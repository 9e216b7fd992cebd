// What the transcript shows: one item per prompt, thinking run, text run, tool call or notice.
// Items are immutable: an update replaces the object, so caches can key on identity.
// Every string an item holds that came from outside is SafeText (made so in safe-events.ts).
import type { AgentEvent, CompactionReason, ContextEdit, ToolStatus } from '../core/events.js';
import type { SafeJson, SafeText } from '../core/text/safe-text.js';
import type { SafeToolDetails } from './safe-events.js';
import type { FileChange } from '../core/checkpoints/tree-diff.js';
import type { SafeDeep } from '../core/text/safe-text.js';

/** A file a call changed, as the change ledger recorded it (paths are SafeText). */
export type ChangedFile = SafeDeep<FileChange>;

/** What the change ledger recorded for a call that may write. */
export interface ToolChanges {
  files: ChangedFile[];
  /** The ledger entry `u` undoes; absent when the call changed nothing. */
  entry?: string;
  /** Files left out of the record (over 10 MB, unreadable). */
  skipped: number;
  /** The ledger could not record the call (tracking was paused): why. Nothing to undo. */
  untracked?: SafeText;
  /** Set once an undo of this call went through. */
  undone?: boolean;
  /** The undo's own ledger entry: `u` again undoes the undo (the call's changes come back). */
  undoEntry?: string;
  /** The call's diff per file, read from the ledger when the card is first expanded. */
  diff?: ChangeDiff;
  /** Background jobs ran during the call: its changes may include theirs. */
  jobs?: number[];
}

export type ChangeDiff = { state: 'loading' } | { state: 'ready'; text: SafeText } | { state: 'failed'; reason: SafeText };

export interface UserItem {
  kind: 'user';
  id: string;
  text: SafeText;
  /** The ledger's mark for this prompt: its number in the conversation and its entry (what `R` rewinds to). */
  checkpoint?: { prompt: number; entry: string };
  /** The images it sent (never their bytes): a line each under the prompt; `o` shows their paths. */
  images?: readonly SafeImageMeta[];
}
export interface SafeImageMeta { name: SafeText; width: number; height: number; bytes: number; path?: SafeText }
export interface AssistantItem { kind: 'assistant'; id: string; text: SafeText; streaming: boolean }
export interface ThinkingItem {
  kind: 'thinking';
  id: string;
  text: SafeText;
  streaming: boolean;
  startedAt: number;
  endedAt?: number;
}
export interface ToolItem {
  kind: 'tool';
  id: string;
  name: SafeText;
  input: SafeJson;
  readOnly: boolean;
  status: ToolStatus;
  createdAt: number;
  startedAt?: number;
  endedAt?: number;
  details?: SafeToolDetails;
  /** When live output last arrived (a silent running command may be waiting for input). */
  outputAt?: number;
  result?: { content: SafeText; isError: boolean; durationMs: number };
  /** Files the call changed (change ledger); absent for calls that cannot write or when it is off. */
  changes?: ToolChanges;
  /** The person's change to what the model sees of the result (history mode d / s / p). */
  contextEdit?: ContextEdit;
  /** What the call costs in the context now, in tokens (input, result as sent); absent once compacted away. */
  contextCost?: { input: number; result: number };
  /** Its full output log was deleted to keep the session's logs under their cap. */
  logDropped?: true;
  /** Hooks that ran for it (PreToolUse, PostToolUse), in the order they ended: rows under the card. */
  hooks?: HookRow[];
}
/** One hook run under a call's card. */
export interface HookRow {
  event: SafeText;
  command: SafeText;
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  /** stderr then stdout, the start of it. */
  output: SafeText;
  /** Still running (hook_start came, its hook_run not yet). */
  running?: true;
}
/** The compaction boundary: everything above it is no longer sent to the model (shown dimmed). */
export interface CompactionItem {
  kind: 'compaction';
  id: string;
  /** The rule's label: "compacted: 45.2k → 3.1k tokens". */
  text: SafeText;
  reason: CompactionReason;
  tokensBefore: number;
  tokensAfter: number;
}
export interface NoticeItem { kind: 'notice'; id: string; text: SafeText; level: 'info' | 'error' }

export type TranscriptItem = UserItem | AssistantItem | ThinkingItem | ToolItem | NoticeItem | CompactionItem;

/** Items that change with the clock (spinners, elapsed time) and so redraw on each tick. */
export function animates(item: TranscriptItem): boolean {
  return (item.kind === 'tool' && item.status === 'running') || (item.kind === 'thinking' && item.streaming);
}

/** A child agent's transcript (the task tool's child), built by child-transcripts.ts from its agent_events. */
export interface ChildTranscript {
  /** The definition's name (explore, general, a file's). */
  name: SafeText;
  depth: number;
  /** Built as far as `pending` says: read them through builtChild (child-transcripts.ts). */
  items: TranscriptItem[];
  index: Record<string, number>;
  /** The child's calls queued or running (a cut child's are ended with the parent's turn). */
  activeToolIds: string[];
  /**
   * Its events not applied yet (raw, as the core sent them), each commit's with its time: a child
   * nobody walks into costs a frame nothing; → builds it, and so does a list grown past its bound.
   */
  pending: readonly { at: number; events: readonly AgentEvent[] }[];
  pendingCount: number;
  /** The parent's turn ended then while this child was not built: its calls still open end at that time. */
  cutAt?: number;
}

export type ChildTranscripts = Readonly<Record<string, ChildTranscript>>;

