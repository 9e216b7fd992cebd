// update_plan's card: the count, then what changed in the list since the one before (steps added,
// removed, started, completed); expanded, the whole list. exit_plan_mode's card: the plan the model
// put forward and what the person chose (or that -p ended there).
import type { PlanStatus } from '../../src/core/plan/plan-types.js';
import type { SafeText } from '../../src/core/text/safe-text.js';
import type { ToolItem } from '../../src/store/transcript.js';
import { countOf, fitLine, paint } from '../text-layout.js';
import { defineRenderer, headerCard, indented } from './card-parts.js';

type Step = { step: SafeText; status: PlanStatus };
type PlanItemDetails = { kind: 'plan'; plan: { steps: Step[]; explanation?: SafeText }; previous: Step[] };
type ReviewDetails = { kind: 'plan_review'; plan: SafeText; choice?: 'run' | 'accept-edits' | 'keep'; message?: SafeText; headless?: true };

const planOf = (item: ToolItem) => (item.details?.kind === 'plan' ? (item.details as unknown as PlanItemDetails) : undefined);
const reviewOf = (item: ToolItem) => (item.details?.kind === 'plan_review' ? (item.details as unknown as ReviewDetails) : undefined);

const MARK: Record<PlanStatus, (t: string) => string> = {
  completed: (t) => `${paint.ok('✓')} ${t}`,
  in_progress: (t) => `${paint.accent('▸')} ${t}`,
  pending: (t) => `${paint.dim('○')} ${t}`,
};
const SAID: Record<PlanStatus, string> = { completed: 'done', in_progress: 'started', pending: 'back to pending' };

/** What changed between two lists, one row each: added (+), removed (−), a status that moved. */
export function planDiffRows(previous: readonly Step[], next: readonly Step[]): string[] {
  const before = new Map(previous.map((s) => [s.step as string, s.status]));
  const after = new Set(next.map((s) => s.step as string));
  const rows: string[] = [];
  for (const s of next) {
    const was = before.get(s.step);
    if (was === undefined) rows.push(`${paint.added('+')} ${MARK[s.status](s.step)}`);
    else if (was !== s.status) rows.push(`  ${MARK[s.status](s.step)} ${paint.dim(`(${SAID[s.status]})`)}`);
  }
  for (const s of previous) if (!after.has(s.step)) rows.push(paint.removed(`− ${s.step}`));
  return rows;
}

const updatePlan = defineRenderer({
  kind: 'plan',
  tools: ['update_plan'],
  summary: (item) => planOf(item)?.plan.explanation ?? ('' as SafeText),
  result(item) {
    const d = planOf(item);
    if (!d) return item.status === 'error' ? 'refused' : '';
    if (d.plan.steps.length === 0) return 'plan cleared';
    return `${d.plan.steps.filter((s) => s.status === 'completed').length}/${d.plan.steps.length} done`;
  },
  cardLines(item, width, frame, now) {
    const d = planOf(item);
    const head = headerCard(updatePlan, item, width, frame, now);
    if (!d) return head;
    const diff = planDiffRows(d.previous, d.plan.steps);
    return [...head, ...(diff.length > 0 ? diff : [paint.dim('(no change)')]).map((r) => fitLine(`    ${r}`, width))];
  },
  expandedOutput(item, width) {
    const d = planOf(item);
    if (!d) return indented(item.result?.content ?? '', width);
    return d.plan.steps.map((s) => fitLine(`  ${MARK[s.status](s.step)}`, width));
  },
});

const CHOSEN: Record<NonNullable<ReviewDetails['choice']>, string> = { run: 'approved: run it', 'accept-edits': 'approved with edits accepted', keep: 'kept planning' };

const exitPlanMode = defineRenderer({
  kind: 'plan_review',
  tools: ['exit_plan_mode'],
  summary: () => '' as SafeText,
  result(item) {
    const d = reviewOf(item);
    if (d?.headless) return 'the plan is the result (-p)';
    return d?.choice ? CHOSEN[d.choice] : item.status === 'error' ? 'not in plan mode' : '';
  },
  cardLines(item, width, frame, now) {
    const d = reviewOf(item);
    const head = headerCard(exitPlanMode, item, width, frame, now);
    if (!d) return head;
    const rows = d.plan.split('\n');
    const shown = rows.slice(0, 6).map((l) => fitLine(`    ${l}`, width));
    if (rows.length > 6) shown.push(paint.dim(`    … ${countOf(rows.length - 6, 'more line')}`));
    if (d.message) shown.push(fitLine(paint.dim(`    you: ${d.message}`), width));
    return [...head.slice(0, 1), ...shown];
  },
  expandedOutput: (item, width) => indented(reviewOf(item)?.plan ?? item.result?.content ?? '', width),
});

export { exitPlanMode as exitPlanModeRenderer, updatePlan as updatePlanRenderer };
