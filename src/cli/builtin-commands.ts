// Names of the built-in slash commands, which win over a custom command file of the same name:
// the TUI's own, plus the names other work is adding, so a file does not take them first.
import { SLASH_COMMANDS } from '../core/commands/slash-commands.js';

const COMING = ['/memory', '/model', '/mcp', '/rewind', '/resume', '/compact'];

export const BUILTIN_COMMANDS: readonly string[] = [...new Set([...SLASH_COMMANDS.map((c) => c.name), ...COMING])];
