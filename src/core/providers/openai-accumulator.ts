// Turns chat.completions stream chunks into normalized ProviderEvents and the final assistant
// message. Compatible servers differ in the details, so chunks are read field by field: tool
// calls are assembled by `index` (several in one response are parallel calls, and some servers
// interleave their argument deltas), reasoning comes as `reasoning_content` or `reasoning`,
// usage may come in its own last chunk (stream_options.include_usage) or not at all.
import { randomUUID } from 'node:crypto';
import type { StopReason, Usage } from '../conversation.js';
import { assistantFromOpenAI, parseToolArguments } from './openai-history.js';
import type { CompletedToolUse, ProviderEvent } from './provider.js';
import { reasoningBlock } from './reasoning-blocks.js';
import type { AttemptProgress } from './retrying-stream.js';

interface ToolCallState {
  /** Our block index (order of first appearance). */
  block: number;
  id: string;
  name: string;
  args: string;
  started: boolean;
  done?: CompletedToolUse;
}

// Read loosely and checked: servers do not all match the SDK's chunk type.
interface LooseChunk {
  choices?: { delta?: LooseDelta | null; finish_reason?: string | null }[] | null;
  usage?: LooseUsage | null;
}
interface LooseDelta {
  content?: unknown;
  reasoning_content?: unknown;
  reasoning?: unknown;
  tool_calls?: { index?: unknown; id?: unknown; function?: { name?: unknown; arguments?: unknown } | null }[] | null;
}
interface LooseUsage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
  /** DeepSeek's name for cached prompt tokens. */
  prompt_cache_hit_tokens?: number | null;
}

export function mapFinishReason(raw: string | null, hasToolCalls: boolean): StopReason {
  switch (raw) {
    case 'length':
      return 'max_tokens';
    case 'content_filter':
      return 'refusal';
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    default:
      // Some servers say "stop" after calling tools: the calls are what counts.
      return hasToolCalls ? 'tool_use' : 'end_turn';
  }
}

export class OpenAIResponseAccumulator implements AttemptProgress {
  private reasoning: { block: number; text: string; ended: boolean } | undefined;
  private text: { block: number; text: string } | undefined;
  private readonly calls: ToolCallState[] = [];
  private readonly callsByIndex = new Map<number, ToolCallState>();
  private blocks = 0;
  private finishReason: string | null = null;
  private usage: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  /** True once any chunk arrived. */
  sawChunks = false;
  /** True once a finish_reason arrived: the answer is whole (a usage chunk may still follow). */
  finished = false;
  /** True once usage arrived. */
  sawUsage = false;
  emittedContent = false;

  apply(raw: unknown): ProviderEvent[] {
    this.sawChunks = true;
    const chunk = (raw ?? {}) as LooseChunk;
    const events: ProviderEvent[] = [];
    if (chunk.usage) this.mergeUsage(chunk.usage);
    const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
    const delta = choice?.delta ?? undefined;
    if (delta) {
      const reasoning = str(delta.reasoning_content) ?? str(delta.reasoning);
      if (reasoning) events.push(...this.addReasoning(reasoning));
      const content = str(delta.content);
      if (content) events.push(...this.addText(content));
      if (Array.isArray(delta.tool_calls)) for (const call of delta.tool_calls) events.push(...this.addToolCall(call));
    }
    if (choice?.finish_reason) {
      this.finishReason = choice.finish_reason;
      this.finished = true;
      events.push(...this.endReasoning(), ...this.calls.flatMap((c) => this.endCall(c)));
    }
    return events;
  }

  /** The stream ended after a finish_reason: the last events. */
  end(): ProviderEvent[] {
    const events = [...this.endReasoning(), ...this.calls.flatMap((c) => this.endCall(c))];
    const content = this.blocksInOrder();
    const { message, inputErrors } = assistantFromOpenAI(content);
    const stopReason = mapFinishReason(this.finishReason, content.toolCalls.length > 0);
    return [...events, { type: 'message_end', message, stopReason, usage: { ...this.usage }, inputErrors }];
  }


