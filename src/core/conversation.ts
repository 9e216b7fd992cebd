// Anthropic-shaped conversation model. What is stored here is what the API sees.

export interface TextBlock { type: 'text'; text: string }
export interface ThinkingBlock { type: 'thinking'; thinking: string; signature: string }
export interface RedactedThinkingBlock { type: 'redacted_thinking'; data: string }
export interface ToolUseBlock { type: 'tool_use'; id: string; name: string; input: unknown }
export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
/**
 * An image the model sees. The one block that is not the API's own shape: the providers turn it
 * into theirs (Anthropic's base64 source, OpenAI's data URL), and the session file keeps only its
 * hash (the bytes live once in a file beside the session).
 */
export interface ImageBlock {
  type: 'image';
  mediaType: ImageMediaType;
  /** Base64 bytes; '' when only the placeholder may be sent (a model that cannot see images). */
  data: string;
  /** What the person and the placeholder call it: a file name or "image #1". */
  name: string;
  width: number;
  height: number;
  /** Size of the bytes as sent. */
  bytes: number;
  /** The file the person attached it from (a prompt's image): history mode's `o` shows it. */
  path?: string;
}
/** An image as the screen knows it: what it is and where it came from, never its bytes. */
export type ImageMeta = Pick<ImageBlock, 'name' | 'width' | 'height' | 'bytes' | 'path'>;
export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  /** The text the model reads. */
  content: string;
  /** Images after the text (read_file on a PNG, an MCP image result). Absent when none. */
  images?: ImageBlock[];
  is_error?: boolean;
}

/** A call of a tool the API runs itself (Anthropic's web search): kept, and sent back, as it came. */
export interface ServerToolUseBlock { type: 'server_tool_use'; id: string; name: string; input: unknown }
/**
 * What Anthropic's web search gave for one server_tool_use: a list of results (url, title,
 * page_age, encrypted_content) or an error object, as the API sent it.
 */
export interface WebSearchToolResultBlock { type: 'web_search_tool_result'; tool_use_id: string; content: unknown }

export type AssistantBlock = TextBlock | ThinkingBlock | RedactedThinkingBlock | ToolUseBlock | ServerToolUseBlock | WebSearchToolResultBlock;
export type UserBlock = TextBlock | ImageBlock | ToolResultBlock;

export interface UserMessage { role: 'user'; content: UserBlock[] }
export interface AssistantMessage { role: 'assistant'; content: AssistantBlock[] }
export type Message = UserMessage | AssistantMessage;

export type StopReason =
  | 'end_turn'
  | 'tool_use'
  | 'max_tokens'
  | 'stop_sequence'
  | 'refusal'
  | 'pause_turn'
  | 'aborted'
  | 'error';

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** Searches the API ran for this request (Anthropic's server-side web search, priced per search). */
  webSearches?: number;
}

export const emptyUsage = (): Usage => ({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 });

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    cacheReadTokens: a.cacheReadTokens + b.cacheReadTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
    ...(a.webSearches || b.webSearches ? { webSearches: (a.webSearches ?? 0) + (b.webSearches ?? 0) } : {}),
  };
}

export function toolUses(message: AssistantMessage): ToolUseBlock[] {
  return message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
}

export function textOf(message: AssistantMessage): string {
  return message.content
    .filter((b): b is TextBlock => b.type === 'text')
    .map((b) => b.text)
    .join('');
}
