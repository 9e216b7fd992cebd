// Tokens without a tokenizer: about four characters a token, refined by what the provider's usage
// said the last request really cost (the calibration). Exact totals always come from usage.
import type { Message, ToolResultBlock } from '../conversation.js';
import { estimateImageTokens } from '../images/image-blocks.js';
import { contentLength } from '../sessions/stored-fields.js';
import type { ToolDefinition } from '../providers/provider.js';

const CHARS_PER_TOKEN = 4;

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** A tool result's content, estimated (one a resumed session keeps in its file is not read for it). */
export function estimateResultTokens(block: ToolResultBlock): number {
  return Math.ceil(contentLength(block) / CHARS_PER_TOKEN) + (block.images ?? []).reduce((n, i) => n + estimateImageTokens(i), 0);
}

/** A tool call's input as the model sees it (JSON), estimated. */
export function estimateJsonTokens(value: unknown): number {
  return estimateTokens(JSON.stringify(value ?? null));
}

export function estimateMessageTokens(message: Message): number {
  let n = 4; // role and framing
  for (const b of message.content) {
    switch (b.type) {
      case 'text': n += estimateTokens(b.text); break;
      case 'thinking': n += estimateTokens(b.thinking); break;
      case 'redacted_thinking': n += estimateTokens(b.data); break;
      case 'tool_use': n += estimateTokens(b.name) + estimateJsonTokens(b.input); break;
      case 'image': n += estimateImageTokens(b); break;
      case 'tool_result': n += estimateResultTokens(b) + 4; break;
      case 'server_tool_use': n += estimateTokens(b.name) + estimateJsonTokens(b.input); break;
      // Search results: titles and URLs count; their encrypted page text is counted by its size too.
      case 'web_search_tool_result': n += estimateJsonTokens(b.content); break;
    }
  }
  return n;
}

export function estimateToolTokens(tools: readonly ToolDefinition[]): number {
  return tools.reduce((n, t) => n + estimateTokens(t.name) + estimateTokens(t.description) + estimateJsonTokens(t.input_schema), 0);
}

export interface RequestEstimate {
  system: number;
  tools: number;
  messages: number;
}

export function estimateRequest(system: string, tools: readonly ToolDefinition[], messages: readonly Message[]): RequestEstimate {
  return { system: estimateTokens(system), tools: estimateToolTokens(tools), messages: messages.reduce((n, m) => n + estimateMessageTokens(m), 0) };
}

export const estimateTotal = (e: RequestEstimate): number => e.system + e.tools + e.messages;

/**
 * The ratio of real tokens to estimated ones, from the last request whose usage came back: an
 * estimate times it is what the provider would count. 1 until the first usage arrives.
 */
export class TokenCalibration {
  private ratio = 1;

  /** `exact`: the request's input tokens from usage (input + cache read + cache write). */
  observe(estimated: number, exact: number): void {
    if (estimated > 0 && exact > 0) this.ratio = exact / estimated;
  }

  scale(estimated: number): number {
    return Math.round(estimated * this.ratio);
  }
}

/** "12.4k", as the placeholder and the cards say it. */
export function formatTokenCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 100_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}
