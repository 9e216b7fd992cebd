// /skills, /hooks and /permissions on the one list picker, through the App and its key pipeline
// with the door answering: the rows with what each list shows, typing filters, Enter acts on the
// selected row (a skill's /name into the prompt, a hook off for the session, a rule removed after a
// second Enter), Esc goes back. The picker and its actions load on first use, not with the App.
import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../components/App.js';
import { screenLayout } from '../../components/screen-layout.js';
import type { HookListing, PermissionListing, SkillListing } from '../../src/core/setup/setup-lists.js';
import { createAppStore } from '../../src/store/app-store.js';
import { modulesLoadedOnUse } from '../../src/store/loaded-on-use.js';
import type { SetupListState, SetupRow } from '../../src/store/setup-list-state.js';
import { setupListHead, setupListLines } from '../../components/setup-list-rows.js';
import stripAnsi from 'strip-ansi';
import { spyDoor, type SpyDoor } from '../helpers/spy-door.js';
import { frame, KEYS, press, renderAct, settleUntil, unmountAct, type Rendered } from './act-helpers.js';

let r: Rendered | undefined;
afterEach(async () => {
  if (r) await unmountAct(r);
  r = undefined;
});

const skills: SkillListing[] = [
  { name: 'review', origin: 'project', location: '.claude/skills/review/SKILL.md', bytes: 2048, active: true, byModel: true, byPerson: true },
  { name: 'deploy', origin: 'user', location: '~/.claude/skills/deploy/SKILL.md', bytes: 300, active: false, byModel: false, byPerson: true },
  { name: 'lint-only', origin: 'project', location: '.agents/skills/lint-only/SKILL.md', bytes: 90, active: false, byModel: true, byPerson: false },
];

async function open(door: SpyDoor, command: string, size = { cols: 100, rows: 24 }) {
  const store = createAppStore({ size }, { layout: screenLayout, door });
  r = await renderAct(<App store={store} header={{ modelLabel: 'claude-sonnet-4-6', isDemo: false, workspaceRoot: '/w' }} />);
  await press(r, command, KEYS.enter);
  await settleUntil(() => store.getState().setupList?.phase === 'ready' && /\(\d+\)/.test(frame(r!)));
  return store;
}

const rowOf = (text: string) => frame(r!).split('\n').find((l) => l.includes(text));

describe('/skills on the picker', () => {
  it('lists each skill (origin, file, size, who starts it, active); typing filters; Enter puts /name in the prompt', async () => {
    const door = spyDoor();
    door.on('listSkills', () => Promise.resolve(skills));
    expect(modulesLoadedOnUse()).not.toContain('components/SetupListView');
    const store = await open(door, '/skills');
    expect(store.getState().mode).toBe('lists');
    expect(frame(r!)).toContain('Skills (3)');
    expect(rowOf('review')).toMatch(/› review +project · \.claude\/skills\/review\/SKILL\.md · 2\.0 KB · active/);
    expect(rowOf('deploy')).toMatch(/deploy +yours · ~\/\.claude\/skills\/deploy\/SKILL\.md · 300 B · only \/deploy/);
    expect(rowOf('lint-only')).toMatch(/model only/);
    expect(modulesLoadedOnUse()).toEqual(expect.arrayContaining(['src/store/setup-list-picker', 'components/SetupListView']));
    await press(r!, 'l', 'i', 'n', 't');
    expect(rowOf('review')).toBeUndefined();
    await press(r!, KEYS.enter);
    expect(frame(r!)).toContain('only the model starts lint-only');
    for (let i = 0; i < 4; i++) await press(r!, KEYS.backspace);
    await press(r!, KEYS.down, KEYS.enter);
    expect(store.getState().mode).toBe('input');
    expect(store.getState().input.text).toBe('/deploy ');
  });

  it('says where skills are looked for when there are none; Esc goes back', async () => {
    const store = await open(spyDoor(), '/skills');
    expect(frame(r!)).toContain('no skills found');
    await press(r!, KEYS.esc);
    expect(store.getState().mode).toBe('input');
    expect(store.getState().setupList).toBeNull();
  });
});

