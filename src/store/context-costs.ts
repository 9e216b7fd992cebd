// Keeps each tool card's "what it costs in the context now" and the meter's window current: after
// every run (a turn, a compaction) and every context edit, asked of the door.
import type { AppStore } from './app-store.js';
import type { ToolItem } from './transcript.js';

export function refreshContextCosts(store: AppStore, only?: string): void {
  const s = store.getState();
  const ids = s.items.filter((item) => item.kind === 'tool' && (only === undefined || item.id === only)).map((item) => item.id);
  const { window, costs } = store.door.send({ type: 'contextCosts', ids });
  if (window !== undefined && window !== s.contextWindow) store.setState({ contextWindow: window });
  let items: typeof s.items | null = null;
  s.items.forEach((item, i) => {
    if (item.kind !== 'tool' || !(item.id in costs)) return;
    const c = costs[item.id];
    const next = c ? { input: c.input, result: c.result } : undefined;
    if (next?.input === item.contextCost?.input && next?.result === item.contextCost?.result) return;
    items ??= s.items.slice();
    const { contextCost: _old, ...rest } = item;
    items[i] = (next ? { ...rest, contextCost: next } : rest) as ToolItem;
  });
  if (items) store.setState({ items });
}
