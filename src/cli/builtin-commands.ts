// Names of the built-in slash commands (today's and those other work adds), which win over a
// custom command file of the same name.
export const BUILTIN_COMMANDS: readonly string[] = ['/help', '/clear', '/mouse', '/exit', '/memory', '/model', '/mcp', '/rewind', '/resume', '/compact'];
