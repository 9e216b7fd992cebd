// Images in -p: stream-json events print a tool result's images without their bytes. (Reading the
// prompt's images is core/images/prompt-images.ts, shared with the TUI.)
import type { AgentEvent } from '../core/events.js';
export { mentionedImages, promptImages } from '../core/images/prompt-images.js';

/** A tool result's images as stream-json prints them: what they are, not their bytes. */
export function withoutImageBytes<E extends { type: string }>(event: E): E {
  const images = (event as Partial<Extract<AgentEvent, { type: 'tool_result' }>>).images;
  if (event.type !== 'tool_result' || !images) return event;
  return { ...event, images: images.map(({ data: _, ...meta }) => meta) };
}