  private addReasoning(text: string): ProviderEvent[] {
    // Reasoning after text or calls (rare) joins the one reasoning block.
    this.reasoning ??= { block: this.blocks++, text: '', ended: false };
    this.reasoning.text += text;
    this.emittedContent = true;
    return [{ type: 'thinking_delta', index: this.reasoning.block, thinking: text }];
  }

  private endReasoning(): ProviderEvent[] {
    const r = this.reasoning;
    if (!r || r.ended || !r.text) return [];
    r.ended = true;
    return [{ type: 'thinking_end', index: r.block, block: reasoningBlock(r.text) }];
  }

  private addText(text: string): ProviderEvent[] {
    const events = this.endReasoning();
    this.text ??= { block: this.blocks++, text: '' };
    this.text.text += text;
    this.emittedContent = true;
    events.push({ type: 'text_delta', index: this.text.block, text });
    return events;
  }

  private addToolCall(delta: NonNullable<LooseDelta['tool_calls']>[number]): ProviderEvent[] {
    const events = this.endReasoning();
    const id = str(delta.id);
    const name = str(delta.function?.name);
    const args = str(delta.function?.arguments) ?? '';
    let call = typeof delta.index === 'number' ? this.callsByIndex.get(delta.index) : this.callWithoutIndex(id);
    if (!call) {
      // A new call: those before it that already hold a whole JSON object are complete, so the
      // scheduler may start them while the rest still streams.
      for (const earlier of this.calls) if (!earlier.done && isWholeObject(earlier.args)) events.push(...this.endCall(earlier));
      call = { block: this.blocks++, id: id ?? '', name: '', args: '', started: false };
      this.calls.push(call);
      this.callsByIndex.set(typeof delta.index === 'number' ? delta.index : -this.calls.length, call);
    }
    if (call.done) return events; // a late delta for a call already handed over
    if (id && !call.id) call.id = id;
    // Most servers send the name once; a few repeat it in every delta.
    if (name && !call.name) call.name = name;
    call.args += args;
    if (!call.started && call.name) {
      call.started = true;
      call.id ||= this.generatedId();
      this.emittedContent = true;
      events.push({ type: 'tool_use_start', index: call.block, id: call.id, name: call.name });
    }
    return events;
  }

  /** Servers that leave out `index` mean the last call, unless an id names a new one. */
  private callWithoutIndex(id: string | undefined): ToolCallState | undefined {
    const last = this.calls.at(-1);
    if (!last) return undefined;
    return id && last.id && id !== last.id ? undefined : last;
  }

  private endCall(call: ToolCallState): ProviderEvent[] {
    if (call.done) return [];
    if (!call.started) {
      // Arguments without a name ever arriving: the call cannot be run, but it must not vanish.
      call.name ||= 'unknown_tool';
      call.id ||= this.generatedId();
      call.started = true;
      this.emittedContent = true;
    }
    const parsed = parseToolArguments(call.name, call.args);
    call.done = { id: call.id, name: call.name, input: parsed.input, ...(parsed.inputError ? { inputError: parsed.inputError } : {}) };
    return [{ type: 'tool_use_end', index: call.block, toolUse: call.done }];
  }

  private blocksInOrder() {
    const calls = this.calls;
    return {
      content: this.text?.text || null,
      ...(this.reasoning?.text ? { reasoning: this.reasoning.text } : {}),
      toolCalls: calls.map((c) => ({ id: c.id, name: c.name, arguments: c.args })),
    };
  }

  private mergeUsage(u: LooseUsage): void {
    this.sawUsage = true;
    const cached = u.prompt_tokens_details?.cached_tokens ?? u.prompt_cache_hit_tokens ?? 0;
    const prompt = u.prompt_tokens ?? 0;
    // Like Anthropic's input_tokens, ours excludes what was read from the cache.
    this.usage.inputTokens = Math.max(0, prompt - cached);
    this.usage.cacheReadTokens = cached;
    this.usage.outputTokens = u.completion_tokens ?? 0;
  }

  private generatedId(): string {
    // Some local servers send calls without ids; results must still match their calls, and ids
    // must stay unique across the session (the UI keys tool cards by them).
    return `call_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
  }
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function isWholeObject(json: string): boolean {
  if (!json.trim().startsWith('{')) return false;
  try {
    JSON.parse(json);
    return true;
  } catch {
    return false;
  }
}
