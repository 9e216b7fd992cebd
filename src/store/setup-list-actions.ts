// /skills, /hooks and /permissions open their list on the one picker (setup-list-picker.ts, loaded
// on first use). Typed with a row number, `/hooks off <n>`, `/hooks on <n>` and
// `/permissions remove <n>` do what Enter on that row does, then open the list saying what was done.
import type { AppStore } from './app-store.js';
import { withSetupLists } from './setup-list-loader.js';
import { flash } from './view-actions.js';

export function listSkills(store: AppStore): Promise<void> | void {
  return withSetupLists((lists) => lists.openSetupList(store, 'skills'));
}

/** `/hooks`, `/hooks off <n>`, `/hooks on <n>`. */
export async function hooksCommand(store: AppStore, args: string): Promise<void> {
  const m = /^(off|on)\s+(\d+)$/.exec(args.trim());
  if (args.trim() && !m) return flash(store, 'usage: /hooks, /hooks off <n>, /hooks on <n>');
  let said: string | undefined;
  if (m) {
    const off = m[1] === 'off';
    const done = await store.door.send({ type: 'setHookOff', number: Number(m[2]), off });
    said = done ? `hook ${m[2]} ${off ? 'off for this session' : 'on again'}` : `there is no hook ${m[2]}`;
  }
  return withSetupLists((lists) => lists.openSetupList(store, 'hooks', said));
}

/** `/permissions`, `/permissions remove <n>`. */
export async function permissionsCommand(store: AppStore, args: string): Promise<void> {
  const m = /^remove\s+(\d+)$/.exec(args.trim());
  if (args.trim() && !m) return flash(store, 'usage: /permissions, /permissions remove <n>');
  const said = m ? await store.door.send({ type: 'removePermission', number: Number(m[1]) }) : undefined;
  return withSetupLists((lists) => lists.openSetupList(store, 'permissions', said));
}
