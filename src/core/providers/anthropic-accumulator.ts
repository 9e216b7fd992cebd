// Turns the raw Messages API stream events into normalized ProviderEvents and the final
// assistant message. We assemble tool input ourselves rather than use the SDK's
// MessageStream: measured against the fake server, its accumulator throws away the whole
// response on one malformed tool JSON ("Unexpected token …"), and it silently turns cut
// JSON (max_tokens inside a tool_use) into a partial object — here both become an
// `inputError` for that one call, with input {}.
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { AssistantBlock, AssistantMessage, ServerToolUseBlock, StopReason, Usage, WebSearchToolResultBlock } from '../conversation.js';
import type { CompletedToolUse, ProviderEvent } from './provider.js';

type BlockState =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; json: string; startInput: unknown; done?: CompletedToolUse }
  // Anthropic's web search, run by the API: kept and sent back as it came (its results carry encrypted content).
  | { type: 'server_tool_use'; id: string; name: string; json: string; startInput: unknown; done?: ServerToolUseBlock }
  | { type: 'web_search_tool_result'; block: WebSearchToolResultBlock; ended?: boolean }
  // Block kinds we do not send back: kept out of history.
  | { type: 'ignored' };

const KNOWN_STOP_REASONS: readonly StopReason[] = ['end_turn', 'tool_use', 'max_tokens', 'stop_sequence', 'refusal', 'pause_turn'];

export function mapStopReason(raw: string | null | undefined): StopReason {
  if (raw && (KNOWN_STOP_REASONS as readonly string[]).includes(raw)) return raw as StopReason;
  // The context window filled up: for the loop that is the same situation as max_tokens.
  if (raw === 'model_context_window_exceeded') return 'max_tokens';
  return 'end_turn';
}

// Read field by field and checked: compatible endpoints do not always match the SDK's types.
type LooseBlock = { type: string } & Record<string, unknown>;

interface RawUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  server_tool_use?: { web_search_requests?: number | null } | null;
}

export class AnthropicResponseAccumulator {
  private blocks: BlockState[] = [];
  private usage: Usage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  private rawStopReason: string | null = null;
  /** True once message_stop arrived: the response is whole. */
  complete = false;
  /** True once any event arrived at all. */
  sawEvents = false;
  /** True once anything the consumer can see (text, thinking, a tool call) was emitted. */
  emittedContent = false;

  /** Applies one raw event and returns the ProviderEvents it produces. */
  apply(event: RawMessageStreamEvent): ProviderEvent[] {
    this.sawEvents = true;
    switch (event.type) {
      case 'message_start':
        this.mergeUsage(event.message.usage);
        return [];
      case 'content_block_start':
        return this.startBlock(event.index, event.content_block as unknown as LooseBlock);
      case 'content_block_delta':
        return this.delta(event.index, event.delta as unknown as LooseBlock);
      case 'content_block_stop':
        return this.stopBlock(event.index);
      case 'message_delta':
        this.rawStopReason = event.delta.stop_reason ?? this.rawStopReason;
        this.mergeUsage(event.usage);
        return [];
      case 'message_stop': {
        // A block left open is finished here, so every tool call gets its tool_use_end.
        const events = this.blocks.flatMap((_, i) => this.stopBlock(i));
        this.complete = true;
        return [...events, this.messageEnd()];
      }
      default:
        return [];
    }
  }

  private startBlock(index: number, block: LooseBlock): ProviderEvent[] {
    if (block.type === 'text') {
      this.blocks[index] = { type: 'text', text: typeof block.text === 'string' ? block.text : '' };
    } else if (block.type === 'thinking') {
      this.blocks[index] = { type: 'thinking', thinking: String(block.thinking ?? ''), signature: String(block.signature ?? '') };
    } else if (block.type === 'redacted_thinking') {
      this.blocks[index] = { type: 'redacted_thinking', data: String(block.data ?? '') };
    } else if (block.type === 'tool_use') {
      const id = String(block.id);
      const name = String(block.name);
      this.blocks[index] = { type: 'tool_use', id, name, json: '', startInput: block.input };
      this.emittedContent = true;
      return [{ type: 'tool_use_start', index, id, name }];
    } else if (block.type === 'server_tool_use') {
      this.blocks[index] = { type: 'server_tool_use', id: String(block.id), name: String(block.name), json: '', startInput: block.input };
      this.emittedContent = true;
    } else if (block.type === 'web_search_tool_result') {
      const result: WebSearchToolResultBlock = { type: 'web_search_tool_result', tool_use_id: String(block.tool_use_id), content: block.content ?? [] };
      this.blocks[index] = { type: 'web_search_tool_result', block: result };
      this.emittedContent = true;
    } else {
      this.blocks[index] = { type: 'ignored' };
    }
    return [];
  }

