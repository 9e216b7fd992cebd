// The agent's view of its context window: the person's edits to tool results, the token
// calibration from usage, what each call costs now, whether the next request needs compacting.
import { ImageSight } from '../images/image-sight.js';
import type { Message, Usage } from '../conversation.js';
import type { AgentEvent, ContextEdit } from '../events.js';
import type { ToolDefinition } from '../providers/provider.js';
import { ContextEdits, toolUsesById } from './context-edits.js';
import { contextBreakdown, type ContextBreakdown, type ContextPart } from './context-breakdown.js';
import { AUTO_COMPACT_SHARE } from './compaction.js';
import { estimateJsonTokens, estimateRequest, estimateResultTokens, estimateTokens, estimateTotal, TokenCalibration } from './token-estimate.js';

/** What one tool call costs in the context now, in tokens. */
export interface ToolCallCost {
  input: number;
  /** The result as the next request sends it (dropped or shrunk: the replacement). */
  result: number;
  /** The result as it came back. */
  original: number;
  edit?: ContextEdit;
}

export class ConversationContext {
  readonly edits = new ContextEdits();
  private readonly calibration = new TokenCalibration();

  /** Which models see images: a blind one gets placeholders in what is sent and estimated. */
  readonly sight = new ImageSight();

  constructor(private opts: { system: string; memory: readonly ContextPart[]; window: () => number | null; model?: () => string }) {}

  /** The system prompt the next request sends. */
  get system(): string {
    return this.opts.system;
  }

  /** Memory read again (/init, a `#` line): the next request sends this system prompt (the prompt cache starts over once). */
  setSystem(system: string, memory: readonly ContextPart[]): void {
    this.opts = { ...this.opts, system, memory };
  }

  /** The messages as the next request sends them. */
  sent(messages: readonly Message[]): Message[] {
    const edited = this.edits.apply(messages);
    return this.opts.model ? this.sight.forModel(this.opts.model(), edited) : edited;
  }

  /** Tokens a request with these tools and messages would send, calibrated. */
  tokens(tools: readonly ToolDefinition[], messages: readonly Message[]): number {
    return this.calibration.scale(estimateTotal(estimateRequest(this.opts.system, tools, this.sent(messages))));
  }

  /** A request went out with these messages (edits applied) and its usage came back. */
  observe(tools: readonly ToolDefinition[], sentMessages: readonly Message[], usage: Usage): void {
    const exact = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
    this.calibration.observe(estimateTotal(estimateRequest(this.opts.system, tools, sentMessages)), exact);
  }

  window(): number | null {
    return this.opts.window();
  }

  /** Whether a request of `tokens` would pass the auto-compaction share of a known window. */
  wouldOverflow(tokens: number): boolean {
    const window = this.opts.window();
    return window !== null && tokens > window * AUTO_COMPACT_SHARE;
  }

  toolCallCost(messages: readonly Message[], id: string): ToolCallCost | undefined {
    const use = toolUsesById(messages).get(id);
    if (!use) return undefined;
    const result = resultOf(messages, id);
    const edit = this.edits.get(id);
    const cost: ToolCallCost = {
      input: this.calibration.scale(estimateJsonTokens(use.input)),
      result: result ? this.calibration.scale(estimateResultTokens(this.edits.edited(result, use))) : 0,
      original: result ? this.calibration.scale(estimateResultTokens(result)) : 0,
    };
    return edit ? { ...cost, edit } : cost;
  }

  /** Sets one call's edit; the event says how the next request's size changes. Undefined for an unknown call. */
  setEdit(tools: readonly ToolDefinition[], messages: readonly Message[], id: string, edit: ContextEdit | null): Extract<AgentEvent, { type: 'context_edit' }> | undefined {
    if (!resultOf(messages, id)) return undefined;
    const tokensBefore = this.tokens(tools, messages);
    this.edits.set(id, edit);
    return { type: 'context_edit', id, edit, tokensBefore, tokensAfter: this.tokens(tools, messages) };
  }

  /** Pins each of these calls' results (a started skill); one event per call pinned. */
  pin(tools: readonly ToolDefinition[], messages: readonly Message[], ids: readonly string[]): AgentEvent[] {
    return ids.flatMap((id) => this.setEdit(tools, messages, id, 'pin') ?? []);
  }

  breakdown(tools: readonly ToolDefinition[], messages: readonly Message[]): ContextBreakdown {
    return contextBreakdown({
      system: this.opts.system,
      memory: this.opts.memory,
      tools,
      messages,
      edits: this.edits,
      scale: (n) => this.calibration.scale(n),
      total: this.tokens(tools, messages),
      window: this.opts.window(),
    });
  }
}

function resultOf(messages: readonly Message[], id: string) {
  for (const m of messages) {
    if (m.role !== 'user') continue;
    for (const b of m.content) if (b.type === 'tool_result' && b.tool_use_id === id) return b;
  }
  return undefined;
}
