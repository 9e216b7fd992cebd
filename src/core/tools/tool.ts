// A tool is a plain object. Adding one is adding a file and one registration.
import type { ImageBlock } from '../conversation.js';
import type { JsonSchemaObject } from '../providers/provider.js';
import type { Redact } from '../redact.js';
import type { CommandSandbox } from '../shell/command-sandbox.js';
import type { SecretRequest } from './secret-request.js';
import type { ToolDetails } from './details.js';
import type { JobTable } from '../jobs/job-table.js';
import type { AgentEvent } from '../events.js';

export interface ToolResult {
  /** What the model reads. */
  content: string;
  /** Images the model sees after the text (absent when none). */
  images?: ImageBlock[];
  isError: boolean;
  /** Structured data for the UI. */
  details?: ToolDetails;
  /** The turn ends once this response's calls are done (exit_plan_mode in -p, a plan kept without a word). */
  endsTurn?: true;
}

/** What flows from the UI to a running tool (keystrokes, pane size). */
export interface ToolInputChannel {
  write(data: string): void;
  resize(cols: number, rows: number): void;
}

/** Per-session state shared by tools, e.g. which files were read and when. */
export interface SessionState {
  /** realpath → {mtimeMs, size} at the time the file was last read or written by a tool. */
  readFiles: Map<string, { mtimeMs: number; size: number }>;
  /** Directory for this session's files (bash logs). Created on demand. */
  sessionDir: string;
  /** Environment variable names whose values must never reach a tool (API keys). */
  secretEnvNames: Set<string>;
  /** Removes secret values (in every encoding) from text written to disk, such as bash logs. */
  redact?: Redact;
  /** Where bash commands run; absent means unsandboxed (as with `sandbox.mode: "off"`). */
  sandbox?: CommandSandbox;
  /** A command's timeout when the call gives none (setting bashTimeoutMs); absent: bash's own default. */
  bashTimeoutMs?: number;
  /** Setting bash.sudoAskpass: unsandboxed commands get `sudo` as `sudo -A` through the bridge. */
  sudoAskpass?: boolean;
  /** The session's background jobs (core/jobs); absent: bash cannot background a command. */
  jobs?: JobTable;
}

export type { SecretRequest } from './secret-request.js';

export interface ToolContext {
  workspaceRoot: string;
  signal: AbortSignal;
  toolCallId: string;
  session: SessionState;
  /** Live output for the UI (throttled by the tool). */
  reportOutput(details: ToolDetails): void;
  /** A running tool that accepts keystrokes registers here; the returned function unregisters. */
  attachInput(channel: ToolInputChannel): () => void;
  /** Current pane size for terminal tools (the UI sets it; headless has a default). */
  paneSize(): { cols: number; rows: number };
  /**
   * Asks the person for a secret a command's program wants; absent when nobody can answer (-p).
   * Resolves to the answer, or null (Esc, "no", withdrawn when `signal` aborts).
   */
  askSecret?(request: SecretRequest, signal: AbortSignal): Promise<string | null>;
  /** Publishes a child agent's event, wrapped, in the turn's stream (the task tool); absent outside a turn. */
  publishAgentEvent?(event: Extract<AgentEvent, { type: 'agent_event' }>): void;
  /** Publishes an event of the agent's own in the turn's stream (the plan tools); absent outside a turn. */
  publishEvent?(event: AgentEvent): void;
}

/** Why a tool's warm-up runs: an idle moment, or a call of the tool beginning to stream in (see Tool.warmUp). */
export type WarmUpReason = 'idle' | 'call';

export interface Tool<Input = Record<string, unknown>> {
  name: string;
  description: string;
  /** Read-only tools may run concurrently with each other. */
  readOnly: boolean;
  /** Per-call override: e.g. bash is read-only only when its command is proven so. */
  isReadOnlyCall?(input: Input): boolean;
  inputSchema: JsonSchemaObject;
  /** Its successful results are pinned when they arrive (kept verbatim across compaction): a started skill. */
  pinsResult?: boolean;
  /** The tool pages its own output (read_file), so the shared head+tail truncation must not cut it. */
  pagesOwnOutput?: boolean;
  /**
   * What execute would do, changing nothing (the approval prompt shows it): an error result when the
   * call would be refused anyway, else details of kind 'edit' with the exact diff. Must not throw.
   */
  preview?(input: Input, ctx: ToolContext): Promise<ToolResult>;
  /** Input has already been validated against inputSchema. Must not throw: errors are results. */
  execute(input: Input, ctx: ToolContext): Promise<ToolResult>;
  /**
   * Loads what the tool's first call would load (modules, a native addon, cold code), so that call
   * starts as fast as later ones; the TUI calls it once it is idle after the first frame ('idle'),
   * and a call of the tool calls it as its input begins to stream in ('call': the call runs in a
   * moment, so only what it would wait for — running its code ahead would be paid twice). Writes
   * nothing, starts no process and leaves nothing running. A call that comes first loads the same
   * modules itself and shares the load in flight. Must not reject.
   */
  warmUp?(reason?: WarmUpReason): Promise<void>;
}

// Registries hold tools of differing input types; the schema check makes the cast safe.
export type AnyTool = Tool<any>;