  private delta(index: number, delta: LooseBlock): ProviderEvent[] {
    const b = this.blocks[index];
    if (!b) return [];
    if (delta.type === 'text_delta' && b.type === 'text') {
      const text = String(delta.text ?? '');
      b.text += text;
      this.emittedContent = true;
      return text ? [{ type: 'text_delta', index, text }] : [];
    }
    if (delta.type === 'thinking_delta' && b.type === 'thinking') {
      const thinking = String(delta.thinking ?? '');
      b.thinking += thinking;
      this.emittedContent = true;
      return thinking ? [{ type: 'thinking_delta', index, thinking }] : [];
    }
    if (delta.type === 'signature_delta' && b.type === 'thinking') {
      b.signature = String(delta.signature ?? '');
    } else if (delta.type === 'input_json_delta' && (b.type === 'tool_use' || b.type === 'server_tool_use') && !b.done) {
      b.json += String(delta.partial_json ?? '');
    }
    return [];
  }

  private stopBlock(index: number): ProviderEvent[] {
    const b = this.blocks[index];
    if (b?.type === 'thinking' && b.signature) {
      return [{ type: 'thinking_end', index, block: { type: 'thinking', thinking: b.thinking, signature: b.signature } }];
    }
    if (b?.type === 'redacted_thinking') return [{ type: 'thinking_end', index, block: { type: 'redacted_thinking', data: b.data } }];
    if (b?.type === 'server_tool_use' && !b.done) {
      const parsed = parseToolInput(b);
      b.done = { type: 'server_tool_use', id: b.id, name: b.name, input: parsed.inputError ? {} : parsed.input };
      return [{ type: 'server_tool', index, block: b.done }];
    }
    if (b?.type === 'web_search_tool_result' && !b.ended) {
      b.ended = true;
      return [{ type: 'server_tool', index, block: b.block }];
    }
    if (!b || b.type !== 'tool_use' || b.done) return [];
    b.done = parseToolInput(b);
    return [{ type: 'tool_use_end', index, toolUse: b.done }];
  }

  private mergeUsage(u: RawUsage | null | undefined) {
    if (!u) return;
    // message_delta carries cumulative counts; a field it leaves null keeps message_start's.
    if (u.input_tokens != null) this.usage.inputTokens = u.input_tokens;
    if (u.output_tokens != null) this.usage.outputTokens = u.output_tokens;
    if (u.cache_read_input_tokens != null) this.usage.cacheReadTokens = u.cache_read_input_tokens;
    if (u.cache_creation_input_tokens != null) this.usage.cacheWriteTokens = u.cache_creation_input_tokens;
    const searches = u.server_tool_use?.web_search_requests;
    if (searches) this.usage.webSearches = searches;
  }

  private messageEnd(): ProviderEvent {
    const inputErrors: Record<string, string> = {};
    const content: AssistantBlock[] = [];
    for (const b of this.blocks) {
      if (!b) continue;
      if (b.type === 'text') {
        // The API refuses empty text blocks when they are sent back.
        if (b.text) content.push({ type: 'text', text: b.text });
      } else if (b.type === 'thinking') {
        content.push({ type: 'thinking', thinking: b.thinking, signature: b.signature });
      } else if (b.type === 'redacted_thinking') {
        content.push({ type: 'redacted_thinking', data: b.data });
      } else if (b.type === 'tool_use' && b.done) {
        content.push({ type: 'tool_use', id: b.id, name: b.name, input: b.done.input });
        if (b.done.inputError) inputErrors[b.id] = b.done.inputError;
      } else if (b.type === 'server_tool_use' && b.done) {
        content.push(b.done);
      } else if (b.type === 'web_search_tool_result') {
        content.push(b.block);
      }
    }
    const message: AssistantMessage = { role: 'assistant', content };
    // An endpoint that never sent a stop reason: the content says whether tools were called.
    const stopReason = this.rawStopReason ? mapStopReason(this.rawStopReason) : content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
    return { type: 'message_end', message, stopReason, usage: { ...this.usage }, inputErrors };
  }

}

const MAX_JSON_IN_ERROR = 300;

function parseToolInput(b: { id: string; name: string; json: string; startInput: unknown }): CompletedToolUse {
  const base = { id: b.id, name: b.name };
  // Some compatible endpoints put the whole input in content_block_start and send no deltas.
  if (b.json.trim() === '') {
    const input = b.startInput && typeof b.startInput === 'object' ? b.startInput : {};
    return { ...base, input };
  }
  try {
    return { ...base, input: JSON.parse(b.json) as unknown };
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    const shown = b.json.length > MAX_JSON_IN_ERROR ? `${b.json.slice(0, MAX_JSON_IN_ERROR)}… (${b.json.length} chars)` : b.json;
    return {
      ...base,
      input: {},
      inputError: `The input for ${b.name} was not valid JSON (${why}); it may have been cut off. Received: ${shown}`,
    };
  }
}
