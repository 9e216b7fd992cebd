// The one way into the core for a front end (the TUI, -p, tests, later ACP): a typed union of
// requests sent with `door.send(request)`, in the shape of codex's Op. What a request sets going
// (a turn, a compaction, a context edit) is answered by the event stream (`door.subscribe`);
// what only asks (a preview, a list) gets its answer back from `send`.
import type { ImageBlock, ImageMeta } from '../conversation.js';
import type { AgentEvent, ContextEdit } from '../events.js';
import type { ApprovalDecision, PermissionMode } from '../permissions/approval.js';
import type { ContextBreakdown } from '../context/context-breakdown.js';
import type { ToolCallCost } from '../context/conversation-context.js';
import type { RevertPlan } from '../checkpoints/revert-plan.js';
import type { RevertOutcome } from '../checkpoints/change-ledger.js';
import type { PromptSummary, SessionDiff } from '../checkpoints/ledger-views.js';
import type { SessionScope, SessionSummary } from '../sessions/session-catalog.js';
import type { SessionReady, SessionStart, SessionView } from '../sessions/session-port.js';
import type { McpEvent } from '../mcp/mcp-servers.js';
import type { MemoryLineTarget } from '../memory/memory-lines.js';
import type { MemoryFile } from '../memory/project-memory.js';
import type { IgnoredSetting } from '../config/tighten.js';
import type { CustomCommand } from '../commands/custom-commands.js';
import type { ElicitAnswer } from '../mcp/elicitation.js';
import type { BackgroundRefusal, JobEvent, JobInfo } from '../jobs/job-types.js';
import type { NotifySettings, RunFacts, ThinkingSwitch } from '../startup-info.js';
import type { AgentListing, HookListing, PermissionListing, SkillListing } from '../setup/setup-lists.js';
import type { PlanAnswer } from '../plan/plan-types.js';

