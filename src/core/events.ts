// The core's public event stream. `--output-format stream-json` prints these one per line:
// later work may add event types, never change these.
import type { AssistantMessage, ImageBlock, ImageMeta, StopReason, Usage, UserMessage } from './conversation.js';
import type { ToolDetails } from './tools/details.js';
import type { SecretRequest } from './tools/secret-request.js';
import type { SkippedFile } from './checkpoints/snapshot.js';
import type { FileChange } from './checkpoints/tree-diff.js';
import type { ApprovalDecision, ApprovalPreview, PermissionMode, RememberOffer } from './permissions/approval.js';
import type { PlanChange, PlanView } from './plan/plan-types.js';

/** awaiting_approval: the call waits for the person (approval_request); denied: it was refused and never ran. */
export type ToolStatus = 'queued' | 'awaiting_approval' | 'running' | 'done' | 'error' | 'cancelled' | 'denied';

export type TurnEndReason = 'end_turn' | 'max_iterations' | 'aborted' | 'error' | 'max_tokens';

export type AgentEvent =
  /** `images`: what the prompt attached (never the bytes), for its card. */
  | { type: 'turn_start'; prompt: string; images?: ImageMeta[] }
  /** One model request in the turn starts (iteration is 1-based). */
  | { type: 'request_start'; iteration: number }
  | { type: 'text_delta'; text: string }
  | { type: 'thinking_delta'; thinking: string }
  | { type: 'message_end'; message: AssistantMessage; stopReason: StopReason }
  | { type: 'tool_call'; id: string; name: string; input: unknown; readOnly: boolean }
  | { type: 'tool_status'; id: string; status: ToolStatus }
  | { type: 'tool_output'; id: string; details: ToolDetails }
  /**
   * Call `id` waits for the person: answer with agent.respondToApproval(id, decision). Asked one at a
   * time, in order; `waiting` more calls of this response are known to ask after it. `remember` is
   * what "don't ask again this session" / "always" would cover (absent when nothing can be remembered,
   * e.g. a protected path). `reason` says why it asks.
   */
  | {
      type: 'approval_request';
      id: string;
      tool: string;
      input: unknown;
      preview: ApprovalPreview;
      reason: string;
      remember?: RememberOffer;
      waiting: number;
    }
  /** The answer to approval_request `id`; `savedTo` names the file a "yes, always" rule went to (the person's remembered choices). */
  | { type: 'approval_response'; id: string; decision: ApprovalDecision; savedTo?: string; saveError?: string }
  | {
      type: 'tool_result';
      id: string;
      content: string;
      /** Images the model sees after the text; the session stores them, the UI never gets the bytes. */
      images?: ImageBlock[];
      isError: boolean;
      details?: ToolDetails;
      durationMs: number;
    }
  /**
   * The change ledger recorded a call that may write (emitted just before its tool_result):
   * the workspace's trees before and after it and the files it changed. `entry` (the ledger entry
   * to undo) is absent when nothing changed. Only while the ledger is on.
   */
  | {
      type: 'tool_changes';
      id: string;
      entry?: string;
      before: string;
      after: string;
      changes: FileChange[];
      /** Files left out of the record (over 10 MB, unreadable). */
      skipped?: SkippedFile[];
      /** Background jobs ran during the call: its changes may include theirs (and its undo is refused for files they wrote). */
      jobs?: number[];
    }
  /**
   * The change ledger could not record a call that may write (emitted just before its tool_result):
   * its snapshot overran the budget, or an earlier one was still running. Undo cannot undo it.
   */
  | { type: 'tool_untracked'; id: string; reason: string }
  /**
   * Files changed since the last record that no tool changed (an editor, a background process).
   * `paused`: recorded once tracking resumed, so calls that were not tracked may have made them.
   */
  | { type: 'outside_changes'; entry: string; changes: FileChange[]; paused?: string; jobs?: number[] }
  /** The ledger's mark for this turn's prompt (1-based within the session): what a rewind goes back to. */
  | { type: 'turn_checkpoint'; prompt: number; entry: string }
  /**
   * A request is tried again after `delayMs`. With `discardPartial`, the response that was
   * streaming failed after content had started (cut, stalled, overloaded, unreadable): everything
   * streamed since the last `request_start` (text, thinking, tool calls, whose cards get a
   * cancelled result) is dropped from the conversation and will not be sent back; a UI keeps it
   * dimmed, marked "interrupted — retried". A new `request_start` with the same iteration follows
   * when the wait is over.
   */
  | { type: 'retry'; attempt: number; delayMs: number; status?: number; reason: string; discardPartial?: true }
  /** usage: this request's; turn/session: running totals. */
  | { type: 'usage'; usage: Usage; turn: Usage; session: Usage }
  /**
   * The conversation is being summarised (/compact, or before a request that would pass 85 % of
   * the window). `tokens`: the context's size before. Ends with `compaction` or an `error`.
   */
  | { type: 'compaction_start'; reason: CompactionReason; tokens: number }
  /**
   * The history before the last `keptMessages` messages was replaced by `message` (the summary,
   * with pinned tool results verbatim). Rebuilding the conversation from records:
   * messages = [message, ...messages.slice(-keptMessages)] (all of them when keptMessages covers
   * them). The earlier history stays in the session file and on screen.
   */
  | {
      type: 'compaction';
      reason: CompactionReason;
      message: UserMessage;
      keptMessages: number;
      tokensBefore: number;
      /** Estimated size right after (the next request's usage has the exact figure). */
      tokensAfter: number;
      usage: Usage;
    }
  /**
   * Before summarising, the unpinned images before the last `keptMessages` messages were replaced
   * by lines naming them (context/drop-images.ts); a resumed session applies the same function.
   */
  | { type: 'images_dropped'; images: { name: string; width: number; height: number }[]; keptMessages: number; tokensBefore: number; tokensAfter: number }
  /**
   * A person's change to what the model sees of one tool call's result (history mode): dropped,
   * shrunk to head and tail, pinned (kept verbatim across compaction), or `null` back to the
   * result as it was. Applies from the next request on; the conversation keeps the original.
   */
  | { type: 'context_edit'; id: string; edit: ContextEdit | null; tokensBefore: number; tokensAfter: number }
  | { type: 'error'; message: string; retryable: boolean }
  | { type: 'notice'; message: string }
  /**
   * A program of running call `id` asks for a secret (or a yes/no) through the askpass bridge:
   * answer with the door's answerSecret(request, answer). The answer never comes back as an event.
   */
  | ({ type: 'secret_request'; id: string; request: string } & SecretRequest)
  /** Secret request `request` was answered, refused or withdrawn (its program or command ended). */
  | { type: 'secret_request_end'; id: string; request: string }
  /** The permission mode changed (Shift+Tab, a resumed session's mode); it applies from the next call checked. */
  | { type: 'permission_mode'; mode: PermissionMode }
  /**
   * A hook (Claude Code's format) ran for call `id` (PreToolUse before it, PostToolUse after):
   * a row under its card. `output` is stderr then stdout, cut to a few hundred characters.
   */
  /** A hook for call `id` started: a "running" row under its card until its hook_run. */
  | { type: 'hook_start'; id: string; event: string; command: string }
  | { type: 'hook_run'; id: string; event: string; command: string; exitCode: number | null; timedOut: boolean; durationMs: number; output: string }
  /** The full output log of call `id` was deleted to keep the session's logs under their cap (sessions). */
  | { type: 'log_dropped'; id: string; logPath: string }
  | { type: 'turn_end'; reason: TurnEndReason }
  /**
   * The plan (core/plan) changed: update_plan set it, a prompt after it was completed reset it
   * (`reset`, no steps), or its step in progress went 5 model requests without a tool call (`stalled`).
   * Conversation state, not transcript: the latest one is the plan.
   */
  | { type: 'plan_update'; plan: PlanView; change: PlanChange }
  /** exit_plan_mode's card for call `id` waits for the person: answer through the door's answerPlan. */
  | { type: 'plan_review'; id: string; plan: string }
  /**
   * An event of a child agent (the task tool, core/agents): `agent.id` is the id of the task call
   * that runs it, `depth` 1 for the parent's children, 2 for theirs (whose events arrive wrapped
   * twice). The child's approval_request ids are answered through the parent's respondToApproval.
   */
  | { type: 'agent_event'; agent: AgentRef; event: AgentEvent };

/** Names a child agent: the task call running it, its definition's name, its depth. */
export interface AgentRef {
  id: string;
  name: string;
  depth: number;
  /** The model the child runs on: its tokens are priced at it, not at the parent's. */
  model?: string;
}

export type CompactionReason = 'manual' | 'auto';
export type ContextEdit = 'drop' | 'shrink' | 'pin';

