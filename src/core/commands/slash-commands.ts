// The slash commands the prompt understands, for completion and for running them.
export interface SlashCommand { name: string; help: string }

export const SLASH_COMMANDS: SlashCommand[] = [
  { name: '/help', help: 'show keys and commands' },
  { name: '/clear', help: 'start a new session and clear the screen (the old one stays on disk)' },
  { name: '/resume', help: 'open another session of this workspace (a picker)' },
  { name: '/sessions', help: "list this workspace's recent sessions" },
  { name: '/diff', help: 'everything this session changed, as one diff in the pager' },
  { name: '/rewind', help: 'pick a prompt to rewind files and conversation to (a preview first)' },
  { name: '/mcp', help: 'MCP servers: state, tools; start one again or turn it off' },
  { name: '/compact', help: 'summarise the conversation so far to free the context (/compact <what to keep>)' },
  { name: '/context', help: 'where the context window goes; /context <n> selects the n-th largest result' },
  { name: '/cost', help: 'tokens by kind, cost and cache savings of the session' },
  { name: '/model', help: 'pick the model that answers from the next request' },
  { name: '/mouse', help: 'turn mouse mode on or off (the wheel scrolls the transcript)' },
  { name: '/memory', help: 'the memory files in the prompt (AGENTS.md …) and their sizes' },
  { name: '/exit', help: 'leave inkling' },
];

/** Commands whose name starts with what was typed ("/c" → /clear): built-ins first, then `custom` ones. */
export function completeSlash(typed: string, custom: readonly string[] = []): string[] {
  const t = typed.toLowerCase();
  const builtins = SLASH_COMMANDS.map((c) => c.name);
  return [...builtins, ...custom.filter((n) => !builtins.includes(n.toLowerCase()))].filter((n) => n.toLowerCase().startsWith(t));
}

export function findCommand(text: string): SlashCommand | undefined {
  const name = text.trim().split(/\s+/)[0]!.toLowerCase();
  return SLASH_COMMANDS.find((c) => c.name === name);
}
