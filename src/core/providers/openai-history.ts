// Our conversation (Anthropic-shaped blocks, conversation.ts) as OpenAI chat messages, and back.
// The conversation stays in our shape whichever provider answers, so a session can switch
// provider mid-way: each request converts the whole history for the endpoint it goes to.
import type { ChatCompletionMessageParam, ChatCompletionMessageToolCall } from 'openai/resources/chat/completions';
import type { AssistantBlock, AssistantMessage, ImageBlock, Message, ToolResultBlock, UserBlock } from '../conversation.js';
import { reasoningBlock } from './reasoning-blocks.js';
import { isSearchBlock, searchBlockText } from '../web/search-blocks.js';

/** Which reasoning goes back to the endpoint. */
export type ReasoningReplay =
  /** None: endpoints ignore or refuse it, and it costs tokens. */
  | 'drop'
  /** On the assistant messages since the person's last prompt (DeepSeek's thinking-mode tool loop). */
  | 'tool-loop';

/** A tool result that failed says so in its text: OpenAI tool messages have no error flag. */
export const TOOL_ERROR_PREFIX = '[tool error] ';

/** An assistant message as OpenAI-compatible endpoints shape it, with the non-standard reasoning field. */
export interface OpenAIAssistantTurn {
  content: string | null;
  /** DeepSeek and Qwen's `reasoning_content`, OpenRouter's `reasoning`. */
  reasoning?: string;
  toolCalls: { id: string; name: string; arguments: string }[];
}

export function toOpenAIMessages(system: string, messages: readonly Message[], reasoning: ReasoningReplay): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  if (system) out.push({ role: 'system', content: system });
  const loopStart = reasoning === 'tool-loop' ? lastPromptIndex(messages) + 1 : messages.length;
  for (const [i, message] of messages.entries()) {
    if (message.role === 'user') out.push(...userMessages(message.content));
    else {
      const turn = assistantTurn(message, i >= loopStart);
      if (turn) out.push(turn);
    }
  }
  return out;
}

/** The person's prompt that started the running turn: a user message with text, not only results. */
function lastPromptIndex(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'user' && m.content.some((b) => b.type === 'text')) return i;
  }
  return -1;
}

function userMessages(blocks: readonly UserBlock[]): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  // Results first: each must follow the assistant message that called it.
  for (const b of blocks) {
    if (b.type === 'tool_result') out.push({ role: 'tool', tool_call_id: b.tool_use_id, content: toolResultText(b) });
  }
  // Several prompts merged into one message (queued while a turn ran) go as one text.
  const text = blocks.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n\n');
  // Tool messages carry text only, so a result's images follow the results in a user message.
  const images = imageParts(blocks);
  if (images.length > 0) out.push({ role: 'user', content: [...images, ...(text ? [{ type: 'text' as const, text }] : [])] });
  else if (text) out.push({ role: 'user', content: text });
  return out;
}

type UserPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

function imageParts(blocks: readonly UserBlock[]): UserPart[] {
  const parts: UserPart[] = [];
  for (const b of blocks) {
    if (b.type === 'image') parts.push(imagePart(b));
    if (b.type === 'tool_result' && b.images?.length) {
      parts.push({ type: 'text', text: `[image${b.images.length > 1 ? 's' : ''} from tool call ${b.tool_use_id}]` }, ...b.images.map(imagePart));
    }
  }
  return parts;
}

function imagePart(image: ImageBlock): UserPart {
  return { type: 'image_url', image_url: { url: `data:${image.mediaType};base64,${image.data}` } };
}

function toolResultText(b: ToolResultBlock): string {
  const content = b.content || '(no output)';
  return b.is_error ? `${TOOL_ERROR_PREFIX}${content}` : content;
}

function assistantTurn(message: AssistantMessage, replayReasoning: boolean): ChatCompletionMessageParam | undefined {
  // Anthropic's web search blocks go as text: what was searched and found stays in the conversation.
  const searched = message.content.some(isSearchBlock);
  const joined = message.content.flatMap((b) => (b.type === 'text' ? [b.text] : isSearchBlock(b) ? [searchBlockText(b)] : [])).join('');
  const text = searched ? joined.trim() : joined;
  const thinking = message.content.flatMap((b) => (b.type === 'thinking' ? [b.thinking] : [])).join('\n');
  const toolCalls: ChatCompletionMessageToolCall[] = message.content.flatMap((b) =>
    b.type === 'tool_use' ? [{ id: b.id, type: 'function' as const, function: { name: b.name, arguments: JSON.stringify(b.input ?? {}) } }] : [],
  );
  if (!text && toolCalls.length === 0) return undefined;
  // `content: null` beside tool calls is what the API documents; an empty string is not.
  const turn: ChatCompletionMessageParam & { reasoning_content?: string } = { role: 'assistant', content: text || null };
  if (toolCalls.length > 0) turn.tool_calls = toolCalls;
  if (replayReasoning && thinking) turn.reasoning_content = thinking;
  return turn;
}

