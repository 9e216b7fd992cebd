// One interface for every model backend: a request in, a stream of normalized events out.
import type { AssistantMessage, RedactedThinkingBlock, ServerToolUseBlock, StopReason, ThinkingBlock, Usage, WebSearchToolResultBlock } from '../conversation.js';
import type { Message } from '../conversation.js';
import type { FailureKind } from './retry-policy.js';

export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: JsonSchemaObject;
}

export interface JsonSchemaObject {
  type: 'object';
  properties: Record<string, JsonSchema>;
  required: string[];
  additionalProperties?: boolean;
}

export interface JsonSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';
  description?: string;
  enum?: unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
}

export interface ProviderRequest {
  model: string;
  system: string;
  messages: Message[];
  tools: ToolDefinition[];
  maxTokens: number;
  /** Extended thinking budget in tokens; undefined means thinking is off. */
  thinkingBudget?: number;
}

/** A tool_use block as it completes in the stream. `inputError` is set when the JSON was malformed or cut. */
export interface CompletedToolUse {
  id: string;
  name: string;
  input: unknown;
  inputError?: string;
}

export type ProviderEvent =
  | { type: 'text_delta'; index: number; text: string }
  | { type: 'thinking_delta'; index: number; thinking: string }
  /**
   * A thinking (with its signature) or redacted_thinking block is complete. The loop keeps it, so
   * an interrupt later in the response still records the signed thinking the API requires.
   */
  | { type: 'thinking_end'; index: number; block: ThinkingBlock | RedactedThinkingBlock }
  | { type: 'tool_use_start'; index: number; id: string; name: string }
  /** Emitted as soon as a tool_use block's content_block_stop arrives, before the message ends. */
  | { type: 'tool_use_end'; index: number; toolUse: CompletedToolUse }
  /** A block of a tool the API ran itself (Anthropic's web search: the call, then its results), complete. */
  | { type: 'server_tool'; index: number; block: ServerToolUseBlock | WebSearchToolResultBlock }
  | { type: 'retry'; attempt: number; delayMs: number; status?: number; reason: string }
  /** Something the person should know that is not an error (an SDK's deprecation warning). Sent once. */
  | { type: 'notice'; message: string }
  | {
      type: 'message_end';
      message: AssistantMessage;
      stopReason: StopReason;
      usage: Usage;
      /** tool_use ids whose input could not be parsed, with the reason. */
      inputErrors: Record<string, string>;
    };

export interface ProviderErrorExtra {
  /** Short, for a `retry` event: "connection lost", "stream stalled", "overloaded". */
  reason?: string;
  /** What the person can do, shown after the message: "check ANTHROPIC_API_KEY". */
  hint?: string;
  /** What went wrong, for decisions (a hint, an exit code) that must not parse the message. */
  kind?: FailureKind;
}

export class ProviderError extends Error {
  readonly reason?: string;
  readonly hint?: string;
  readonly kind?: FailureKind;
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    extra: ProviderErrorExtra = {},
  ) {
    super(message);
    this.name = 'ProviderError';
    if (extra.reason) this.reason = extra.reason;
    if (extra.hint) this.hint = extra.hint;
    if (extra.kind) this.kind = extra.kind;
  }
}

export interface Provider {
  /**
   * Streams one model response. Must end with exactly one `message_end` unless it throws.
   * Throws ProviderError on API/network errors; on abort, throws an error whose name is 'AbortError'.
   * A provider retries failures that came before any content itself; a retryable ProviderError
   * after content is retried by the loop (response-stream.ts), which discards the partial answer.
   */
  stream(request: ProviderRequest, signal: AbortSignal): AsyncIterable<ProviderEvent>;
  /** Loads what the first request would load the first time (the idle warm-up calls it). Never rejects. */
  warmUp?(): Promise<void>;
}
