// The session's agent definitions (built-in, .inkling/agents, .claude/agents, the person's own):
// found once after the first frame and shared by the task tool, /agents and the start-up notices.
import os from 'node:os';
import type { AgentCatalog } from '../core/agents/definition-files.js';
import type { InklingConfig } from './config.js';

const found = new Map<string, Promise<AgentCatalog>>();

export function sessionAgents(config: InklingConfig): Promise<AgentCatalog> {
  const trusted = config.report?.trust.trusted ?? false;
  const readClaude = config.settings.compat.claude;
  const key = `${config.workspaceRoot}\0${config.home}\0${readClaude}\0${trusted}`;
  let walk = found.get(key);
  if (!walk) {
    walk = import('../core/agents/definition-files.js')
      .then(({ findAgentDefinitions }) =>
        findAgentDefinitions({ workspaceRoot: config.workspaceRoot, inklingHome: config.home, userHome: process.env.HOME ?? os.homedir(), readClaude, trusted }),
      )
      .catch(async (err: Error) => ({ definitions: [...(await import('../core/agents/agent-definitions.js')).BUILT_IN_AGENTS], notices: [`agent definitions could not be looked for: ${err.message}`] }));
    found.set(key, walk);
  }
  return walk;
}
