// What the transcript shows: one item per prompt, thinking run, text run, tool call or notice.
// Items are immutable: an update replaces the object, so caches can key on identity.
import type { ToolStatus } from '../core/events.js';
import type { ToolDetails } from '../core/tools/details.js';

export interface UserItem { kind: 'user'; id: string; text: string }
export interface AssistantItem { kind: 'assistant'; id: string; text: string; streaming: boolean }
export interface ThinkingItem {
  kind: 'thinking';
  id: string;
  text: string;
  streaming: boolean;
  startedAt: number;
  endedAt?: number;
}
export interface ToolItem {
  kind: 'tool';
  id: string;
  name: string;
  input: unknown;
  readOnly: boolean;
  status: ToolStatus;
  createdAt: number;
  startedAt?: number;
  endedAt?: number;
  details?: ToolDetails;
  /** When live output last arrived (a silent running command may be waiting for input). */
  outputAt?: number;
  result?: { content: string; isError: boolean; durationMs: number };
}
export interface NoticeItem { kind: 'notice'; id: string; text: string; level: 'info' | 'error' }

export type TranscriptItem = UserItem | AssistantItem | ThinkingItem | ToolItem | NoticeItem;

export function isActiveTool(item: TranscriptItem): item is ToolItem {
  return item.kind === 'tool' && (item.status === 'queued' || item.status === 'running');
}

/** Items that change with the clock (spinners, elapsed time) and so redraw on each tick. */
export function animates(item: TranscriptItem): boolean {
  return (item.kind === 'tool' && item.status === 'running') || (item.kind === 'thinking' && item.streaming);
}
