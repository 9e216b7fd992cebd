// README's table of slash commands is generated from the command table. `node --import tsx
// scripts/print-commands.ts` prints it; with --write it replaces the table between the markers in README.md.
import { commandTableMarkdown } from '../src/store/command-table.js';
import { printOrWrite, withTable } from './readme-table.js';

export const COMMANDS_START = '<!-- commands:start (generated from src/store/command-table.ts: node --import tsx scripts/print-commands.ts --write) -->';
export const COMMANDS_END = '<!-- commands:end -->';

/** The README text with its command table replaced by the one the command table generates. */
export const withCommandTable = (readme: string): string => withTable(readme, COMMANDS_START, COMMANDS_END, commandTableMarkdown(), 'command');

if (process.argv[1] && /print-commands\.[jt]s$/.test(process.argv[1])) printOrWrite(commandTableMarkdown, withCommandTable);
