// The hooks around a session's turns, per Claude Code's documented contract. SessionStart (source
// startup, resume, clear or compact) and UserPromptSubmit may add context for the model (plain
// stdout, additionalContext), which goes after the next prompt; a prompt hook may block the prompt
// (exit 2, decision "block": the reason goes to the person, the prompt never reaches the model).
// PreCompact sees a compaction coming (trigger, custom_instructions). A Stop hook may keep the turn
// going (exit 2's stderr, decision "block"'s reason become the model's next instruction);
// stop_hook_active tells it the turn already went on once, so it can let it end. SessionEnd runs
// as the session ends (exit, /clear, /resume), Notification when the agent waits for the person (an approval, a secret).
// A child agent runs SubagentStart (its additionalContext goes after the child's prompt) in place of
// SessionStart and UserPromptSubmit, and SubagentStop in place of Stop.
import type { Message, UserBlock } from '../conversation.js';
import type { AgentEvent } from '../events.js';
import { claudeToolName } from '../compat/claude-names.js';
import type { SessionHooks } from './session-hooks.js';
import { sessionEndBudgetMs } from './session-end-budget.js';

export type SessionStartSource = 'startup' | 'resume' | 'clear' | 'compact';
/** SessionEnd's reasons inkling sends (Claude Code's others, logout and bypass_permissions_disabled, have no counterpart here). */
export type SessionEndReason = 'clear' | 'resume' | 'prompt_input_exit' | 'other';
/** The reasons an agent's way out gives (dispose): the person left from the prompt, or anything else. */
export type DisposeReason = Extract<SessionEndReason, 'prompt_input_exit' | 'other'>;

const contextBlocks = (event: string, texts: readonly string[]): UserBlock[] => texts.map((text) => ({ type: 'text' as const, text: `[${event} hook] ${text}` }));

/** What makes an agent a child for its hooks (core/agents gives it): who it is, and where its conversation is written. */
export interface SubagentHookRole {
  /** Unique for the child (its task call's id). */
  agentId: string;
  /** What matchers test: the definition's name, Claude Code's for the built-ins (Explore, general-purpose). */
  agentType: string;
  /** Writes the child's conversation so far and says where (SubagentStop's agent_transcript_path). */
  transcript(messages: readonly Message[]): Promise<string | undefined>;
}

/** One agent's session and prompt hooks: SessionStart runs once before the next prompt after the session (re)starts. */
export class TurnHooks {
  private pendingStart: SessionStartSource | null = 'startup';
  /** A prompt went to the model in the session now open (so /resume leaving it ends it). */
  private prompted = false;

  constructor(
    private readonly hooks: SessionHooks | undefined,
    private readonly subagent?: SubagentHookRole,
  ) {}

  /** The session starts again (resumed, cleared, compacted): SessionStart runs before the next prompt. */
  sessionAgain(source: SessionStartSource): void {
    this.pendingStart = source;
  }

  /** What the session's and the prompt's hooks said: null when they blocked the prompt, else text blocks to send after it. */
  async beforePrompt(prompt: string, signal: AbortSignal, emit: (e: AgentEvent) => void): Promise<UserBlock[] | null> {
    const hooks = this.hooks;
    if (!hooks) return [];
    const source = this.pendingStart;
    this.pendingStart = null;
    this.prompted = true;
    if (this.subagent) return source ? this.subagentStart(this.subagent, signal, emit) : [];
    // Matchers test the source, the trigger and the reason as Claude Code's do (startup, manual, clear…).
    const started = source && hooks.has('SessionStart') ? await hooks.run('SessionStart', { source, ...(hooks.model ? { model: hooks.model } : {}) }, { signal, match: source }).catch(() => undefined) : undefined;
    for (const message of started?.messages ?? []) emit({ type: 'notice', message });
    const context = contextBlocks('SessionStart', started?.context ?? []);
    if (!hooks.has('UserPromptSubmit')) return context;
    const out = await hooks.run('UserPromptSubmit', { prompt }, { signal }).catch(() => undefined);
    if (!out) return context;
    for (const message of out.messages) emit({ type: 'notice', message });
    const blocked = out.stop ?? out.block;
    if (blocked !== undefined) {
      emit({ type: 'notice', message: `A UserPromptSubmit hook blocked the prompt (it was not sent): ${blocked}` });
      return null;
    }
    return [...context, ...contextBlocks('UserPromptSubmit', out.context)];
  }

  /** SubagentStart: it cannot stop the child; exit 2's stderr is for the person, additionalContext for the child. */
  private async subagentStart(role: SubagentHookRole, signal: AbortSignal, emit: (e: AgentEvent) => void): Promise<UserBlock[]> {
    if (!this.hooks?.has('SubagentStart')) return [];
    const out = await this.hooks.run('SubagentStart', { agent_id: role.agentId, agent_type: role.agentType }, { match: role.agentType, signal }).catch(() => undefined);
    if (!out) return [];
    for (const message of [...out.messages, ...(out.block !== undefined ? [`SubagentStart hook: ${out.block}`] : [])]) emit({ type: 'notice', message });
    return contextBlocks('SubagentStart', out.context);
  }