export type AgentRequest =
  /** A prompt: starts a turn (after the previous one has wound down). */
  /** `images` go after the prompt's text (-p --image, @shot.png). */
  | { type: 'submit'; prompt: string; images?: ImageBlock[] }
  /**
   * Stops the running turn or compaction; answers false when nothing runs. Its last events (the
   * cancelled calls, turn_end) still come, then its run_end.
   */
  | { type: 'interrupt' }
  /** Forgets the conversation (/clear), stopping what runs. */
  | { type: 'clear' }
  | { type: 'respondToApproval'; id: string; decision: ApprovalDecision }
  /** The person's answer to exit_plan_mode's card (plan_review `id`); false when it no longer waits. */
  | ({ type: 'answerPlan'; id: string } & PlanAnswer)
  /** A secret_request's answer (its `request` id; null: Esc or "no"): goes to the asking program only. */
  | { type: 'answerSecret'; request: string; answer: string | null }
  /** Keys typed into a running command's pty; answers false when it no longer runs. */
  | { type: 'writeToCommand'; id: string; data: string }
  /** The pane size (cols × rows of the pty) for new commands and the running ones. */
  | { type: 'resize'; cols: number; rows: number; running: readonly string[] }
  | { type: 'setMode'; mode: PermissionMode }
  /** `!command`: runs what the person typed as a run of its own; answers false while a run is going or when the agent cannot. */
  | { type: 'shell'; command: string }
  /** /compact: answers false while a run is going (or when the agent cannot compact). */
  | { type: 'compact'; instructions?: string }
  /** One call's result dropped, shrunk, pinned, or (null) restored: answered by a context_edit event; false when the conversation no longer holds it. */
  | { type: 'editContext'; id: string; edit: ContextEdit | null }
  /** What each of these tool calls costs in the context now, and the window the meter measures. */
  | { type: 'contextCosts'; ids: readonly string[] }
  | { type: 'contextBreakdown' }
  | { type: 'planUndo'; entry: string }
  | { type: 'undo'; entry: string; overwriteConflicts: boolean }
  /** By the prompt's ledger entry (turn_checkpoint's `entry`). */
  | { type: 'planRewind'; entry: string }
  /** Files back to just before the prompt, the conversation cut there (going on in a new session file when recorded). */
  | { type: 'rewind'; entry: string; ordinal: number; overwriteConflicts: boolean }
  | { type: 'sessionDiff' }
  | { type: 'ledgerPrompts' }
  | { type: 'entryDiff'; entry: string }
  | { type: 'listSessions'; scope: SessionScope }
  | { type: 'resumeSession'; id: string }
  | { type: 'promptHistory' }
  | { type: 'listModels'; refresh?: boolean }
  /** Takes effect at the next request; answers the header's new model label. */
  | { type: 'switchModel'; model: string }
  /** Alt+T: thinking off, or on at the `thinking` budget, from the next request. */
  | { type: 'toggleThinking' }
  /** A pasted path or the clipboard's file: what the image is (format, size), or null when it is none the model can take. */
  | { type: 'imageMeta'; file: string }
  /** /export: writes `text` to `file` (relative: in the workspace); answers the path written. */
  | { type: 'writeExport'; file: string; text: string }
  | { type: 'reconnectMcp'; name: string }
  | { type: 'disableMcp'; name: string }
  /** /mcp's l: an OAuth login; the URL comes as the servers' mcp_login event, the answer when it ends. */
  | { type: 'loginMcp'; name: string }
  /** The address the browser landed on, pasted into /mcp while a login waits. */
  | { type: 'pasteMcpLogin'; name: string; url: string }
  | { type: 'cancelMcpLogin'; name: string }
  /** The person's answer to a server's elicitation form (mcp_elicit event). */
  | { type: 'answerElicitation'; id: number; answer: ElicitAnswer }
  /** /skills: the skills found, their origin, size and whether the conversation holds them started. */
  | { type: 'listSkills' }
  /** /hooks: each hook, its file and last run. */
  | { type: 'listHooks' }
  /** /agents: the child agent definitions the task tool offers, with their origin. */
  | { type: 'listAgents' }
  /** /hooks off|on <n>: turns hook `number` off (or on) for the session; answers false when there is none. */
  | { type: 'setHookOff'; number: number; off: boolean }
  /** /permissions: the rules in force, each with where it comes from. */
  | { type: 'listPermissions' }
  /** /permissions remove <n>: answers what to tell the person. */
  | { type: 'removePermission'; number: number }
  /** The trust question's answer (true: trust and remember the workspace). */
  | { type: 'answerTrust'; trust: boolean }
  /** A `#` line for a memory file: answers what to tell the person. */
  | { type: 'rememberLine'; target: MemoryLineTarget; line: string }
  /** /init wrote the memory file: it is read again, for the next request and the header. */
  | { type: 'reloadMemory' }
  /** The model answering now (prices for /cost). */
  | { type: 'modelName' }
  /** The model /model starts from; null when there is no other model to pick (the demo, scripted models). */
  | { type: 'currentModel' }
  /** What this door can do now; parts that start later say so with a `ready` event. */
  | { type: 'capabilities' }
  /** Resolves when no run is going or still winding down. */
  | { type: 'whenIdle' }
  /** Ctrl+B: running call `id` (else the newest running command) becomes a background job. */
  | { type: 'background'; id?: string }
  /** /jobs: this session's background jobs, running and ended. */
  | { type: 'listJobs' }
  /** Keys typed into a running job's pty (the job view's Ctrl+T); false when it no longer runs. */
  | { type: 'writeToJob'; id: number; data: string }
  /** The job view's x: kills the job and everything it started. */
  | { type: 'killJob'; id: number };

export type RequestType = AgentRequest['type'];

/** What a rewind would do to the files; `onlyFiles` when the conversation cannot go back (its session records do not reach the prompt). */
export type RewindPlan = RevertPlan & { onlyFiles?: true };

/** A rewind's outcome: the ledger's, and where the conversation goes on. */
export interface RewindOutcome extends RevertOutcome {
  prompt?: string;
  sessionId?: string;
  forkedFrom?: string;
  notice?: string;
}

/** What the door can answer now. */
export interface DoorCapabilities {
  ledger: boolean;
  sessions: boolean;
  mcp: boolean;
  currentSession?: string;
}

