// /skills and /hooks of a session's agent: made with the agent (they read its conversation, its
// skills and its hooks) and kept beside it for the door, as the MCP servers are.
import type { Agent } from '../core/agent.js';
import type { SetupLists } from '../core/setup/setup-lists.js';

const listsOfAgent = new WeakMap<Agent, SetupLists>();

export function keepSetupLists(agent: Agent, lists: SetupLists): void {
  listsOfAgent.set(agent, lists);
}

/** The agent's lists; null for an agent built without them (the demo, tests). */
export function setupListsOf(agent: Agent): SetupLists | null {
  return listsOfAgent.get(agent) ?? null;
}
