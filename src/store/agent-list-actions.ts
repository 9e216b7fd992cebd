// /agents: the child agent definitions the task tool offers, each with where it comes from, as one
// notice (the same shape as /skills).
import type { AgentListing } from '../core/setup/setup-lists.js';
import type { AppStore } from './app-store.js';
import { addNotice } from './view-actions.js';

const ORIGINS: Record<AgentListing['origin'], string> = {
  'built-in': 'built in',
  workspace: 'project',
  'claude-workspace': 'project (Claude Code)',
  user: 'yours',
  'claude-user': 'yours (Claude Code)',
};

export async function listAgents(store: AppStore): Promise<void> {
  addNotice(store, agentsText(await store.door.send({ type: 'listAgents' })));
}

export function agentsText(agents: readonly AgentListing[]): string {
  if (agents.length === 0) return 'No agents: the task tool is not available in this session.';
  const width = Math.max(...agents.map((a) => a.name.length));
  const rows = agents.flatMap((a) => {
    const words = [ORIGINS[a.origin], ...(a.location ? [a.location] : []), ...(a.tools ? [`tools: ${a.tools.join(', ')}`] : []), ...(a.model !== 'inherit' ? [`model: ${a.model}`] : [])];
    return [`  ${a.name.padEnd(width)}  ${words.join(' · ')}`, `  ${' '.repeat(width)}  ${a.description}`];
  });
  return [`Agents the model can hand a task to (${agents.length}); definitions in .inkling/agents, .claude/agents or the same under your home (README: Child agents):`, ...rows].join('\n');
}
