// /permissions' list and removal on real files: a rule from an inkling settings file is written
// out of it atomically (its other keys stay) and stops applying at once; a remembered choice is
// forgotten in its file; a flag's rule says where to change it; a rule remembered for the session goes;
// a Claude Code rule leaves its .claude settings file as one list item, the rest of the file as written.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsFileReport } from '../../src/core/config/resolve.js';
import { parseRules, PermissionGate } from '../../src/core/permissions/gate.js';
import { readRememberedChoices, rememberChoice } from '../../src/core/permissions/remembered-choices.js';
import { permissionList } from '../../src/cli/permission-list.js';
import { claudePermissionRules } from '../../src/cli/claude-permissions.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'inkling-permission-list-'));
  await mkdir(path.join(root, '.inkling'));
});
afterEach(async () => rm(root, { recursive: true, force: true }));

const npmTest = { name: 'bash', input: { command: 'npm test' }, readOnly: false };

async function setUp() {
  const settings = path.join(root, '.inkling', 'settings.json');
  await writeFile(settings, '{\n  "model": "claude-x",\n  "permissions": { "allow": ["bash(ls)", "bash(npm test)"], "deny": ["bash(git push:*)"] }\n}\n');
  const remembered = path.join(root, 'remembered.json');
  await rememberChoice(remembered, 'bash(make)');
  const files: SettingsFileReport[] = [
    { layer: 'project', path: settings, display: '.inkling/settings.json', status: 'loaded' },
    { layer: 'remembered', path: remembered, display: '~/.inkling/permissions/w.json', status: 'loaded' },
  ];
  const gate = new PermissionGate({
    mode: 'default',
    rules: {
      allow: [...parseRules(['bash(ls)', 'bash(npm test)'], '.inkling/settings.json').rules, ...parseRules(['bash(make)'], '~/.inkling/permissions/w.json').rules, ...parseRules(['read_file'], '--allowed-tools').rules],
      ask: [],
      deny: parseRules(['bash(git push:*)'], '.inkling/settings.json').rules,
    },
    workspaceRoot: root,
    home: root,
    canAsk: true,
  });
  return { gate, list: permissionList(gate, files), settings, remembered };
}

describe('/permissions', () => {
  it('lists the rules in force, strictest first, each with where it comes from', async () => {
    const { list } = await setUp();
    expect(list.list().map((r) => `${r.number} ${r.kind} ${r.rule} · ${r.source}`)).toEqual([
      '1 deny bash(git push:*) · .inkling/settings.json',
      '2 allow bash(ls) · .inkling/settings.json',
      '3 allow bash(npm test) · .inkling/settings.json',
      '4 allow bash(make) · ~/.inkling/permissions/w.json',
      '5 allow read_file · --allowed-tools',
    ]);
  });

  it("removes a settings file's rule from the file (its other keys stay) and from the gate at once", async () => {
    const { gate, list, settings } = await setUp();
    expect((await gate.check(npmTest)).kind).toBe('allow');
    expect(await list.remove(3)).toBe('allow bash(npm test): removed from .inkling/settings.json');
    const written = JSON.parse(await readFile(settings, 'utf8'));
    expect(written).toEqual({ model: 'claude-x', permissions: { allow: ['bash(ls)'], deny: ['bash(git push:*)'] } });
    expect((await gate.check(npmTest)).kind).toBe('ask');
    expect(list.list().map((r) => r.rule)).not.toContain('bash(npm test)');
  });

  it('forgets a remembered choice in its file; a flag rule says where to change it; a missing number is said', async () => {
    const { list, remembered } = await setUp();
    expect(await list.remove(4)).toBe('allow bash(make): removed from ~/.inkling/permissions/w.json');
    const read = await readRememberedChoices(remembered);
    expect(read.ok && read.allow).toEqual([]);
    expect(await list.remove(4)).toBe('allow read_file comes from --allowed-tools: change it there');
    expect(await list.remove(9)).toMatch(/there is no rule 9/);
  });

  it('a rule remembered for this session goes for the rest of it', async () => {
    const { gate, list } = await setUp();
    await gate.remember({ rule: 'bash(cargo build)', label: 'cargo build' } as never, { kind: 'yes-session' });
    const n = list.list().find((r) => r.rule === 'bash(cargo build)')!.number;
    expect(await list.remove(n)).toBe('allow bash(cargo build): no longer allowed for this session');
    expect((await gate.check({ name: 'bash', input: { command: 'cargo build' }, readOnly: false })).kind).toBe('ask');
  });
});

