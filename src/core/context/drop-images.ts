// The images-only pass that runs before a summary: when the context is nearly full, every image the
// person did not pin, outside the current exchange, becomes a line naming it; only if that is not
// enough is the conversation summarised. Session restore applies the same function to the same
// messages, so a resumed conversation matches the one that ran.
import type { ImageBlock, Message, UserBlock } from '../conversation.js';
import type { AgentEvent } from '../events.js';
import type { ToolDefinition } from '../providers/provider.js';
import { keptFrom } from './compaction.js';
import type { ConversationContext } from './conversation-context.js';

export type DroppedImage = Pick<ImageBlock, 'name' | 'width' | 'height'>;

const droppedLine = (image: DroppedImage) => `[image dropped to save context: ${image.name}, ${image.width}×${image.height} — read the file again to see it]`;

/**
 * The messages before the last `keptMessages` with every image removed (a prompt's image becomes a
 * text line, a result's images a line after its text), except the images of results `isPinned`
 * says are pinned. Messages without images are passed on as they are.
 */
export function withoutImages(messages: readonly Message[], keptMessages: number, isPinned: (id: string) => boolean): { messages: Message[]; dropped: DroppedImage[] } {
  const dropped: DroppedImage[] = [];
  const cut = Math.max(0, messages.length - keptMessages);
  const note = (image: ImageBlock) => {
    dropped.push({ name: image.name, width: image.width, height: image.height });
    return droppedLine(image);
  };
  const out = messages.map((m, i): Message => {
    if (i >= cut || m.role !== 'user' || !m.content.some((b) => b.type === 'image' || (b.type === 'tool_result' && b.images?.length && !isPinned(b.tool_use_id)))) return m;
    const content = m.content.map((b): UserBlock => {
      if (b.type === 'image') return { type: 'text', text: note(b) };
      if (b.type !== 'tool_result' || !b.images?.length || isPinned(b.tool_use_id)) return b;
      const { images, ...rest } = b;
      return { ...rest, content: [b.content, ...images.map(note)].join('\n') };
    });
    return { ...m, content };
  });
  return { messages: out, dropped };
}

/**
 * Drops the unpinned images before the current exchange (the last turn, or within a single turn
 * its last exchange), publishing `images_dropped`; null when there were none to drop.
 */
export function dropImagesPass(run: { messages: Message[]; context: ConversationContext; tools: readonly ToolDefinition[]; emit: (e: AgentEvent) => void }): { messages: Message[]; tokensAfter: number } | null {
  const from = keptFrom(run.messages, 1);
  if (from === 0) return null;
  const keptMessages = run.messages.length - from;
  const pass = withoutImages(run.messages, keptMessages, (id) => run.context.edits.isPinned(id));
  if (pass.dropped.length === 0) return null;
  const tokensBefore = run.context.tokens(run.tools, run.messages);
  const tokensAfter = run.context.tokens(run.tools, pass.messages);
  run.emit({ type: 'images_dropped', images: pass.dropped, keptMessages, tokensBefore, tokensAfter });
  return { messages: pass.messages, tokensAfter };
}