  /** PreCompact: what a hook says is shown; the compaction goes on. */
  async beforeCompact(trigger: 'manual' | 'auto', instructions: string | undefined, signal: AbortSignal, emit: (e: AgentEvent) => void): Promise<void> {
    if (!this.hooks?.has('PreCompact')) return;
    const out = await this.hooks.run('PreCompact', { trigger, custom_instructions: instructions ?? '' }, { signal, match: trigger }).catch(() => undefined);
    for (const message of out?.messages ?? []) emit({ type: 'notice', message });
  }

  /**
   * Notification, as Claude Code sends it when the agent waits for the person: a call waits for
   * approval, or a command for a secret. Fire and forget (the question is already on screen).
   */
  noticeWaiting(e: AgentEvent): void {
    if (!this.hooks?.has('Notification')) return;
    if (e.type === 'approval_request') {
      const fields = { message: `inkling needs your permission to use ${claudeToolName(e.tool)}`, title: 'inkling', notification_type: 'permission_prompt' };
      void this.hooks.run('Notification', fields, { match: 'permission_prompt' }).catch(() => undefined);
    } else if (e.type === 'secret_request') {
      // Claude Code has no type for a command's password prompt: only hooks with no matcher (or `*`) hear it.
      void this.hooks.run('Notification', { message: 'A command is waiting for your input', title: 'inkling' }, { match: '' }).catch(() => undefined);
    }
  }

  /** /clear: SessionEnd (reason "clear") for the old session, SessionStart (source "clear") before the next prompt. */
  cleared(): void {
    this.pendingStart = 'clear';
    this.prompted = false;
    void this.sessionEnd('clear');
  }

  /**
   * /resume opens another session in this agent: SessionEnd (reason "resume") for the one left when
   * a prompt was sent in it (a run started with --resume or --continue leaves nothing). The
   * conversation it adopts then asks for SessionStart (source "resume": sessionAgain).
   */
  resumed(): void {
    if (this.prompted) void this.sessionEnd('resume');
    this.prompted = false;
  }

  /**
   * SessionEnd as the session ends: the agent disposed ("prompt_input_exit" when the person left
   * from the prompt, "other" for a signal, -p's end or an editor's), /clear, /resume; nothing it says
   * is used. The hooks get SessionEnd's budget (1.5 s unless their timeouts or the environment say more).
   */
  async sessionEnd(reason: SessionEndReason): Promise<void> {
    const hooks = this.hooks;
    if (!hooks?.has('SessionEnd')) return;
    await hooks.run('SessionEnd', { reason }, { match: reason, capMs: sessionEndBudgetMs(hooks.all) }).catch(() => undefined);
  }
}

/** Where a turn keeps track of its Stop hooks: whether one already kept it going. */
export interface StopState {
  active: boolean;
}

/**
 * At the end of a turn: true when a Stop hook (a child's SubagentStop hook) keeps it going (its
 * reason is appended to the conversation as the model's next instruction). `continue: false` lets
 * the turn end whatever a hook said, as in Claude Code.
 */
export async function stopHooksContinue(
  hooks: SessionHooks | undefined,
  state: StopState,
  messages: Message[],
  signal: AbortSignal,
  emit: (e: AgentEvent) => void,
  subagent?: SubagentHookRole,
): Promise<boolean> {
  const event = subagent ? 'SubagentStop' : 'Stop';
  if (!hooks?.has(event) || signal.aborted) return false;
  const common = { stop_hook_active: state.active, last_assistant_message: lastAssistantText(messages) };
  const fields = subagent
    ? { ...common, agent_id: subagent.agentId, agent_type: subagent.agentType, agent_transcript_path: (await subagent.transcript(messages)) ?? '' }
    : common;
  const out = await hooks.run(event, fields, { signal, ...(subagent ? { match: subagent.agentType } : {}) }).catch(() => undefined);
  if (!out || signal.aborted) return false;
  for (const message of out.messages) emit({ type: 'notice', message });
  if (out.stop !== undefined || out.block === undefined) return false;
  state.active = true;
  emit({ type: 'notice', message: `A ${event} hook keeps the ${subagent ? 'agent' : 'turn'} going: ${out.block}` });
  messages.push({ role: 'user', content: [{ type: 'text', text: `${event} hook feedback: ${out.block}` }] });
  return true;
}

/** The text of the model's last answer (Claude Code's last_assistant_message). */
function lastAssistantText(messages: readonly Message[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'assistant') return m.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
  }
  return '';
}
