// exit_plan_mode's card: the model's plan and the person's three answers (1 run it, 2 run it with
// edits accepted, 3 keep planning with a message; Esc keeps planning without one). The choices
// stay in view: a plan taller than the card is cut at its end with a line saying how much.
import React from 'react';
import { Box } from 'ink';
import type { PlanReviewPrompt } from '../src/store/plan-state.js';
import { keyOf } from './status-hints.js';
import { Lines } from './Lines.js';
import { useApp } from './store-context.js';
import { countOf, fitLine, paint, wrapWithPrefix } from './text-layout.js';

const CHOICES = [
  'Yes, run it (default mode: edits and commands ask)',
  'Yes, and accept edits (commands still ask)',
  'No, keep planning: tell the model what to change',
];

export function planReviewLines(r: PlanReviewPrompt | null, width: number, height: number): string[] {
  if (!r) return [];
  const head = [paint.bold(fitLine(' The model has a plan. Go ahead with it?', width)), ''];
  const choices = CHOICES.map((c, i) => {
    const chosen = i === r.selected;
    return fitLine(`${chosen ? paint.accent('❯') : ' '} ${i + 1}. ${chosen ? paint.bold(c) : c}`, width);
  });
  if (r.message) choices.push(fitLine(`    ${paint.accent('▌ ')}${r.message.text.slice(0, r.message.cursor)}▏${r.message.text.slice(r.message.cursor)}`, width));
  const keys = r.message
    ? `  ${keyOf('planReview', 'choose')} send to the model · ${keyOf('planReview', 'stop')} keep planning without a message`
    : `  ${keyOf('planReview', 'run')}/${keyOf('planReview', 'acceptEdits')}/${keyOf('planReview', 'keep')} or ↑↓ ${keyOf('planReview', 'choose')} · ${keyOf('planReview', 'stop')} keep planning without a message (the turn stops)`;
  const foot = ['', ...choices, '', paint.dim(fitLine(keys, width))];
  const plan = r.plan.split('\n').flatMap((l) => wrapWithPrefix(l, width, '   ', '   '));
  const room = Math.max(1, height - head.length - foot.length);
  const shown = plan.length <= room ? plan : [...plan.slice(0, room - 1), paint.dim(fitLine(`   … ${countOf(plan.length - room + 1, 'more line')} (the session keeps the whole plan)`, width))];
  return [...head, ...shown, ...foot];
}

export function PlanReviewCard({ height, width }: { height: number; width: number }) {
  const review = useApp((s) => s.planReview);
  const lines = planReviewLines(review, width, height);
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      <Lines lines={lines.slice(0, height)} />
    </Box>
  );
}
