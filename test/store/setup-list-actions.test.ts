// /hooks off|on <n> and /permissions remove <n> through the command table and the door: they do
// what Enter on that row does, then open the list on the picker saying what was done (the picker
// itself: test/components/setup-lists.test.tsx); a wrong argument says how to write it. /init.
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

/** Until the list is open and read. */
async function opened(store: ReturnType<typeof createAppStore>) {
  for (let i = 0; i < 200 && store.getState().setupList?.phase !== 'ready'; i++) await new Promise((r) => setTimeout(r, 5));
  return store.getState().setupList!;
}

describe('/hooks and /permissions with a row number', () => {
  it('/hooks off <n> turns that hook off through the door, then opens the list saying so; a hook that is not there is said', async () => {
    const door = spyDoor();
    door.on('setHookOff', (r) => Promise.resolve(r.number === 1));
    door.on('listHooks', () => Promise.resolve([{ ...failing, off: true }]));
    const list = await opened(typed('/hooks off 1', door));
    expect(door.requests).toContainEqual({ type: 'setHookOff', number: 1, off: true });
    expect(list).toMatchObject({ list: 'hooks', said: 'hook 1 off for this session', rows: [{ list: 'hooks', hook: { number: 1, off: true } }] });
    expect((await opened(typed('/hooks on 7', door))).said).toBe('there is no hook 7');
    expect(typed('/hooks sideways').getState().flash?.text).toMatch(/usage: \/hooks/);
  });

  it('/permissions remove <n> says what the door did on the list it opens', async () => {
    const door = spyDoor();
    door.on('listPermissions', () => Promise.resolve([{ number: 1, kind: 'allow', rule: 'read', source: '--allowed-tools' }]));
    door.on('removePermission', (r) => Promise.resolve(`removed ${r.number}`));
    const list = await opened(typed('/permissions remove 1', door));
    expect(list).toMatchObject({ list: 'permissions', said: 'removed 1' });
    expect(list.rows).toHaveLength(1);
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
