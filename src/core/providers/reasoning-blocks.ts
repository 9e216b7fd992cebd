// Reasoning that an OpenAI-compatible endpoint streamed (DeepSeek's and Qwen's
// `reasoning_content`, OpenRouter's `reasoning`) lives in the conversation as a thinking block
// with a marker instead of a signature: history repair keeps signed thinking only, and some
// endpoints (DeepSeek within a tool loop) need their reasoning back. Anthropic would refuse the
// marker as a signature, so requests to it leave these blocks out.
import type { AssistantBlock, Message, ThinkingBlock } from '../conversation.js';
import { repairHistory } from '../history-repair.js';

/** Not a real signature: says "reasoning text from an OpenAI-compatible endpoint". */
export const OPENAI_REASONING_SIGNATURE = 'inkling:openai-reasoning';

export function reasoningBlock(thinking: string): ThinkingBlock {
  return { type: 'thinking', thinking, signature: OPENAI_REASONING_SIGNATURE };
}

export function isOpenAIReasoning(block: AssistantBlock): block is ThinkingBlock {
  return block.type === 'thinking' && block.signature === OPENAI_REASONING_SIGNATURE;
}

/** The conversation without OpenAI-compatible reasoning; the same array when there is none. */
export function withoutOpenAIReasoning(messages: Message[]): Message[] {
  if (!messages.some((m) => m.role === 'assistant' && m.content.some(isOpenAIReasoning))) return messages;
  const kept = messages.map((m) => (m.role === 'assistant' ? { ...m, content: m.content.filter((b) => !isOpenAIReasoning(b)) } : m));
  // An answer that was only reasoning disappears; repair merges the user messages around it.
  return repairHistory(kept);
}
