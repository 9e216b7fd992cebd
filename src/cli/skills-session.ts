// The session's skills: found once after the first frame (never in the warm-up), then given to the
// agent (catalog and skill tool), to the notices, and to the `/` menu as /<skill> commands.
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CustomCommand, CustomCommandSet } from '../core/commands/custom-commands.js';
import type { Skill, SkillDiscovery } from '../core/skills/discover-skills.js';
import type { Message } from '../core/conversation.js';
import type { PermissionGate } from '../core/permissions/gate.js';
import type { InklingConfig } from './config.js';

const found = new Map<string, Promise<SkillDiscovery>>();

/** The skills of this workspace and person; one walk per workspace and home, shared by every caller. */
export function sessionSkills(config: InklingConfig): Promise<SkillDiscovery> {
  const readClaude = config.settings.compat.claude;
  const key = `${config.workspaceRoot}\0${config.home}\0${readClaude}`;
  let walk = found.get(key);
  if (!walk) {
    walk = import('../core/skills/discover-skills.js')
      .then(({ discoverSkills }) => discoverSkills({ workspaceRoot: config.workspaceRoot, inklingHome: config.home, userHome: process.env.HOME ?? os.homedir(), readClaude }))
      .catch((err: Error) => ({ skills: [], notices: [`skills could not be looked for: ${err.message}`] }));
    found.set(key, walk);
  }
  return walk;
}

/** How a skill's file is named to the model and the person: workspace-relative, else ~-relative, else absolute. */
export function skillDisplayPath(file: string, workspaceRoot: string): string {
  const rel = path.relative(workspaceRoot, file);
  if (!rel.startsWith('..') && !path.isAbsolute(rel)) return rel;
  const home = process.env.HOME ?? os.homedir();
  const fromHome = path.relative(home, file);
  return !fromHome.startsWith('..') && !path.isAbsolute(fromHome) ? `~/${fromHome}` : file;
}

/** User-invocable skills as /<name> commands (the body with $ARGUMENTS); a skill that cannot be read is left out. */
export async function skillCommands(skills: readonly Skill[]): Promise<CustomCommand[]> {
  const { skillBody } = await import('../core/tools/skill.js');
  const out: CustomCommand[] = [];
  for (const s of skills.filter((k) => k.userInvocable)) {
    const text = await readFile(s.file, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    out.push({
      name: `/${s.name}`,
      scope: s.origin,
      description: s.description,
      ...(s.argumentHint ? { argumentHint: s.argumentHint } : {}),
      body: `Skill "${s.name}" is active (${s.dir}).\n\n${skillBody(text, '').trim()}`,
      path: s.file,
    });
  }
  return out;
}

/** Commands from files first; a skill whose name a command (or a built-in) has already is not added. */
export function withSkillCommands(set: CustomCommandSet, skills: readonly CustomCommand[], builtins: readonly string[]): CustomCommandSet {
  const taken = new Set([...set.commands.map((c) => c.name.toLowerCase()), ...builtins.map((b) => b.toLowerCase())]);
  const added = skills.filter((c) => !taken.has(c.name.toLowerCase()));
  const commands = [...set.commands, ...added].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { commands, notices: set.notices };
}

/**
 * A started skill's allowed-tools are allow rules while the conversation holds it started (the gate
 * asks at every check); a project skill's only in a trusted workspace. Nothing when no skill has any.
 */
export async function applySkillRules(gate: PermissionGate, skills: readonly Skill[], trusted: boolean, conversation: { messages(): readonly Message[]; dropped(id: string): boolean }): Promise<void> {
  if (!skills.some((s) => s.allowedTools.length > 0)) return;
  const [{ skillAllowRules, activeSkillRules }, { startedSkills }] = await Promise.all([import('../core/skills/skill-permissions.js'), import('../core/skills/started-skills.js')]);
  const rules = skillAllowRules(skills, trusted);
  if (rules.bySkill.size > 0) gate.setRulesWhileActive(() => activeSkillRules(rules, startedSkills(conversation.messages(), conversation.dropped)));
}