/**
 * OpenAI chat messages as our conversation: the system text, and messages in which every
 * tool call is followed by one user message with its results, in order.
 */
export function fromOpenAIMessages(input: readonly ChatCompletionMessageParam[]): { system: string; messages: Message[] } {
  const system: string[] = [];
  const messages: Message[] = [];
  const pushUser = (blocks: UserBlock[]) => {
    const last = messages.at(-1);
    if (last?.role === 'user') last.content.push(...blocks);
    else messages.push({ role: 'user', content: blocks });
  };
  for (const m of input) {
    if (m.role === 'system' || m.role === 'developer') system.push(partsText(m.content));
    else if (m.role === 'user') {
      const text = partsText(m.content);
      if (text) pushUser([{ type: 'text', text }]);
    } else if (m.role === 'tool') {
      const text = partsText(m.content);
      const isError = text.startsWith(TOOL_ERROR_PREFIX);
      pushUser([
        { type: 'tool_result', tool_use_id: m.tool_call_id, content: isError ? text.slice(TOOL_ERROR_PREFIX.length) : text, ...(isError ? { is_error: true } : {}) },
      ]);
    } else if (m.role === 'assistant') {
      const loose = m as typeof m & { reasoning_content?: unknown; reasoning?: unknown };
      const reasoning = typeof loose.reasoning_content === 'string' ? loose.reasoning_content : typeof loose.reasoning === 'string' ? loose.reasoning : undefined;
      const toolCalls = (m.tool_calls ?? []).flatMap((c) => (c.type === 'function' ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }] : []));
      const content = typeof m.content === 'string' || m.content == null ? (m.content ?? null) : partsText(m.content);
      const { message } = assistantFromOpenAI({ content, ...(reasoning !== undefined ? { reasoning } : {}), toolCalls });
      if (message.content.length > 0) messages.push(message);
    }
  }
  return { system: system.join('\n\n'), messages };
}

/** One assistant turn in our blocks: reasoning, then text, then the calls; inputErrors by call id. */
export function assistantFromOpenAI(turn: OpenAIAssistantTurn): { message: AssistantMessage; inputErrors: Record<string, string> } {
  const content: AssistantBlock[] = [];
  const inputErrors: Record<string, string> = {};
  if (turn.reasoning) content.push(reasoningBlock(turn.reasoning));
  if (turn.content) content.push({ type: 'text', text: turn.content });
  for (const call of turn.toolCalls) {
    const parsed = parseToolArguments(call.name, call.arguments);
    content.push({ type: 'tool_use', id: call.id, name: call.name, input: parsed.input });
    if (parsed.inputError) inputErrors[call.id] = parsed.inputError;
  }
  return { message: { role: 'assistant', content }, inputErrors };
}

const MAX_JSON_IN_ERROR = 300;

/** A call's arguments as an object; malformed or cut JSON becomes {} and a reason the model reads. */
export function parseToolArguments(name: string, json: string): { input: unknown; inputError?: string } {
  // Some servers send no arguments at all for a call that takes none.
  if (json.trim() === '') return { input: {} };
  try {
    const input: unknown = JSON.parse(json);
    if (input && typeof input === 'object' && !Array.isArray(input)) return { input };
    return { input: {}, inputError: `The input for ${name} must be a JSON object; received: ${clip(json)}` };
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { input: {}, inputError: `The input for ${name} was not valid JSON (${why}); it may have been cut off. Received: ${clip(json)}` };
  }
}

function clip(json: string): string {
  return json.length > MAX_JSON_IN_ERROR ? `${json.slice(0, MAX_JSON_IN_ERROR)}… (${json.length} chars)` : json;
}

type Parts = string | null | undefined | readonly { type: string; text?: string }[];

function partsText(content: Parts): string {
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content.flatMap((p) => (p.type === 'text' && typeof p.text === 'string' ? [p.text] : [])).join('\n\n');
}
