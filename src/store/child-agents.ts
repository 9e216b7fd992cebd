// What the store knows of child agents (the task tool) for the status line: how many run now.
import type { AppState } from './app-store.js';

/** The parent's task calls running now (each is one child; its own children are inside its card). */
export function runningChildren(s: Pick<AppState, 'activeToolIds' | 'items' | 'index'>): number {
  let n = 0;
  for (const id of s.activeToolIds) {
    const item = s.items[s.index[id] ?? -1];
    if (item?.kind === 'tool' && item.name === 'task' && item.status === 'running') n++;
  }
  return n;
}
