// README's table of slash commands is generated from the command table. `node --import tsx
// scripts/print-commands.ts` prints it; with --write it replaces the table between the markers in README.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { commandTableMarkdown } from '../src/store/command-table.js';

export const COMMANDS_START = '<!-- commands:start (generated from src/store/command-table.ts: node --import tsx scripts/print-commands.ts --write) -->';
export const COMMANDS_END = '<!-- commands:end -->';

/** The README text with its command table replaced by the one the command table generates. */
export function withCommandTable(readme: string): string {
  const start = readme.indexOf(COMMANDS_START);
  const end = readme.indexOf(COMMANDS_END);
  if (start === -1 || end < start) throw new Error('README.md has no command table markers');
  return `${readme.slice(0, start + COMMANDS_START.length)}\n\n${commandTableMarkdown()}\n${readme.slice(end)}`;
}

if (process.argv[1] && /print-commands\.[jt]s$/.test(process.argv[1])) {
  if (process.argv.includes('--write')) {
    const file = new URL('../README.md', import.meta.url);
    writeFileSync(file, withCommandTable(readFileSync(file, 'utf8')));
  } else {
    process.stdout.write(commandTableMarkdown());
  }
}
