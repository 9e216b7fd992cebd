// The agent's turn_start said more than the prompt's echo (an MCP prompt expanded, a resource's
// images added): the echoed user item takes its text and images in place, still one item.
import type { TurnStart } from '../core/turn-start.js';
import type { AppStore } from './app-store.js';
import { toSafeEvent } from './safe-events.js';

/** The newest user item (the echo) takes the turn_start's text and images. */
export function restatePrompt(store: AppStore, ev: TurnStart): void {
  const safe = toSafeEvent(ev);
  if (safe.type !== 'turn_start') return;
  const items = store.getState().items;
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.kind !== 'user') continue;
    const { images: _old, ...rest } = item;
    const next = items.slice();
    next[i] = { ...rest, text: safe.prompt, ...(safe.images?.length ? { images: safe.images } : {}) };
    store.setState({ items: next });
    return;
  }
}