describe('/hooks on the picker', () => {
  it("shows each hook and the selected one's last run and output; Enter turns it off for the session, again on", async () => {
    const hooks: HookListing[] = [
      { number: 1, event: 'PreToolUse', matcher: 'Bash', command: './lint.sh', source: '.claude/settings.json', origin: 'workspace', off: false, last: { exitCode: 1, timedOut: false, durationMs: 230, output: 'lint failed: 3 problems\nsrc/a.ts:1 unused', at: Date.now() - 4000 } },
      { number: 2, event: 'Stop', command: 'true', source: '~/.claude/settings.json', origin: 'user', off: false },
    ];
    const door = spyDoor();
    door.on('listHooks', () => Promise.resolve(hooks.map((h) => ({ ...h }))));
    door.on('setHookOff', (q) => Promise.resolve(Boolean((hooks[q.number - 1]!.off = q.off)) || true));
    const store = await open(door, '/hooks');
    expect(rowOf('lint.sh')).toMatch(/› {2}1\. PreToolUse \[Bash\] {2}exit 1 {2}\.\/lint\.sh {2}· \.claude\/settings\.json/);
    expect(rowOf('true')).toMatch(/2\. Stop {2}not run {2}true {2}· ~\/\.claude\/settings\.json/);
    expect(frame(r!)).toMatch(/last run: exit 1 in 0\.2 s, \d s ago/);
    expect(frame(r!)).toContain('│ lint failed: 3 problems');
    expect(frame(r!)).toContain('│ src/a.ts:1 unused');
    await press(r!, KEYS.enter);
    await settleUntil(() => (rowOf('lint.sh') ?? '').includes('off · exit 1'));
    expect(door.requests).toContainEqual({ type: 'setHookOff', number: 1, off: true });
    expect(frame(r!)).toContain('hook 1 off for this session');
    await press(r!, KEYS.down);
    expect(frame(r!)).toContain('not run yet');
    await press(r!, KEYS.up, KEYS.enter);
    await settleUntil(() => !(rowOf('lint.sh') ?? 'off ·').includes('off ·'));
    expect(door.requests).toContainEqual({ type: 'setHookOff', number: 1, off: false });
    expect(store.getState().mode).toBe('lists');
  });
});

describe('/permissions on the picker', () => {
  it('Enter asks once more before a rule is removed from its file; moving keeps it; the list is read again after', async () => {
    let rules: PermissionListing[] = [
      { number: 1, kind: 'deny', rule: 'bash(git push:*)', source: '.inkling/settings.json' },
      { number: 2, kind: 'allow', rule: 'bash(npm test:*) (Bash(npm test:*))', source: '.claude/settings.json' },
    ];
    const door = spyDoor();
    door.on('listPermissions', () => Promise.resolve(rules));
    door.on('removePermission', (q) => {
      rules = rules.filter((x) => x.number !== q.number).map((x, i) => ({ ...x, number: i + 1 }));
      return Promise.resolve('allow bash(npm test:*): removed Bash(npm test:*) from .claude/settings.json');
    });
    await open(door, '/permissions');
    expect(frame(r!)).toContain('Permission rules in force (2)');
    expect(rowOf('git push')).toMatch(/1\. deny {3}bash\(git push:\*\) {2}· \.inkling\/settings\.json/);
    await press(r!, KEYS.down, KEYS.enter);
    expect(frame(r!)).toContain('Enter again removes allow bash(npm test:*)');
    await press(r!, KEYS.up, KEYS.down, KEYS.enter);
    expect(door.requests.filter((q) => q.type === 'removePermission')).toEqual([]);
    await press(r!, KEYS.enter);
    await settleUntil(() => frame(r!).includes('in force (1)'));
    expect(door.requests.filter((q) => q.type === 'removePermission')).toEqual([{ type: 'removePermission', number: 2 }]);
    expect(frame(r!)).toContain('removed Bash(npm test:*) from .claude/settings.json');
    expect(frame(r!)).toContain('Permission rules in force (1)');
    expect(rowOf('(Bash(npm test:*))')).toBeUndefined();
  });

  it('fits 60 columns: the head and each row are cut to the width, the selected row and its question stay', () => {
    const rows: SetupRow[] = [{ list: 'permissions', rule: { number: 1, kind: 'allow', rule: 'bash(npm run lint -- --fix --max-warnings 0)', source: '/home/someone/work/project/.claude/settings.local.json' } }];
    const p: SetupListState = { list: 'permissions', phase: 'ready', rows, filter: '', selected: 0, confirming: 1, said: 'Enter again removes allow bash(npm run lint -- --fix --max-warnings 0) (/home/someone/work/project/.claude/settings.local.json)' };
    const lines = [setupListHead(p, 60), ...setupListLines(p, rows, 60, 15, Date.now())].map((l) => stripAnsi(l));
    expect(lines.every((l) => l.length <= 60)).toBe(true);
    expect(lines[0]).toMatch(/^Permission rules in force \(1\) — strictest first, type to/);
    expect(lines[1]).toMatch(/^ {2}Enter again removes allow bash\(npm run lint/);
    expect(lines[2]).toMatch(/^› {2}1\. allow {2}bash\(npm run lint -- --fix --max-warnings 0\)/);
  });
});
