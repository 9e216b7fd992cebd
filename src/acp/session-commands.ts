// The session's slash commands for the editor: the custom commands (.inkling/commands,
// .claude/commands, the person's own) and the skills a person may start as /name, offered with
// available_commands_update; a prompt that starts with one of them is expanded as -p expands it.
import os from 'node:os';
import type { AvailableCommand } from '@agentclientprotocol/sdk';
import type { CustomCommandSet } from '../core/commands/custom-commands.js';
import type { InklingConfig } from '../cli/config.js';

export async function sessionCommands(config: InklingConfig): Promise<CustomCommandSet> {
  const [{ loadCustomCommands }, { sessionSkills, skillCommands, withSkillCommands }] = await Promise.all([
    import('../core/commands/custom-commands.js'),
    import('../cli/skills-session.js'),
  ]);
  // An editor has none of the TUI's built-ins: every name is free for a command.
  const set = await loadCustomCommands({
    workspaceRoot: config.workspaceRoot,
    home: config.home,
    builtins: [],
    userHome: process.env.HOME ?? os.homedir(),
    readClaude: config.settings.compat.claude,
  });
  const { skills } = await sessionSkills(config);
  return withSkillCommands(set, await skillCommands(skills), []);
}

export function availableCommands(set: CustomCommandSet): AvailableCommand[] {
  return set.commands.map((c) => ({
    name: c.name.replace(/^\//, ''),
    description: c.description ?? `${c.scope} command`,
    ...(c.argumentHint ? { input: { hint: c.argumentHint } } : {}),
  }));
}

/** The prompt with a leading /command replaced by its text; as it is when none matches. */
export async function expandCommand(set: CustomCommandSet | undefined, prompt: string): Promise<string> {
  if (!set || !prompt.trimStart().startsWith('/')) return prompt;
  const { expandCustomCommand, matchCustomCommand } = await import('../core/commands/custom-commands.js');
  const match = matchCustomCommand(set, prompt);
  return match ? expandCustomCommand(match.command, match.args) : prompt;
}
