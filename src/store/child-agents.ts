// What the store knows of child agents (the task tool) for the status line: how many run now, and
// what their tokens cost at each child's own model (the session's usage counts them too).
import type { AppState } from './app-store.js';
import { addUsage, type Usage } from '../core/conversation.js';
import { estimateCost } from '../core/providers/models.js';

/** The parent's task calls running now (each is one child; its own children are inside its card). */
export function runningChildren(s: Pick<AppState, 'activeToolIds' | 'items' | 'index'>): number {
  let n = 0;
  for (const id of s.activeToolIds) {
    const item = s.items[s.index[id] ?? -1];
    if (item?.kind === 'tool' && item.name === 'task' && item.status === 'running') n++;
  }
  return n;
}

/** One of a child's requests, priced at the child's model; one without a price stays for the parent's. */
export function withChildRequest(priced: AppState['childPriced'], model: string | undefined, usage: Usage): AppState['childPriced'] {
  const cost = model ? estimateCost(model, usage) : null;
  return cost === null ? priced : { usage: addUsage(priced.usage, usage), cost: priced.cost + cost };
}

/** The session's cost: the children's requests at their models, the rest at `model` (the parent's); null when that has no price. */
export function sessionCost(s: Pick<AppState, 'sessionUsage' | 'childPriced'>, model: string): number | null {
  const u = s.sessionUsage;
  const c = s.childPriced.usage;
  const own: Usage = {
    inputTokens: Math.max(0, u.inputTokens - c.inputTokens),
    outputTokens: Math.max(0, u.outputTokens - c.outputTokens),
    cacheReadTokens: Math.max(0, u.cacheReadTokens - c.cacheReadTokens),
    cacheWriteTokens: Math.max(0, u.cacheWriteTokens - c.cacheWriteTokens),
    ...(u.webSearches ? { webSearches: Math.max(0, u.webSearches - (c.webSearches ?? 0)) } : {}),
  };
  const parent = estimateCost(model, own);
  return parent === null ? null : parent + s.childPriced.cost;
}
