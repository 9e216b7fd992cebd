// Custom command files: front matter, argument substitution, shadowing and built-ins, on real
// folders.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expandCustomCommand, loadCustomCommands, matchCustomCommand, parseCommandFile } from '../../../src/core/commands/custom-commands.js';

let home: string;
let ws: string;
beforeEach(async () => {
  home = await mkdtemp(path.join(tmpdir(), 'inkling-home-'));
  ws = await mkdtemp(path.join(tmpdir(), 'inkling-ws-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
  await rm(ws, { recursive: true, force: true });
});

async function put(dir: string, name: string, text: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), text);
}

describe('parseCommandFile and expandCustomCommand', () => {
  it('reads description and argument-hint from the front matter, and the body as the prompt', () => {
    const cmd = parseCommandFile('/x/review.md', '---\ndescription: "Review code"\nargument-hint: <path>\nallowed-tools: bash\n---\n\nLook at $ARGUMENTS.\n', 'project');
    expect(cmd).toEqual({ name: '/review', scope: 'project', description: 'Review code', argumentHint: '<path>', body: 'Look at $ARGUMENTS.', path: '/x/review.md' });
  });

  it('takes a file without front matter whole, CRLF too', () => {
    expect(parseCommandFile('/x/t.md', 'Run the tests\r\nthen report.', 'user').body).toBe('Run the tests\nthen report.');
  });

  it.each([
    ['Fix $ARGUMENTS now', '  issue 12  ', 'Fix issue 12 now'],
    ['Compare $1 with $2 ($3)', 'a.ts "b c.ts"', 'Compare a.ts with b c.ts ()'],
    ['$1 and $ARGUMENTS', "'x y' z", "x y and 'x y' z"],
    ['No placeholders here.', 'extra words', 'No placeholders here.\n\nextra words'],
    ['No placeholders here.', '', 'No placeholders here.'],
  ])('%j with %j → %j', (body, args, expected) => {
    expect(expandCustomCommand({ name: '/c', scope: 'user', body, path: '/c.md' }, args)).toBe(expected);
  });
});

describe('loadCustomCommands', () => {
  it('lists project and user commands; a project one shadows a user one; a built-in beats both', async () => {
    await put(path.join(ws, '.inkling', 'commands'), 'review.md', 'project review');
    await put(path.join(ws, '.inkling', 'commands'), 'help.md', 'my help');
    await put(path.join(ws, '.inkling', 'commands'), 'bad name.md', 'x');
    await put(path.join(ws, '.inkling', 'commands'), 'notes.txt', 'not a command');
    await put(path.join(home, 'commands'), 'review.md', 'user review');
    await put(path.join(home, 'commands'), 'standup.md', '---\ndescription: Daily notes\n---\nWrite my standup');
    const set = await loadCustomCommands({ workspaceRoot: ws, home, builtins: ['/help', '/clear'] });
    expect(set.commands.map((c) => [c.name, c.scope, c.body])).toEqual([
      ['/review', 'project', 'project review'],
      ['/standup', 'user', 'Write my standup'],
    ]);
    expect(set.notices).toEqual([
      `${path.join(ws, '.inkling', 'commands', 'bad name.md')} is not used: a command name has letters, digits, - and _ only`,
      `/review from ${path.join(ws, '.inkling', 'commands', 'review.md')} shadows your own ${path.join(home, 'commands', 'review.md')}`,
      `${path.join(ws, '.inkling', 'commands', 'help.md')} is not used: /help is a built-in command`,
    ]);
    expect(matchCustomCommand(set, '/Review src')).toMatchObject({ command: { name: '/review' }, args: 'src' });
    expect(matchCustomCommand(set, '/help')).toBeUndefined();
  });

  it("reads .claude/commands beside .inkling/commands and ~/.claude/commands beside inkling's own; inkling's file wins a clash, with a notice", async () => {
    const userHome = path.join(ws, '..', 'person');
    await put(path.join(ws, '.claude', 'commands'), 'fix.md', 'claude fix');
    await put(path.join(ws, '.claude', 'commands'), 'review.md', 'claude review');
    await put(path.join(ws, '.inkling', 'commands'), 'review.md', 'inkling review');
    await put(path.join(userHome, '.claude', 'commands'), 'standup.md', 'claude standup');
    await put(path.join(userHome, '.claude', 'commands'), 'deploy.md', 'claude deploy');
    await put(path.join(home, 'commands'), 'deploy.md', 'inkling deploy');
    const set = await loadCustomCommands({ workspaceRoot: ws, home, builtins: [], userHome });
    expect(set.commands.map((c) => [c.name, c.scope, c.body])).toEqual([
      ['/deploy', 'user', 'inkling deploy'],
      ['/fix', 'project', 'claude fix'],
      ['/review', 'project', 'inkling review'],
      ['/standup', 'user', 'claude standup'],
    ]);
    expect(set.notices).toEqual([
      `${path.join(ws, '.claude', 'commands', 'review.md')} is not used: ${path.join(ws, '.inkling', 'commands', 'review.md')} is the same command (/review)`,
      `${path.join(userHome, '.claude', 'commands', 'deploy.md')} is not used: ${path.join(home, 'commands', 'deploy.md')} is the same command (/deploy)`,
    ]);
    // compat.claude: false reads neither of Claude Code's folders.
    const off = await loadCustomCommands({ workspaceRoot: ws, home, builtins: [], userHome, readClaude: false });
    expect(off.commands.map((c) => c.body)).toEqual(['inkling deploy', 'inkling review']);
  });
});
