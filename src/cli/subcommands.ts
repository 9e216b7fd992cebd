// The subcommands: a first argument of `config`, `mcp` or `rewind`. Each entry loads its module
// on demand; `mcp` and `rewind` are registered here by the work that builds them.
import type { SubcommandName } from './args.js';
import type { SubcommandContext } from './subcommand-context.js';

export type { SubcommandContext } from './subcommand-context.js';

/** Runs the subcommand with the words after its name; returns the exit code. */
export type Subcommand = (argv: string[], ctx: SubcommandContext) => Promise<number>;

export const SUBCOMMANDS: Partial<Record<SubcommandName, Subcommand>> = {
  config: async (argv, ctx) => (await import('./config-command.js')).runConfigCommand(argv, ctx),
  rewind: async (argv, ctx) => (await import('./rewind-command.js')).runRewindCommand(argv, ctx),
  mcp: async (argv, ctx) => (await import('./mcp-command.js')).runMcpCommand(argv, ctx),
};
