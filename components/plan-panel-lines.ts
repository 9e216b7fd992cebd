// The plan panel's rows, pinned above the prompt: "Plan · 3/7 done", then the open steps (the one
// in progress first, with a spinner while a turn runs; dim with "stalled?" when it has stalled),
// then the completed ones, cut to a share of the screen with a line saying what is left out.
import type { AppState } from '../src/store/app-store.js';
import type { PlanPanel } from '../src/store/plan-state.js';
import { keyOf } from './status-hints.js';
import { countOf, fitLine, paint, spinnerAt, stringWidth } from './text-layout.js';

/** At most this share of the terminal's rows (and never fewer than 3 rows when there is a plan). */
const SHARE = 0.3;

export interface PanelLook {
  /** A turn runs: the step in progress spins. */
  running: boolean;
  frame: number;
}

export function planPanelLines(plan: PlanPanel, width: number, maxRows: number, look: PanelLook): string[] {
  if (plan.hidden || plan.steps.length === 0 || maxRows < 2) return [];
  const done = plan.steps.filter((s) => s.status === 'completed').length;
  // A rule from the count to the key sets the panel off from the transcript above it.
  const title = `${paint.bold('Plan')}${paint.dim(` · ${done}/${plan.steps.length} done `)}`;
  const hint = ` ${keyOf('transcript', 'planPanel')} hides it`;
  const rule = Math.max(1, width - stringWidth(title) - stringWidth(hint));
  const out = [fitLine(`${title}${paint.dim('─'.repeat(rule) + hint)}`, width)];
  const open = plan.steps.filter((s) => s.status !== 'completed');
  // The step in progress leads, then the rest in the plan's order; completed ones come last.
  const ordered = [...open.filter((s) => s.status === 'in_progress'), ...open.filter((s) => s.status === 'pending'), ...plan.steps.filter((s) => s.status === 'completed')];
  const room = maxRows - 1;
  const shown = ordered.length <= room ? ordered : ordered.slice(0, room - 1);
  for (const s of shown) out.push(fitLine(stepRow(s, plan.stalled, look), width));
  const left = ordered.slice(shown.length);
  if (left.length > 0) {
    const leftDone = left.filter((s) => s.status === 'completed').length;
    const what = leftDone === left.length ? `${leftDone} done` : `${countOf(left.length, 'more step')}${leftDone ? ` (${leftDone} done)` : ''}`;
    out.push(fitLine(paint.dim(`  … ${what}`), width));
  }
  return out;
}

function stepRow(s: PlanPanel['steps'][number], stalled: boolean, look: PanelLook): string {
  if (s.status === 'completed') return paint.dim(`  ${paint.ok('✓')} ${s.step}`);
  if (s.status === 'pending') return `  ${paint.dim('○')} ${s.step}`;
  if (stalled) return paint.dim(`  ▸ ${s.step}  stalled?`);
  return `  ${paint.accent(look.running ? spinnerAt(look.frame) : '▸')} ${paint.bold(s.step)}`;
}

/** Rows the panel takes for this state and width (the screen's layout counts them). */
export function planPanelRows(s: AppState, cols: number, rows: number = s.size.rows): number {
  return planPanelLines(s.plan, cols, planBudget(rows), { running: false, frame: 0 }).length;
}

export function planBudget(rows: number): number {
  return Math.max(3, Math.floor(rows * SHARE));
}
