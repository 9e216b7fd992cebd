// /init and `#` lines take the project memory (AGENTS.md, CLAUDE.md, …) into the running session:
// the session's agent keeps, beside it, how to compose its system prompt from memory files read
// again, as the MCP servers and /skills' lists are kept (a WeakMap, so nothing outlives the agent).
import type { Agent } from '../core/agent.js';
import type { MemoryFile } from '../core/memory/project-memory.js';

const reloaders = new WeakMap<Agent, (files: readonly MemoryFile[]) => void>();

export function keepMemoryReload(agent: Agent, reload: (files: readonly MemoryFile[]) => void): void {
  reloaders.set(agent, reload);
}

/** The next request of `agent` carries these memory files; false for an agent built without memory (the demo, tests). */
export function reloadAgentMemory(agent: Agent, files: readonly MemoryFile[]): boolean {
  const reload = reloaders.get(agent);
  reload?.(files);
  return reload !== undefined;
}
