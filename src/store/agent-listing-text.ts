// How /agents' list says an agent definition: where it comes from, its file, tools and model.
import type { AgentListing } from '../core/setup/setup-lists.js';

const ORIGINS: Record<AgentListing['origin'], string> = {
  'built-in': 'built in',
  workspace: 'project',
  'claude-workspace': 'project (Claude Code)',
  user: 'yours',
  'claude-user': 'yours (Claude Code)',
};

/** Where a definition comes from, as the list says it. */
export function agentOrigin(a: Pick<AgentListing, 'origin'>): string {
  return ORIGINS[a.origin];
}

/** One agent's facts after its name: origin, file, tools, model. */
export function agentFacts(a: AgentListing): string {
  return [agentOrigin(a), ...(a.location ? [a.location] : []), ...(a.tools ? [`tools: ${a.tools.join(', ')}`] : []), ...(a.model !== 'inherit' ? [`model: ${a.model}`] : [])].join(' · ');
}
