// The one object the UI, headless mode and tests drive: prompt in, typed events out.
import type { SecretRequests } from './secret-requests.js';
import type { ImageBlock, Message, Usage } from './conversation.js';
import type { AgentEvent } from './events.js';
import type { Provider } from './providers/provider.js';
import type { StreamRetryOptions } from './response-stream.js';
import type { AnyTool } from './tools/tool.js';
import type { ChangeLedger } from './checkpoints/change-ledger.js';
import type { ParentLedger } from './checkpoints/call-recording.js';
import type { ApprovalDecision, PermissionMode } from './permissions/approval.js';
import type { PermissionGate } from './permissions/gate.js';
import type { SessionHooks } from './hooks/session-hooks.js';
import type { DisposeReason, SubagentHookRole } from './hooks/turn-hooks.js';
import type { CommandSandbox } from './shell/command-sandbox.js';
import type { ContextBreakdown, ContextPart } from './context/context-breakdown.js';
import type { ToolCallCost } from './context/conversation-context.js';
import type { ContextEdit } from './events.js';
import type { ConversationRecorder } from './sessions/recorder.js';
import type { RestoredSession } from './sessions/session-restore.js';
import type { JobControl } from './jobs/job-types.js';
import type { PlanKeeper } from './plan/plan-keeper.js';

export interface AgentConfig {
  provider: Provider;
  model: string;
  workspaceRoot: string;
  tools: AnyTool[];
  maxTokens: number;
  /** Extended thinking budget (tokens); undefined = off. */
  thinkingBudget?: number;
  /** Model requests per turn before the turn ends with max_iterations. Default 50. */
  maxIterations?: number;
  /** Background jobs running at once at most (setting jobs.max). Default 8. */
  maxJobs?: number;
  /** How long bash background: true waits for a job's first lines (setting jobs.firstLinesMs). Default 1000. */
  jobFirstLinesMs?: number;
  /** Replaces the default system prompt. */
  systemPrompt?: string;
  /** Env var names whose values tools must never see (API keys). */
  secretEnvNames?: string[];
  /** Secret values (API keys) redacted from every tool result and live output. */
  secretValues?: string[];
  /** Where bash commands run (bubblewrap); absent: unsandboxed. */
  sandbox?: CommandSandbox;
  /** A command's timeout when the call gives none (setting bashTimeoutMs; at most 600000). */
  bashTimeoutMs?: number;
  /** Whether a person can answer a command's password prompts (the TUI; never -p). */
  askSecrets?: boolean;
  /** The secret questions waiting; a child agent shares its parent's, so the parent's answerSecret answers its commands. */
  secretRequests?: SecretRequests;
  /** Setting bash.sudoAskpass: `sudo` in unsandboxed commands asks through the bridge (sudo -A). */
  sudoAskpass?: boolean;
  /** Where session files (bash logs) go; default: a fresh dir under the OS temp dir. */
  sessionDir?: string;
  /** Default terminal size for bash panes. */
  paneSize?: { cols: number; rows: number };
  /** Retrying a response cut after its content started (defaults: 3 retries, 1 s doubling to 16 s). */
  streamRetry?: Partial<StreamRetryOptions>;
  /** Records what every call that may write changed (core/checkpoints); off when absent. */
  ledger?: ChangeLedger;
  /** A child agent (the task tool): its calls are recorded in its parent's ledger, inside the task call. */
  parentLedger?: ParentLedger;
  /** Tools that come and go (MCP servers'), asked for before every model request; after `tools`. */
  extraTools?: () => readonly AnyTool[];
  /** Overrides the model catalog's context window (setting contextWindow); tests use a small one. */
  contextWindow?: number;
  /** Summarise before a request that would pass 85 % of a known window. Default true. */
  autoCompact?: boolean;
  /** Setting images.maxLongEdge: images past it are downscaled; unset means the model catalog's figure. */
  imageMaxLongEdge?: number;
  /** Parts of the system prompt /context names on their own (memory files). */
  contextParts?: readonly ContextPart[];
  /** Sees every event the agent emits, in a turn or not (compaction, context edits): a session recorder. */
  onEvent?: (event: AgentEvent) => void;
  /**
   * Writes the session file (core/sessions); its logs folder becomes the tools' session dir
   * (`sessionDir` is then ignored) and is kept on dispose. Off when absent.
   */
  recorder?: ConversationRecorder;
  /** Decides every tool call before it runs (core/permissions); without one, every call runs unasked. */
  permissions?: PermissionGate;
  /** Hooks in Claude Code's format (core/hooks): PreToolUse and PostToolUse around every call. */
  hooks?: SessionHooks;
  /** A child agent (core/agents): its hooks are SubagentStart and SubagentStop, not the session's and Stop. */
  subagent?: SubagentHookRole;
  /** The plan (core/plan): update_plan's list and exit_plan_mode's cards; children have none. */
  plan?: PlanKeeper;
}

