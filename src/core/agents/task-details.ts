// What the UI gets of a task call: the child's live row (what it runs now, when it last made
// progress, its counts) and, once it ends, its envelope. Never shown to the model.
import type { Usage } from '../conversation.js';
import type { TaskEnvelope, TaskStatus } from './task-envelope.js';

/** One of a child's calls as its task card lists it. */
export interface ChildCall {
  tool: string;
  arg: string;
  status: 'running' | 'done' | 'error' | 'cancelled';
}

export const MAX_LISTED_CALLS = 50;

/** A running child silent this long: its card says "no progress" (components/tools/task.ts). */
export const NO_PROGRESS_MS = 30_000;

export interface TaskDetails {
  kind: 'task';
  /** The definition's name (explore, general, a file's). */
  agent: string;
  description: string;
  /** 1 for the parent's children, 2 for theirs. */
  depth: number;
  /** waiting: for a free place (agents.maxConcurrent). */
  status: 'waiting' | 'running' | TaskStatus;
  /** Epoch ms it started running (absent while waiting). */
  startedAt?: number;
  /**
   * Epoch ms of the last token or tool event, sent only when it matters: at most PROGRESS_LAG_MS
   * (child-agent.ts) behind, so the row says "no progress" when it is NO_PROGRESS_MS ago.
   */
  lastProgressAt?: number;
  /** The call the child runs now and its key argument. */
  current?: { tool: string; arg: string };
  toolCalls: number;
  /** The child's calls in order (the last MAX_LISTED_CALLS), for the expanded card and a resumed session. */
  calls?: ChildCall[];
  usage: Usage;
  cost: number | null;
  envelope?: TaskEnvelope;
}
