// The rows of /skills, /hooks, /permissions and /agents on the picker: one line a row (the selected one
// inverse), and under the list what the selected row holds beyond its line — a hook's last run and
// the first lines of its output, an agent's description.
import type { HookListing } from '../src/core/setup/setup-lists.js';
import { formatSize } from '../src/core/memory/project-memory.js';
import { toSafeText } from '../src/core/text/safe-text.js';
import type { SetupListState, SetupRow } from '../src/store/setup-list-state.js';
import { agentFacts } from '../src/store/agent-listing-text.js';
import { emptyRow, windowStart } from './picker-rows.js';
import { fitLine, paint, wrapWithPrefix } from './text-layout.js';

/** Lines of a hook's output shown under the list. */
const OUTPUT_LINES = 6;

const TITLES = { skills: 'Skills', hooks: 'Hooks', permissions: 'Permission rules in force', agents: 'Agents the model can hand a task to' } as const;
const ENTER = { skills: 'Enter puts /name in the prompt', hooks: 'Enter turns it off or on for this session', permissions: 'Enter twice removes it from its file', agents: 'Enter asks for it in the prompt' } as const;
const NONE = {
  skills: 'no skills found (folders with a SKILL.md in .inkling/skills, .agents/skills, .claude/skills or the same under your home)',
  hooks: 'no hooks (Claude Code\'s "hooks" in ~/.claude/settings.json, or in .claude/settings.json of a trusted workspace)',
  permissions: 'no permission rules: the mode alone decides',
  agents: 'no agents: the task tool is not available in this session',
} as const;

export function setupListHead(p: SetupListState, width: number): string {
  const count = p.phase === 'loading' ? '' : ` (${p.rows.length})`;
  const order = p.list === 'permissions' ? ' strictest first,' : '';
  return fitLine(`${paint.bold(`${TITLES[p.list]}${count}`)} ${paint.dim(`—${order} type to filter, ↑↓ choose, ${ENTER[p.list]}, Esc back`)}`, width);
}

/** `nameWidth`: skill names are padded to it, so their facts line up. */
export function rowLine(r: SetupRow, width: number, nameWidth = 0): string {
  const text =
    r.list === 'skills'
      ? `${r.skill.name.padEnd(nameWidth)}  ${[r.skill.origin === 'project' ? 'project' : 'yours', r.skill.location, formatSize(r.skill.bytes), ...(!r.skill.byModel ? [`only /${r.skill.name}`] : !r.skill.byPerson ? ['model only'] : []), ...(r.skill.active ? ['active'] : [])].join(' · ')}`
      : r.list === 'hooks'
        ? // Its state before the command, so a narrow terminal still shows it.
          `${String(r.hook.number).padStart(2)}. ${r.hook.event}${r.hook.matcher ? ` [${r.hook.matcher}]` : ''}  ${[...(r.hook.off ? ['off'] : []), r.hook.last ? runHow(r.hook) : 'not run'].join(' · ')}  ${r.hook.command}  · ${r.hook.source}`
        : r.list === 'agents'
          ? `${r.agent.name.padEnd(nameWidth)}  ${agentFacts(r.agent)}`
          : `${String(r.rule.number).padStart(2)}. ${r.rule.kind.padEnd(5)}  ${r.rule.rule}  · ${r.rule.source}`;
  return fitLine(toSafeText(text), width - 2);
}

function runHow(h: HookListing): string {
  const run = h.last!;
  return run.timedOut ? 'stopped at its timeout' : run.exitCode === null ? 'killed' : `exit ${run.exitCode}`;
}

/** What the selected row holds beyond its line. */
function detail(r: SetupRow | undefined, width: number, now: number): string[] {
  // An agent's description is what the model reads to choose it.
  if (r?.list === 'agents') return wrapWithPrefix(toSafeText(r.agent.description), width, '  ').slice(0, OUTPUT_LINES).map((l: string) => paint.dim(l));
  if (!r || r.list !== 'hooks') return [];
  const run = r.hook.last;
  if (!run) return [paint.dim('  not run yet')];
  const ago = Math.max(0, Math.round((now - run.at) / 1000));
  const head = `  last run: ${runHow(r.hook)} in ${(run.durationMs / 1000).toFixed(1)} s, ${ago} s ago${run.refused ? ` · ${run.refused}` : ''}`;
  const lines = run.output.split('\n').filter((l) => l.trim());
  const shown = lines.slice(0, OUTPUT_LINES).map((l) => `  │ ${l}`);
  if (lines.length > OUTPUT_LINES) shown.push(`  │ … ${lines.length - OUTPUT_LINES} more lines`);
  return [head, ...shown].map((l) => paint.dim(fitLine(toSafeText(l), width)));
}

/** The lines under the filter field, `height` at most: what Enter did or asks, the rows, the selected row's detail. */
export function setupListLines(p: SetupListState, visible: readonly SetupRow[], width: number, height: number, now: number): string[] {
  const said = p.said ? (p.confirming !== undefined ? paint.warn(fitLine(`  ${toSafeText(p.said)}`, width)) : fitLine(`  ${toSafeText(p.said)}`, width)) : '';
  if (p.phase === 'loading') return [said, emptyRow('reading the list…')];
  if (visible.length === 0) return [said, emptyRow(p.rows.length === 0 ? NONE[p.list] : 'no row matches the filter')];
  const more = detail(visible[p.selected], width, now);
  const room = Math.max(1, height - 1 - more.length);
  const start = windowStart(p.selected, visible.length, room);
  const nameWidth = Math.max(0, ...visible.map((r) => (r.list === 'skills' ? r.skill.name.length : r.list === 'agents' ? r.agent.name.length : 0)));
  const line = (r: SetupRow) => rowLine(r, width, nameWidth);
  const rows = visible.slice(start, start + room).map((r, i) => (start + i === p.selected ? paint.inverse(`› ${line(r)}`) : `  ${line(r)}`));
  return [said, ...rows, ...more].slice(0, height);
}
