// Whether two turn_starts say the same: an early one shown for a prompt (the UI's echo, a
// deferred agent's) stands for the agent's own only then; an MCP prompt expanded or a resource's
// images added make the agent's say more.
import type { ImageMeta } from './conversation.js';
import type { AgentEvent } from './events.js';

export type TurnStart = Extract<AgentEvent, { type: 'turn_start' }>;

export function sameTurnStart(a: TurnStart, b: TurnStart): boolean {
  const ai: readonly ImageMeta[] = a.images ?? [];
  const bi: readonly ImageMeta[] = b.images ?? [];
  return a.prompt === b.prompt && ai.length === bi.length && ai.every((m, i) => JSON.stringify(m) === JSON.stringify(bi[i]));
}