describe("/permissions and Claude Code's settings files", () => {
  // Claude Code's own keys, four-space indentation, a hooks block: none of it is inkling's to rewrite.
  const claudeText = [
    '{',
    '    "model": "opus",',
    '    "permissions": {',
    '        "allow": ["Bash(npm run lint)", "Bash(npm test:*)", "Read(./docs/**)"],',
    '        "deny": [',
    '            "Bash(git push:*)",',
    '            "Read(./.env)"',
    '        ]',
    '    },',
    '    "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "./notify.sh" } ] } ] }',
    '}',
    '',
  ].join('\n');

  async function claudeSetUp() {
    await mkdir(path.join(root, '.claude'));
    const file = path.join(root, '.claude', 'settings.json');
    await writeFile(file, claudeText, { mode: 0o640 });
    const claude = claudePermissionRules(root, true, true, path.join(root, 'home'));
    expect(claude.problems).toEqual([]);
    const gate = new PermissionGate({ mode: 'default', rules: { allow: claude.allow, ask: claude.ask, deny: claude.deny }, workspaceRoot: root, home: root, canAsk: true });
    const list = permissionList(gate, [], (f) => path.relative(root, f));
    return { gate, list, file };
  }

  it('lists a Claude Code rule translated, with its own text and file', async () => {
    const { list } = await claudeSetUp();
    expect(list.list().map((r) => `${r.number} ${r.kind} ${r.rule} · ${r.source}`)).toEqual([
      '1 deny bash(git push:*) (Bash(git push:*)) · .claude/settings.json',
      '2 deny read(.env) (Read(./.env)) · .claude/settings.json',
      '3 allow bash(npm run lint) (Bash(npm run lint)) · .claude/settings.json',
      '4 allow bash(npm test:*) (Bash(npm test:*)) · .claude/settings.json',
      '5 allow read(docs/**) (Read(./docs/**)) · .claude/settings.json',
    ]);
  });

  it('removes the rule from the file it came from, item only, atomically; the gate stops applying it at once', async () => {
    const { gate, list, file } = await claudeSetUp();
    expect((await gate.check(npmTest)).kind).toBe('allow');
    expect(await list.remove(4)).toBe('allow bash(npm test:*): removed Bash(npm test:*) from .claude/settings.json');
    expect(await readFile(file, 'utf8')).toBe(claudeText.replace('"Bash(npm run lint)", "Bash(npm test:*)", ', '"Bash(npm run lint)", '));
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    expect((await gate.check(npmTest)).kind).toBe('ask');
    expect(await list.remove(2)).toBe('deny read(.env): removed Read(./.env) from .claude/settings.json');
    expect(JSON.parse(await readFile(file, 'utf8')).permissions.deny).toEqual(['Bash(git push:*)']);
    expect((await readdir(path.join(root, '.claude'))).sort()).toEqual(['settings.json']);
  });

  it('says so and changes nothing when the rule is no longer in the file', async () => {
    const { list, file } = await claudeSetUp();
    await writeFile(file, '{ "permissions": { "allow": [] } }\n');
    expect(await list.remove(3)).toBe('allow bash(npm run lint) was not removed: it is no longer in .claude/settings.json');
    expect(await readFile(file, 'utf8')).toBe('{ "permissions": { "allow": [] } }\n');
  });
});
