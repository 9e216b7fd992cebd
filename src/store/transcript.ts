// What the transcript shows: one item per prompt, thinking run, text run, tool call or notice.
// Items are immutable: an update replaces the object, so caches can key on identity.
// Every string an item holds that came from outside is SafeText (made so in safe-events.ts).
import type { ToolStatus } from '../core/events.js';
import type { SafeJson, SafeText } from '../core/text/safe-text.js';
import type { SafeToolDetails } from './safe-events.js';

export interface UserItem { kind: 'user'; id: string; text: SafeText }
export interface AssistantItem { kind: 'assistant'; id: string; text: SafeText; streaming: boolean }
export interface ThinkingItem {
  kind: 'thinking';
  id: string;
  text: SafeText;
  streaming: boolean;
  startedAt: number;
  endedAt?: number;
}
export interface ToolItem {
  kind: 'tool';
  id: string;
  name: SafeText;
  input: SafeJson;
  readOnly: boolean;
  status: ToolStatus;
  createdAt: number;
  startedAt?: number;
  endedAt?: number;
  details?: SafeToolDetails;
  /** When live output last arrived (a silent running command may be waiting for input). */
  outputAt?: number;
  result?: { content: SafeText; isError: boolean; durationMs: number };
}
export interface NoticeItem { kind: 'notice'; id: string; text: SafeText; level: 'info' | 'error' }

export type TranscriptItem = UserItem | AssistantItem | ThinkingItem | ToolItem | NoticeItem;

export function isActiveTool(item: TranscriptItem): item is ToolItem {
  return item.kind === 'tool' && (item.status === 'queued' || item.status === 'running');
}

/** Items that change with the clock (spinners, elapsed time) and so redraw on each tick. */
export function animates(item: TranscriptItem): boolean {
  return (item.kind === 'tool' && item.status === 'running') || (item.kind === 'thinking' && item.streaming);
}
