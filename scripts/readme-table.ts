// README's generated tables (keys, slash commands) live between two marker comments; these put a
// fresh table there, and run a generator script: print the table, or with --write replace it in README.md.
import { readFileSync, writeFileSync } from 'node:fs';

/** The README text with what stands between `start` and `end` replaced by `table`. */
export function withTable(readme: string, start: string, end: string, table: string, what: string): string {
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from === -1 || to < from) throw new Error(`README.md has no ${what} table markers`);
  return `${readme.slice(0, from + start.length)}\n\n${table}\n${readme.slice(to)}`;
}

/** `node --import tsx scripts/<script>` prints the table; with --write it goes into README.md. */
export function printOrWrite(table: () => string, replace: (readme: string) => string): void {
  if (!process.argv.includes('--write')) return void process.stdout.write(table());
  const file = new URL('../README.md', import.meta.url);
  writeFileSync(file, replace(readFileSync(file, 'utf8')));
}
