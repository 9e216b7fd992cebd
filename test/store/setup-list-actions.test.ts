// /skills and /hooks through the command table and the door: each writes its list into the
// transcript as one notice, and /hooks off <n> asks the door to turn that hook off first.
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../src/store/app-store.js';
import { submit } from '../../src/keys/input-keys.js';
import type { HookListing } from '../../src/core/setup/setup-lists.js';
import { spyDoor } from '../helpers/spy-door.js';

const failing: HookListing = {
  number: 1, event: 'PreToolUse', matcher: 'Bash', command: './lint.sh', source: '.claude/settings.json', origin: 'workspace', off: false,
  last: { exitCode: 1, timedOut: false, durationMs: 230, output: 'lint failed: 3 problems\nsrc/a.ts:1 unused', at: Date.now() - 4000 },
};

function typed(text: string, door = spyDoor()) {
  const store = createAppStore({}, { door });
  store.setState({ input: { text, cursor: text.length } });
  submit(store);
  return store;
}

const lastNotice = async (store: ReturnType<typeof createAppStore>) => {
  await new Promise((r) => setImmediate(r));
  const item = store.getState().items.at(-1);
  return item?.kind === 'notice' ? String(item.text) : undefined;
};

describe('/skills and /hooks', () => {
  it('/skills lists each skill with its origin, file, size, who may start it and whether it is active', async () => {
    const door = spyDoor();
    door.on('listSkills', () => Promise.resolve([
      { name: 'review', origin: 'project', location: '.claude/skills/review/SKILL.md', bytes: 2048, active: true, byModel: true, byPerson: true },
      { name: 'deploy', origin: 'user', location: '~/.claude/skills/deploy/SKILL.md', bytes: 300, active: false, byModel: false, byPerson: true },
    ]));
    const text = await lastNotice(typed('/skills', door));
    expect(text).toContain('Skills (2)');
    expect(text).toMatch(/review {2}project · \.claude\/skills\/review\/SKILL\.md · 2\.0 KB · active/);
    expect(text).toMatch(/deploy {2}yours {3}· ~\/\.claude\/skills\/deploy\/SKILL\.md · 300 B · only \/deploy$/m);
  });

  it('/skills with none says where skills are looked for', async () => {
    expect(await lastNotice(typed('/skills'))).toMatch(/^No skills found/);
  });

  it("/hooks lists each hook, its file, its last run's exit code and time, and its output", async () => {
    const door = spyDoor();
    door.on('listHooks', () => Promise.resolve([failing, { number: 2, event: 'Stop', command: 'true', source: '~/.claude/settings.json', origin: 'user', off: true }]));
    const text = await lastNotice(typed('/hooks', door));
    expect(text).toContain('1. PreToolUse [Bash]  ./lint.sh  · .claude/settings.json');
    expect(text).toMatch(/last run: exit 1 in 0\.2 s, \d s ago/);
    expect(text).toContain('│ lint failed: 3 problems');
    expect(text).toContain('│ src/a.ts:1 unused');
    expect(text).toContain('2. Stop  true  · ~/.claude/settings.json · off');
    expect(text).toContain('not run yet');
  });

  it('/hooks off <n> turns that hook off through the door, then lists; a hook that is not there is said', async () => {
    const door = spyDoor();
    door.on('setHookOff', (r) => Promise.resolve(r.number === 1));
    door.on('listHooks', () => Promise.resolve([{ ...failing, off: true }]));
    const store = typed('/hooks off 1', door);
    expect(await lastNotice(store)).toContain('· off');
    expect(door.requests).toContainEqual({ type: 'setHookOff', number: 1, off: true });
    expect(store.getState().flash?.text).toMatch(/hook 1 off for this session/);
    const missing = typed('/hooks on 7', door);
    await new Promise((r) => setImmediate(r));
    expect(missing.getState().flash?.text).toMatch(/there is no hook 7/);
    expect(typed('/hooks sideways').getState().flash?.text).toMatch(/usage: \/hooks/);
  });

  it('/permissions lists the rules with their sources; /permissions remove <n> says what the door did, then lists again', async () => {
    const door = spyDoor();
    door.on('listPermissions', () => Promise.resolve([{ number: 1, kind: 'deny', rule: 'bash(git push:*)', source: '.inkling/settings.json' }, { number: 2, kind: 'allow', rule: 'read', source: '--allowed-tools' }]));
    door.on('removePermission', (r) => Promise.resolve(`removed ${r.number}`));
    const store = typed('/permissions remove 1', door);
    await new Promise((r) => setImmediate(r));
    const notices = store.getState().items.flatMap((i) => (i.kind === 'notice' ? [String(i.text)] : []));
    expect(notices[0]).toBe('removed 1');
    expect(notices[1]).toMatch(/^Permission rules in force \(2\)/);
    expect(notices[1]).toMatch(/ 1\. deny {3}bash\(git push:\*\) {2}· \.inkling\/settings\.json/);
    expect(typed('/permissions drop 1').getState().flash?.text).toMatch(/usage: \/permissions/);
  });

  it('/init sends the fixed prompt as a normal turn, with what follows the name added', () => {
    const sent: string[] = [];
    const door = spyDoor();
    door.on('submit', (r) => void sent.push(r.prompt));
    typed('/init mention the Makefile', door);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^Look at this repository and write an AGENTS\.md at its root/);
    expect(sent[0]).toMatch(/\n\nAlso: mention the Makefile$/);
  });
});
