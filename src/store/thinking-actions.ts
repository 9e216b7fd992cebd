// Alt+T: thinking on or off for the next requests. The core's answer says which (or why not);
// the status line shows `thinking` while it is on.
import { formatTokenCount } from '../core/context/token-estimate.js';
import type { AppStore } from './app-store.js';
import { flash } from './view-actions.js';

export function toggleThinking(store: AppStore): void {
  const r = store.door.send({ type: 'toggleThinking' });
  if ('refused' in r) return flash(store, r.refused);
  store.setState({ thinkingBudget: r.on ? r.budget : null });
  flash(store, r.on ? `thinking on (${formatTokenCount(r.budget)} tokens) from the next request` : 'thinking off from the next request');
}
