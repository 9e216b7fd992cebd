// /agents: the child agent definitions the task tool offers, on the one list picker with the setup
// lists (setup-list-picker.ts): each with where it comes from, its file, tools and model.
import type { AppStore } from './app-store.js';
import { withSetupLists } from './setup-list-loader.js';

export function listAgents(store: AppStore): Promise<void> | void {
  return withSetupLists((lists) => lists.openSetupList(store, 'agents'));
}
