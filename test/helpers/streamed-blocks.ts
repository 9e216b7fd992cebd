// What the loop keeps of a stream that failed: the blocks its events completed, gathered the way
// response-stream.ts gathers them (text, finished thinking, finished tool calls).
import type { AssistantBlock } from '../../src/core/conversation.js';
import type { ProviderEvent } from '../../src/core/providers/provider.js';
import { PartialMessage } from '../../src/core/response-stream.js';

export function streamedBlocks(events: readonly ProviderEvent[]): AssistantBlock[] {
  const partial = new PartialMessage();
  for (const ev of events) {
    if (ev.type === 'text_delta') partial.text(ev.index, ev.text);
    else if (ev.type === 'thinking_end') partial.block(ev.index, ev.block);
    else if (ev.type === 'tool_use_end') partial.toolUse(ev.index, ev.toolUse);
  }
  return partial.blocks();
}
