// /skills, /hooks, /permissions and /agents as lists on the one picker: each asks the door for its rows,
// the typed filter narrows them, and Enter acts on the selected row — a skill's /name goes into the
// prompt, an agent's "Use the <name> agent to" too, a hook is turned off (or on again) for the session, a rule is removed from where it
// came from (Enter twice: it may edit a file). Loaded on first use (setup-list-loader.ts).
import type { AppStore } from './app-store.js';
import { filterRows, movedBy, withFilter } from './list-picker.js';
import { loadedOnUse } from './loaded-on-use.js';
import type { SetupListKind, SetupListState, SetupRow } from './setup-list-state.js';
import { agentOrigin } from './agent-listing-text.js';

loadedOnUse('src/store/setup-list-picker');

/** The words a row is found by: its name or rule, its file, its event and command. */
export function rowWords(r: SetupRow): string {
  if (r.list === 'skills') return `${r.skill.name} ${r.skill.location} ${r.skill.origin === 'project' ? 'project' : 'yours'}${r.skill.active ? ' active' : ''}`;
  if (r.list === 'hooks') return `${r.hook.number} ${r.hook.event} ${r.hook.matcher ?? ''} ${r.hook.command} ${r.hook.source}${r.hook.off ? ' off' : ''}`;
  if (r.list === 'agents') return `${r.agent.name} ${agentOrigin(r.agent)} ${r.agent.location ?? ''} ${r.agent.model} ${(r.agent.tools ?? []).join(' ')} ${r.agent.description}`;
  return `${r.rule.number} ${r.rule.kind} ${r.rule.rule} ${r.rule.source}`;
}

export function visibleSetupRows(p: Pick<SetupListState, 'rows' | 'filter'>): SetupRow[] {
  return filterRows(p, (r, w) => rowWords(r).toLowerCase().includes(w.toLowerCase()));
}

async function rowsOf(store: AppStore, list: SetupListKind): Promise<SetupRow[]> {
  if (list === 'skills') return (await store.door.send({ type: 'listSkills' })).map((skill) => ({ list, skill }));
  if (list === 'hooks') return (await store.door.send({ type: 'listHooks' })).map((hook) => ({ list, hook }));
  if (list === 'agents') return (await store.door.send({ type: 'listAgents' })).map((agent) => ({ list, agent }));
  return (await store.door.send({ type: 'listPermissions' })).map((rule) => ({ list, rule }));
}

const picker = (store: AppStore): SetupListState | null => store.getState().setupList;
const update = (store: AppStore, change: Partial<SetupListState>) => {
  const p = picker(store);
  if (p) store.setState({ setupList: { ...p, ...change } });
};

/** Opens the list; resolves once its rows are there. `said` goes on its first line (what a typed command did). */
export async function openSetupList(store: AppStore, list: SetupListKind, said?: string): Promise<void> {
  store.setState({ mode: 'lists', completion: null, setupList: { list, phase: 'loading', rows: [], filter: '', selected: 0, ...(said ? { said } : {}) } });
  await refresh(store);
}

/** The rows again (after an action); the selection stays where it was, within the list. */
async function refresh(store: AppStore): Promise<void> {
  const p = picker(store);
  if (!p) return;
  const rows = await rowsOf(store, p.list).catch(() => []);
  const now = picker(store);
  if (!now || now.list !== p.list) return;
  const next = { ...now, rows, phase: 'ready' as const };
  store.setState({ setupList: { ...next, selected: Math.max(0, Math.min(now.selected, visibleSetupRows(next).length - 1)) } });
}

export function setSetupListFilter(store: AppStore, filter: string, cursor = filter.length): void {
  const p = picker(store);
  if (p) store.setState({ setupList: { ...withFilter(p, filter, cursor), ...noQuestion } });
}

export function moveSetupList(store: AppStore, delta: number): void {
  const p = picker(store);
  const moved = p && movedBy(p, delta, visibleSetupRows(p).length);
  if (moved) store.setState({ setupList: { ...moved, ...noQuestion } });
}

// Moving or filtering answers a pending removal with no.
const noQuestion = { confirming: undefined, said: undefined };

export function closeSetupList(store: AppStore): void {
  store.setState({ mode: 'input', setupList: null });
}

/** Enter: what the selected row's list does with it. Resolves when done (tests await it). */
export async function actOnSetupRow(store: AppStore): Promise<void> {
  const p = picker(store);
  if (!p || p.phase !== 'ready') return;
  const row = visibleSetupRows(p)[p.selected];
  if (!row) return;
  if (row.list === 'skills') {
    if (!row.skill.byPerson) return update(store, { said: `only the model starts ${row.skill.name} (user-invocable: false)` });
    const text = `/${row.skill.name} `;
    store.setState({ mode: 'input', setupList: null, input: { text, cursor: text.length } });
    return;
  }
  if (row.list === 'agents') {
    // The model starts agents (the task tool): the prompt asks it to hand the task to this one.
    const text = `Use the ${row.agent.name} agent to `;
    store.setState({ mode: 'input', setupList: null, input: { text, cursor: text.length } });
    return;
  }
  if (row.list === 'hooks') {
    const off = !row.hook.off;
    update(store, { phase: 'working' });
    const done = await store.door.send({ type: 'setHookOff', number: row.hook.number, off });
    update(store, { said: done ? `hook ${row.hook.number} ${off ? 'off for this session' : 'on again'}` : `there is no hook ${row.hook.number} any more` });
    return refresh(store);
  }
  const { rule } = row;
  if (p.confirming !== rule.number) {
    return update(store, { confirming: rule.number, said: `Enter again removes ${rule.kind} ${rule.rule} (${rule.source}); ↑↓ or typing keeps it` });
  }
  update(store, { phase: 'working', confirming: undefined });
  update(store, { said: await store.door.send({ type: 'removePermission', number: rule.number }) });
  return refresh(store);
}
