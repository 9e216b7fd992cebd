// README's settings table, generated from the schema (src/core/config/schema.ts), the defaults,
// and the variables and flags that set each key. `--write` replaces the table in README.md.
//   node --import tsx scripts/print-settings.ts [--write]
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_NOTES, SETTING_DEFAULTS } from '../src/core/config/defaults.js';
import { ENV_SETTINGS } from '../src/core/config/env-settings.js';
import { parseKeyPath, valueAt } from '../src/core/config/key-paths.js';
import { settingRows } from '../src/core/config/schema-paths.js';
import { FLAG_SETTINGS } from '../src/cli/flag-settings.js';

export const START = '<!-- settings:start (generated from src/core/config/schema.ts: node --import tsx scripts/print-settings.ts --write) -->';
export const END = '<!-- settings:end -->';

export function settingsTable(): string {
  const rows = settingRows().map((row) => {
    const setBy = [
      ...FLAG_SETTINGS.filter((f) => f.key === row.key).map((f) => `\`${f.flag}\``),
      ...ENV_SETTINGS.filter((e) => e.key === row.key).map((e) => `\`${e.name}\`${e.providers ? ` (${e.providers.join(', ')})` : ''}`),
    ];
    return `| \`${row.key}\` | ${row.type} | ${defaultText(row.key)} | ${setBy.join(', ')} | ${row.description} |`;
  });
  return ['| key | type | default | flag / environment | what it does |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}

function defaultText(key: string): string {
  const note = DEFAULT_NOTES[key];
  if (note) return note;
  const value = valueAt(SETTING_DEFAULTS, parseKeyPath(key) ?? []);
  if (value === undefined) return '';
  if (typeof value === 'object' && value !== null && Object.keys(value).length === 0) return 'none';
  return `\`${JSON.stringify(value)}\``;
}

/** README with the table between the markers replaced. */
export function withSettingsTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`README.md has no ${START} ... ${END} block`);
  return `${readme.slice(0, start + START.length)}\n\n${settingsTable()}\n\n${readme.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
  if (process.argv.includes('--write')) writeFileSync(readmePath, withSettingsTable(readFileSync(readmePath, 'utf8')));
  else process.stdout.write(`${settingsTable()}\n`);
}
