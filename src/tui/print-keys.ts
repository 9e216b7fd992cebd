// Prints the README key table, generated from the key map: node --import tsx src/tui/print-keys.ts
import { keyTableMarkdown } from './keymap.js';

process.stdout.write(keyTableMarkdown());
