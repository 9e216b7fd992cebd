// The plan panel above the prompt (plan-panel-lines.ts): the model's checklist, state not transcript.
import React from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Lines } from './Lines.js';
import { useDrawnRows } from './drawn-rows-context.js';
import { planBudget, planPanelLines } from './plan-panel-lines.js';
import { useApp } from './store-context.js';
import { cellFrame } from './text-layout.js';

export function PlanPanel({ width, rows }: { width: number; rows: number }) {
  // Ink's rows; with a frame writer, the spinner is its cell and the writer turns the glyph (text-layout.ts).
  const cells = useDrawnRows() !== null;
  // (The clock's frame then changes nothing here: a tick renders no panel.)
  const { plan, running, frame } = useApp(useShallow((s) => ({ plan: s.plan, running: s.phase !== 'idle', frame: cells ? 0 : s.frame })));
  const lines = planPanelLines(plan, width, planBudget(rows), { running, frame: cells ? cellFrame(frame) : frame });
  return lines.length === 0 ? null : <Lines lines={lines} />;
}
