// The README's key table is generated from the key map. `node --import tsx scripts/print-keys.ts`
// prints it; with --write it replaces the table between the markers in README.md.
import { keyTableMarkdown } from '../src/keys/keymap.js';
import { printOrWrite, withTable } from './readme-table.js';

export const KEYS_START = '<!-- keys:start (generated from src/keys/keymap.ts: node --import tsx scripts/print-keys.ts --write) -->';
export const KEYS_END = '<!-- keys:end -->';

/** The README text with its key table replaced by the one the key map generates. */
export const withKeyTable = (readme: string): string => withTable(readme, KEYS_START, KEYS_END, keyTableMarkdown(), 'key');

if (process.argv[1] && /print-keys\.[jt]s$/.test(process.argv[1])) printOrWrite(keyTableMarkdown, withKeyTable);
