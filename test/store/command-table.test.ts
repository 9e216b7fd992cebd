// The slash commands are one table: the prompt runs a built-in through its row, the `/` menu and
// help list the rows (command files after the built-ins), and README carries the table they make.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILTIN_COMMANDS, commandRows, completeSlash, findCommand, menuHelp } from '../../src/store/command-table.js';
import { createAppStore } from '../../src/store/app-store.js';
import { submit } from '../../src/keys/input-keys.js';
import type { CustomCommand } from '../../src/core/commands/custom-commands.js';
import { spyDoor } from '../helpers/spy-door.js';
import { completionFor } from '../../src/store/input-actions.js';

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

  it("lists an MCP server's prompts last as /mcp__server__prompt rows with their arguments, and sends one as typed", () => {
    const mcp = [{ name: 'docs', prompts: [{ name: 'review', description: 'review a page', arguments: [{ name: 'page', required: true }, { name: 'tone', required: false }] }, { name: 'plain', arguments: [] }] }];
    const rows = commandRows([review], mcp);
    expect(rows.slice(-3).map((r) => r.name)).toEqual(['/review', '/mcp__docs__review', '/mcp__docs__plain']);
    const row = rows.at(-2)!;
    expect(row.origin).toBe('mcp');
    expect(menuHelp(row)).toBe('<page> [tone] review a page (mcp)');
    expect(menuHelp(rows.at(-1)!)).toBe('MCP prompt (mcp)');
    const sent: string[] = [];
    const send = (text: string) => {
      const door = spyDoor();
      door.on('submit', (r) => void sent.push(r.prompt));
      const store = createAppStore({}, { door });
      store.setState({ mcp: { servers: mcp as never, summary: 'MCP 1', selected: 0 }, input: { text, cursor: text.length } });
      submit(store);
      return store;
    };
    // The `/` menu offers them as the name is typed.
    const input = { text: '/mcp__d', cursor: 7 };
    expect(completionFor({ input, completion: null, workspace: createAppStore().getState().workspace, mcp: { servers: mcp as never, summary: '', selected: 0 } }, () => [])?.options).toEqual(['/mcp__docs__review', '/mcp__docs__plain']);
    // Without arguments it is still a prompt for the core (which asks the server), not an unknown command.
    expect(send('/mcp__docs__plain').getState().flash).toBeFalsy();
    send('/mcp__docs__review intro');
    expect(sent).toEqual(['/mcp__docs__plain', '/mcp__docs__review intro']);
  });

  it('README.md carries the table it generates (regenerate: node --import tsx scripts/print-commands.ts --write)', async () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const { withCommandTable } = await import('../../scripts/print-commands.js');
    expect(withCommandTable(readme)).toBe(readme);
    for (const c of BUILTIN_COMMANDS) expect(readme).toContain(`| \`${c.name}`);
  });
});
