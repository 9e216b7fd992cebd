// Our image blocks in Anthropic's shape: a base64 source, inside the tool result that returned it
// (text first) or among the prompt's blocks. Messages without images go out untouched.
import type { ImageBlock, Message, UserBlock } from '../conversation.js';

interface AnthropicImage { type: 'image'; source: { type: 'base64'; media_type: string; data: string } }

function anthropicImage(image: ImageBlock): AnthropicImage {
  return { type: 'image', source: { type: 'base64', media_type: image.mediaType, data: image.data } };
}

function hasImages(block: UserBlock): boolean {
  return block.type === 'image' || (block.type === 'tool_result' && (block.images?.length ?? 0) > 0);
}

function toAnthropicBlock(block: UserBlock): unknown {
  if (block.type === 'image') return anthropicImage(block);
  if (block.type === 'tool_result' && block.images?.length) {
    const { images, content, ...rest } = block;
    const text = content ? [{ type: 'text', text: content }] : [];
    return { ...rest, content: [...text, ...images.map(anthropicImage)] };
  }
  return block;
}

/** The messages as the Anthropic API takes them: image blocks rewritten, everything else as is. */
export function withAnthropicImages(messages: Message[]): unknown[] {
  return messages.map((m) =>
    m.role === 'user' && m.content.some(hasImages) ? { role: 'user', content: m.content.map(toAnthropicBlock) } : m,
  );
}
