// What is said once at start about the person's Claude Code setup, gathered from the readers of
// skills, hooks, agent definitions and permission rules (each loaded on demand, after the first frame).
import type { InklingConfig } from './config.js';

/** Everything said once about the person's setup: skills that could not be read, hooks not run or malformed, rules that do not map. */
export async function setupNotices(config: InklingConfig): Promise<string[]> {
  const [{ sessionSkills }, { sessionHookFiles }, { claudePermissionRules }, { sessionAgents }] = await Promise.all([
    import('./skills-session.js'),
    import('./hooks-session.js'),
    import('./claude-permissions.js'),
    import('./agents-session.js'),
  ]);
  const [skills, hooks, agents] = await Promise.all([sessionSkills(config), sessionHookFiles(config), sessionAgents(config)]);
  const rules = claudePermissionRules(config.workspaceRoot, config.report?.trust.trusted ?? false, config.settings.compat.claude);
  const { skillAllowRules } = await import('../core/skills/skill-permissions.js');
  const skillRules = skillAllowRules(skills.skills, config.report?.trust.trusted ?? false);
  return [...skills.notices, ...skillRules.problems, ...hooks.notices, ...agents.notices, ...rules.problems];
}