export interface Agent {
  /** `images` go after the prompt's text (-p --image, @shot.png). */
  run(prompt: string, opts?: { signal?: AbortSignal; images?: ImageBlock[] }): AsyncIterable<AgentEvent>;
  readonly messages: readonly Message[];
  readonly usage: Usage;
  /** Sends keystrokes to a running tool (bash pty). False when no such tool is running. */
  writeToTool(id: string, data: string): boolean;
  resizeTool(id: string, cols: number, rows: number): boolean;
  /** Size new bash panes start with. */
  setPaneSize(cols: number, rows: number): void;
  /** `!command`: runs what the person typed (core/person-shell.ts); its output goes with the next prompt. */
  runShell?(command: string, opts?: { signal?: AbortSignal }): AsyncIterable<AgentEvent>;
  /** Forgets the conversation (/clear), killing its background jobs. */
  clear(): void;
  /** The background jobs (core/jobs): Ctrl+B, /jobs, the job view. dispose() kills those still running. */
  readonly jobs: JobControl;
  /** The plan and exit_plan_mode's waiting cards (answerPlan); absent for a child agent. */
  readonly plan: PlanKeeper | undefined;
  /** The change ledger (undo, rewind, diffs), when there is one. */
  readonly ledger: ChangeLedger | undefined;
  /**
   * Cuts the conversation to just before turn `n` (1-based, as turn_checkpoint numbers it) and
   * returns that turn's prompt, for editing. Undefined when that turn is not in this conversation.
   * Not while a turn runs.
   */
  rewindConversation(n: number): { prompt: string } | undefined;
  /**
   * The same cut, going on in a new session file that starts with a `forked_from` record and the
   * records before turn `n` (the old file stays as it was): `sessionId` is the new session, which
   * the ledger's chain forks to as well. Without a recorder, or when the new file could not be
   * written (`notice` says why), the conversation is cut and recording goes on as before.
   * Undefined when that turn is not in this conversation. Not while a turn runs.
   */
  forkConversation(n: number): { prompt: string; sessionId?: string; forkedFrom?: string; notice?: string } | undefined;
  /**
   * Whether forkConversation(n) can take the conversation back: turn `n` is in memory, or (after a
   * compaction summarised it) in the session's records. False: only the files can go back.
   */
  canRewindConversation(n: number): boolean;
  /**
   * Summarises the conversation before the last two turns (/compact): compaction_start, then
   * compaction or an error (nothing changed then). Not while a turn runs.
   */
  compact(instructions?: string, opts?: { signal?: AbortSignal }): AsyncIterable<AgentEvent>;
  /**
   * Drops, shrinks or pins one tool call's result for the requests from now on, or with null
   * restores it. Returns the context_edit event (also given to onEvent); undefined for a call the
   * conversation does not hold.
   */
  setContextEdit(id: string, edit: ContextEdit | null): Extract<AgentEvent, { type: 'context_edit' }> | undefined;
  /** What a tool call costs in the context now; undefined when the conversation does not hold it. */
  toolCallCost(id: string): ToolCallCost | undefined;
  /** The window the meter and auto-compaction use: the contextWindow setting, else the catalog's; null when unknown. */
  readonly contextWindow: number | null | undefined;
  /** /context: where the window goes. */
  contextBreakdown(): ContextBreakdown;
  /** The session being recorded, when there is a recorder. */
  readonly sessionId: string | undefined;
  /**
   * Goes on with a session read from disk: its conversation, turn marks and usage replace the
   * current ones, and later records are appended to its file. Not while a turn runs.
   */
  resume(session: RestoredSession): void;
  /**
   * Answers an approval_request. False when no call `id` is waiting (already answered, interrupted).
   */
  respondToApproval(id: string, decision: ApprovalDecision): boolean;
  /** Answers secret_request `id` (null: refused); false when it no longer waits. The answer is never recorded. */
  answerSecret(id: string, answer: string | null): boolean;
  /** The permission mode now; undefined without a permission gate. */
  readonly permissionMode: PermissionMode | undefined;
  /** Changes the mode (Shift+Tab); takes effect for the next call checked. */
  setPermissionMode(mode: PermissionMode): void;
  /**
   * Loads what the first tool call would wait for (the command check's grammar, node-pty and the
   * emulator, the ledger's git probe), so it starts as fast as later ones. For an idle moment: the
   * TUI calls it after its first frame. Once per agent (later calls share the first); a turn that
   * starts meanwhile shares the loads in flight. Writes nothing and leaves nothing running; never
   * rejects.
   */
  warmUp(): Promise<void>;
  /**
   * Ends the session: a recorded session is synced to disk and kept; temporary files are removed.
   * `reason` is SessionEnd's: "prompt_input_exit" when the person left from the prompt, else "other".
   */
  dispose(reason?: DisposeReason): Promise<void>;
}

/**
 * Switching what answers, for /model: takes effect at the next model request (within a running
 * turn too); the conversation stays, and each provider converts it to its own shape.
 */
/** The session's agent takes its memory again (/init, a `#` line): the system prompt from the next request on. */
export interface SystemPromptReload {
  setSystemPrompt(system: string, memory: readonly ContextPart[]): void;
}

export interface ModelSwitching {
  /** `thinking`: the budget (undefined: off) and the max_tokens that goes with it (Alt+T); absent keeps them. */
  useModel(choice: { model: string; provider?: Provider; thinking?: { thinkingBudget: number | undefined; maxTokens: number } }): void;
  readonly model: string;
  readonly provider: Provider;
}

