// /skills, /hooks and /permissions: each asks the door for its list and writes it into the
// transcript as one notice; `/hooks off <n>` and `/hooks on <n>` turn a hook off (or on again) for
// the session; `/permissions remove <n>` takes a rule away (from its file when it has one).
import { formatSize } from '../core/memory/project-memory.js';
import type { HookListing, PermissionListing, SkillListing } from '../core/setup/setup-lists.js';
import type { AppStore } from './app-store.js';
import { addNotice, flash } from './view-actions.js';

/** Lines of a hook's output shown under it. */
const OUTPUT_LINES = 6;

export async function listSkills(store: AppStore): Promise<void> {
  const skills = await store.door.send({ type: 'listSkills' });
  addNotice(store, skillsText(skills));
}

export function skillsText(skills: readonly SkillListing[]): string {
  if (skills.length === 0) return 'No skills found (folders with a SKILL.md in .inkling/skills, .agents/skills, .claude/skills or the same under your home; README: Skills).';
  const width = Math.max(...skills.map((s) => s.name.length));
  const rows = skills.map((s) => {
    const how = !s.byModel ? `only /${s.name}` : !s.byPerson ? 'model only' : '';
    const words = [s.origin === 'project' ? 'project' : 'yours  ', s.location, formatSize(s.bytes), ...(how ? [how] : []), ...(s.active ? ['active'] : [])];
    return `  ${s.name.padEnd(width)}  ${words.join(' · ')}`;
  });
  return [`Skills (${skills.length}); /<name> runs one yourself:`, ...rows].join('\n');
}

/** `/hooks`, `/hooks off <n>`, `/hooks on <n>`. */
export async function hooksCommand(store: AppStore, args: string): Promise<void> {
  const m = /^(off|on)\s+(\d+)$/.exec(args.trim());
  if (args.trim() && !m) return flash(store, 'usage: /hooks, /hooks off <n>, /hooks on <n>');
  if (m) {
    const off = m[1] === 'off';
    const done = await store.door.send({ type: 'setHookOff', number: Number(m[2]), off });
    if (!done) return flash(store, `there is no hook ${m[2]} (/hooks lists them)`);
    flash(store, `hook ${m[2]} ${off ? 'off' : 'on again'} for this session`);
  }
  addNotice(store, hooksText(await store.door.send({ type: 'listHooks' }), Date.now()));
}

export function hooksText(hooks: readonly HookListing[], now: number): string {
  if (hooks.length === 0) return 'No hooks (Claude Code\'s "hooks" in ~/.claude/settings.json, or in .claude/settings.json and .claude/settings.local.json of a trusted workspace).';
  const rows = hooks.flatMap((h) => {
    const head = `  ${h.number}. ${h.event}${h.matcher ? ` [${h.matcher}]` : ''}  ${h.command}  · ${h.source}${h.off ? ' · off' : ''}`;
    return [head, `     ${lastRunText(h, now)}`, ...outputLines(h)];
  });
  return [`Hooks (${hooks.length}); /hooks off <n> turns one off for this session, /hooks on <n> back on:`, ...rows].join('\n');
}

function lastRunText(h: HookListing, now: number): string {
  const run = h.last;
  if (!run) return 'not run yet';
  const how = run.timedOut ? 'stopped at its timeout' : run.exitCode === null ? 'killed' : `exit ${run.exitCode}`;
  const ago = Math.max(0, Math.round((now - run.at) / 1000));
  return `last run: ${how} in ${(run.durationMs / 1000).toFixed(1)} s, ${ago} s ago${run.refused ? ` · ${run.refused}` : ''}`;
}

function outputLines(h: HookListing): string[] {
  const lines = (h.last?.output ?? '').split('\n').filter((l) => l.trim());
  const shown = lines.slice(0, OUTPUT_LINES).map((l) => `     │ ${l}`);
  return lines.length > OUTPUT_LINES ? [...shown, `     │ … ${lines.length - OUTPUT_LINES} more lines`] : shown;
}

/** `/permissions`, `/permissions remove <n>`. */
export async function permissionsCommand(store: AppStore, args: string): Promise<void> {
  const m = /^remove\s+(\d+)$/.exec(args.trim());
  if (args.trim() && !m) return flash(store, 'usage: /permissions, /permissions remove <n>');
  if (m) addNotice(store, await store.door.send({ type: 'removePermission', number: Number(m[1]) }));
  addNotice(store, permissionsText(await store.door.send({ type: 'listPermissions' })));
}

export function permissionsText(rules: readonly PermissionListing[]): string {
  if (rules.length === 0) return 'No permission rules: the mode alone decides (README: Permissions).';
  const width = Math.max(...rules.map((r) => r.rule.length));
  const rows = rules.map((r) => `  ${String(r.number).padStart(2)}. ${r.kind.padEnd(5)}  ${r.rule.padEnd(width)}  · ${r.source}`);
  return [`Permission rules in force (${rules.length}), strictest first; /permissions remove <n> takes one away:`, ...rows].join('\n');
}