/** What `send` gives back for each request (void: the event stream answers, if anything). */
export interface Answers {
  submit: void;
  interrupt: boolean;
  clear: void;
  respondToApproval: boolean;
  answerPlan: boolean;
  answerSecret: boolean;
  writeToCommand: boolean;
  resize: void;
  setMode: void;
  compact: boolean;
  shell: boolean;
  editContext: boolean;
  contextCosts: { window: number | null | undefined; costs: Record<string, ToolCallCost | undefined> };
  contextBreakdown: ContextBreakdown | null;
  planUndo: Promise<RevertPlan>;
  undo: Promise<RevertOutcome>;
  planRewind: Promise<RewindPlan>;
  rewind: Promise<RewindOutcome>;
  sessionDiff: Promise<SessionDiff>;
  ledgerPrompts: Promise<PromptSummary[]>;
  entryDiff: Promise<string>;
  listSessions: Promise<SessionSummary[]>;
  resumeSession: Promise<SessionView>;
  promptHistory: Promise<string[]>;
  listModels: Promise<Array<{ id: string; contextWindow: number | null }>>;
  switchModel: Promise<string>;
  toggleThinking: ThinkingSwitch;
  imageMeta: ImageMeta | null;
  writeExport: Promise<string>;
  reconnectMcp: Promise<boolean>;
  disableMcp: Promise<boolean>;
  loginMcp: Promise<{ ok: true; file: string } | { ok: false; reason: string }>;
  pasteMcpLogin: boolean;
  cancelMcpLogin: boolean;
  answerElicitation: boolean;
  listSkills: Promise<SkillListing[]>;
  listHooks: Promise<HookListing[]>;
  listAgents: Promise<AgentListing[]>;
  setHookOff: Promise<boolean>;
  listPermissions: Promise<PermissionListing[]>;
  removePermission: Promise<string>;
  answerTrust: void;
  rememberLine: Promise<string>;
  reloadMemory: Promise<void>;
  modelName: string;
  currentModel: string | null;
  capabilities: DoorCapabilities;
  whenIdle: Promise<void>;
  background: { ok: true; id: number } | BackgroundRefusal;
  listJobs: JobInfo[];
  writeToJob: boolean;
  killJob: Promise<boolean>;
}

export type AnswerTo<R extends AgentRequest> = Answers[R['type']];

/** What the interactive start learns after the first frame, each part as it is ready. */
export type StartupPart =
  /** Asked only when there is something to ask (an untrusted workspace that sets what it may not). */
  | { kind: 'trust'; workspaceRoot: string; wouldSet: IgnoredSetting[] }
  | { kind: 'notices'; lines: string[] }
  | { kind: 'memory'; memory: MemoryFile[]; targets: MemoryLineTarget[] }
  | { kind: 'commands'; commands: CustomCommand[]; notices: string[] }
  /** The header's model label once the settings are checked. */
  | { kind: 'modelLabel'; label: string }
  /** notifications.bell once the settings files are read. */
  | { kind: 'bell'; on: boolean }
  /** "sandboxed", "not sandboxed (off)", … once the start-up probe answered. */
  | { kind: 'sandbox'; label: string }
  /** notifications.desktop and afterMs once the settings files are read. */
  | { kind: 'notify'; settings: NotifySettings }
  /** /status's provider, trust and sessions folder. */
  | { kind: 'facts'; facts: RunFacts }
  /** How the session starts: fresh (perhaps with a notice), resumed (its view), or the picker first. */
  | { kind: 'session'; start: SessionStart }
  /** The agent took the resumed session up: the mode it goes on in, and why. */
  | { kind: 'sessionReady'; ready: SessionReady }
  /** The workspace's prompt history, oldest first. */
  | { kind: 'promptHistory'; lines: string[] };

/** Besides the agent's own events: a run (turn or compaction) settled, a part that starts later is ready. */
export type DoorEvent =
  | AgentEvent
  /** A background job started, showed output, ended (they outlive turns). */
  | JobEvent
  /** `shell`: a `!command` (no turn: nothing of it is a turn_end). */
  | { type: 'run_end'; run: 'turn' | 'compaction' | 'shell'; interrupted: boolean }
  | { type: 'ready'; part: 'models' | 'mcp' }
  | { type: 'startup'; part: StartupPart }
  /** The MCP servers' list once they load, then each change (states, logins, forms). */
  | { type: 'mcp'; event: McpEvent };

/** A front end's one handle on the core. */
export interface AgentDoor {
  send<R extends AgentRequest>(request: R): AnswerTo<R>;
  /** Every event, in order, as it arrives; returns the unsubscribe. Listeners must not throw. */
  subscribe(listener: (event: DoorEvent) => void): () => void;
}
