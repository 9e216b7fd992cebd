// The README's key table is generated from the key map. `node --import tsx scripts/print-keys.ts`
// prints it; with --write it replaces the table between the markers in README.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { keyTableMarkdown } from '../src/keys/keymap.js';

export const KEYS_START = '<!-- keys:start (generated from src/keys/keymap.ts: node --import tsx scripts/print-keys.ts --write) -->';
export const KEYS_END = '<!-- keys:end -->';

/** The README text with its key table replaced by the one the key map generates. */
export function withKeyTable(readme: string): string {
  const start = readme.indexOf(KEYS_START);
  const end = readme.indexOf(KEYS_END);
  if (start === -1 || end < start) throw new Error('README.md has no key table markers');
  return `${readme.slice(0, start + KEYS_START.length)}\n\n${keyTableMarkdown()}\n${readme.slice(end)}`;
}

if (process.argv[1] && /print-keys\.[jt]s$/.test(process.argv[1])) {
  if (process.argv.includes('--write')) {
    const file = new URL('../README.md', import.meta.url);
    writeFileSync(file, withKeyTable(readFileSync(file, 'utf8')));
  } else {
    process.stdout.write(keyTableMarkdown());
  }
}
