// The session's hooks: which run for an event (matchers tested against Claude Code's tool names
// through the name map), the stdin JSON with Claude Code's fields, the runs remembered for /hooks,
// and a hook turned off for the session. A hook's updatedInput comes back in inkling's shape.
import { claudeToolName, fromClaudeInput, toClaudeInput } from '../compat/claude-names.js';
import { combineOutcomes, outcomeOf, type HookOutcome } from './hook-outcome.js';
import { matcherMatches, type CommandHook, type HookEvent } from './hook-settings.js';
import { runHookProcess } from './run-hook.js';

/** Claude Code's default: 600 s (hooks.defaultTimeoutMs). */
export const DEFAULT_HOOK_TIMEOUT_MS = 600_000;

export interface HookRun {
  hook: CommandHook;
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  stdout: string;
  stderr: string;
  /** An updatedInput that was refused (a field the tool does not have). */
  refused?: string;
  at: Date;
}

export interface SessionHooksOptions {
  hooks: readonly CommandHook[];
  workspaceRoot: string;
  sessionId: string;
  /** inkling's session file (not Claude Code's transcript format). */
  transcriptPath: string;
  permissionMode: () => string;
  /** The model answering now (SessionStart's `model`). */
  model?: () => string;
  defaultTimeoutMs?: number;
  /**
   * How a workspace's hooks run (they came with the repository): under this wrapper (the session's
   * sandbox; absent when commands run unsandboxed) and without these variables. The person's own
   * hooks run as they are.
   */
  workspace?: { wrapper?: () => Promise<{ file: string; args: string[] } | undefined> | { file: string; args: string[] } | undefined; unsetEnv?: readonly string[] };
  /** Each finished run, for rows under the card it concerns. */
  onRun?: (run: HookRun, toolUseId?: string) => void;
}

/**
 * The child agent a hook fires inside (Claude Code's agent_id and agent_type, which its docs put
 * in every event's input from within a subagent and leave out on the main thread).
 */
export interface HookAgent {
  agentId: string;
  agentType: string;
  /** The child's permission mode (its definition may set one), else the session's. */
  permissionMode?: () => string;
}

export interface ToolHookResult extends HookOutcome {
  runs: HookRun[];
  /** updatedInput mapped back to inkling's fields (absent when none, or when it was refused). */
  input?: Record<string, unknown>;
}

export class SessionHooks {
  private readonly off: Set<CommandHook>;
  private readonly last: Map<CommandHook, HookRun>;

  constructor(
    private readonly opts: SessionHooksOptions,
    private readonly agent?: HookAgent,
    shared?: { off: Set<CommandHook>; last: Map<CommandHook, HookRun> },
  ) {
    this.off = shared?.off ?? new Set();
    this.last = shared?.last ?? new Map();
  }

  /** The same hooks as they fire inside a child agent: its id and type in every input; /hooks's state shared. */
  forAgent(agent: HookAgent): SessionHooks {
    return new SessionHooks(this.opts, agent, { off: this.off, last: this.last });
  }

  get all(): readonly CommandHook[] {
    return this.opts.hooks;
  }

  get model(): string | undefined {
    return this.opts.model?.();
  }

  lastRun(hook: CommandHook): HookRun | undefined {
    return this.last.get(hook);
  }

  isOff(hook: CommandHook): boolean {
    return this.off.has(hook);
  }

  /** Turns a hook off (or on again) for the rest of the session. */
  setOff(hook: CommandHook, off: boolean): void {
    if (off) this.off.add(hook);
    else this.off.delete(hook);
  }

  has(event: HookEvent): boolean {
    return this.opts.hooks.some((h) => h.event === event && !this.off.has(h));
  }

  /** Runs every matching hook of `event` at the same time; `fields` go beside the common ones. */
  async run(
    event: HookEvent,
    fields: Record<string, unknown>,
    opts: { match?: string; signal?: AbortSignal; toolUseId?: string; onStart?: (hook: CommandHook) => void; /** No hook runs longer (SessionEnd's budget). */ capMs?: number } = {},
  ): Promise<HookOutcome & { runs: HookRun[] }> {
    const chosen = this.opts.hooks.filter((h) => h.event === event && !this.off.has(h) && (opts.match === undefined || matcherMatches(h.matcher, opts.match)));
    for (const hook of chosen) opts.onStart?.(hook);
    const input = {
      session_id: this.opts.sessionId,
      transcript_path: this.opts.transcriptPath,
      cwd: this.opts.workspaceRoot,
      permission_mode: (this.agent?.permissionMode ?? this.opts.permissionMode)(),
      hook_event_name: event,
      ...(this.agent ? { agent_id: this.agent.agentId, agent_type: this.agent.agentType } : {}),
      ...fields,
    };
    const runs = await Promise.all(
      chosen.map(async (hook) => {
        const result = await runHookProcess({
          command: hook.command,
          input,
          workspaceRoot: this.opts.workspaceRoot,
          timeoutMs: Math.min(hook.timeoutSec ? hook.timeoutSec * 1000 : (this.opts.defaultTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS), opts.capMs ?? Infinity),
          ...(opts.signal ? { signal: opts.signal } : {}),
          ...(hook.origin === 'workspace' ? await this.workspaceRun() : {}),
        });
        const run: HookRun = { hook, ...result, at: new Date() };
        return { run, outcome: outcomeOf(event, result, hook.command) };
      }),
    );
    for (const { run } of runs) {
      this.last.set(run.hook, run);
      this.opts.onRun?.(run, opts.toolUseId);
    }
    return { ...combineOutcomes(runs.map((r) => r.outcome)), runs: runs.map((r) => r.run) };
  }

  private async workspaceRun(): Promise<{ wrapper?: { file: string; args: string[] }; unsetEnv?: readonly string[] }> {
    const how = this.opts.workspace;
    const wrapper = await how?.wrapper?.();
    return { ...(wrapper ? { wrapper } : {}), ...(how?.unsetEnv ? { unsetEnv: how.unsetEnv } : {}) };
  }

  /** PreToolUse, PermissionRequest, PostToolUse(Failure) for one call: tool_name and tool_input in Claude Code's shape. */
  async tool(
    event: 'PreToolUse' | 'PostToolUse' | 'PostToolUseFailure' | 'PermissionRequest',
    call: { id: string; name: string; input: Record<string, unknown>; knownFields: readonly string[] },
    extra: Record<string, unknown> = {},
    signal?: AbortSignal,
    onStart?: (hook: CommandHook) => void,
  ): Promise<ToolHookResult> {
    const toolName = claudeToolName(call.name);
    // Claude Code's PermissionRequest input has no tool_use_id (the dialog is about the call, not its id).
    const id = event === 'PermissionRequest' ? {} : { tool_use_id: call.id };
    const fields = { tool_name: toolName, tool_input: toClaudeInput(call.name, call.input, this.opts.workspaceRoot), ...id, ...extra };
    const outcome = await this.run(event, fields, { match: toolName, toolUseId: call.id, ...(signal ? { signal } : {}), ...(onStart ? { onStart } : {}) });
    if (!outcome.updatedInput) return outcome;
    const mapped = fromClaudeInput(call.name, outcome.updatedInput, this.opts.workspaceRoot, call.knownFields);
    if (mapped.ok) return { ...outcome, input: { ...call.input, ...mapped.input } };
    for (const run of outcome.runs) run.refused = `updatedInput refused: ${mapped.problem}`;
    return { ...outcome, messages: [...outcome.messages, `a hook's updatedInput was refused: ${mapped.problem}`] };
  }
}
