// The slash commands are one table: the prompt runs a built-in through its row, the `/` menu and
// help list the rows (command files after the built-ins), and README carries the table they make.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILTIN_COMMANDS, commandRows, completeSlash, findCommand, menuHelp } from '../../src/store/command-table.js';
import { createAppStore } from '../../src/store/app-store.js';
import { submit } from '../../src/keys/input-keys.js';
import type { CustomCommand } from '../../src/core/commands/custom-commands.js';

const review: CustomCommand = { name: '/review', scope: 'project', description: 'review a folder', argumentHint: '<path>', body: 'Review $1.', path: '/w/.inkling/commands/review.md' };
const shadow: CustomCommand = { name: '/help', scope: 'user', description: 'not the real help', body: 'x', path: '/h/commands/help.md' };

describe('the command table', () => {
  it('the prompt runs a built-in through its row, with what follows the name as its arguments', () => {
    const store = createAppStore();
    store.setState({ input: { text: '/mouse', cursor: 6 } });
    submit(store);
    expect(store.getState().mouse).toBe(true);
    expect(findCommand('/context 3 ')).toBe(BUILTIN_COMMANDS.find((c) => c.name === '/context'));
  });

  it('lists the built-ins first, then command files, a file never taking a built-in name', () => {
    const rows = commandRows([shadow, review]);
    expect(rows.map((r) => r.name)).toEqual([...BUILTIN_COMMANDS.map((c) => c.name), '/review']);
    expect(completeSlash('/re', rows)).toEqual(['/resume', '/rewind', '/review']);
    const custom = rows.at(-1)!;
    expect(menuHelp(custom)).toBe('<path> review a folder (project)');
    expect(custom.kind === 'prompt' && custom.prompt('src')).toBe('Review src.');
  });

  it('README.md carries the table it generates (regenerate: node --import tsx scripts/print-commands.ts --write)', async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const { withCommandTable } = await import('../../scripts/print-commands.js');
    expect(withCommandTable(readme)).toBe(readme);
    for (const c of BUILTIN_COMMANDS) expect(readme).toContain(`| \`${c.name}`);
  });
});
