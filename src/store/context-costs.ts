// Keeps each tool card's "what it costs in the context now" and the meter's window current: after
// every run (a turn, a compaction) and every edit the agent is asked; and the intents through which
// the UI compacts, edits and looks at the context.
import type { Agent } from '../core/agent.js';
import type { AppStore, Intents } from './app-store.js';
import type { ToolItem } from './transcript.js';
import type { EventBinding } from './event-binding.js';

type ContextAgent = Pick<Agent, 'toolCallCost' | 'contextWindow' | 'setContextEdit' | 'contextBreakdown'>;

export function refreshContextCosts(store: AppStore, agent: ContextAgent, only?: string): void {
  const cost = agent.toolCallCost?.bind(agent);
  const s = store.getState();
  const window = agent.contextWindow;
  if (window !== undefined && window !== s.contextWindow) store.setState({ contextWindow: window });
  if (!cost) return;
  let items: typeof s.items | null = null;
  s.items.forEach((item, i) => {
    if (item.kind !== 'tool' || (only !== undefined && item.id !== only)) return;
    const c = cost(item.id);
    const next = c ? { input: c.input, result: c.result } : undefined;
    if (next?.input === item.contextCost?.input && next?.result === item.contextCost?.result) return;
    items ??= s.items.slice();
    const { contextCost: _old, ...rest } = item;
    items[i] = (next ? { ...rest, contextCost: next } : rest) as ToolItem;
  });
  if (items) store.setState({ items });
}

export function contextIntents(
  store: AppStore,
  agent: ContextAgent,
  session: { compact(instructions?: string): boolean; binding: EventBinding },
  modelName: () => string,
): Pick<Intents, 'compact' | 'setContextEdit' | 'contextBreakdown' | 'modelName'> {
  return {
    modelName,
    compact: (instructions) => session.compact(instructions),
    setContextEdit(id, edit) {
      const ev = agent.setContextEdit?.(id, edit);
      if (!ev) return false;
      session.binding.push(ev);
      session.binding.flush();
      refreshContextCosts(store, agent, id);
      return true;
    },
    contextBreakdown: () => agent.contextBreakdown?.() ?? null,
  };
}
