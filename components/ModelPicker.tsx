// /model: a filter line (a store-edited line, typed through the key pipeline) over the models the provider offers, the current one
// marked, each with its context window ("unknown window" when the catalog does not know it).
import React from 'react';
import { Box, Text } from 'ink';
import { toSafeText } from '../src/core/text/safe-text.js';
import { filteredModels, type ModelPickerState } from '../src/store/model-picker.js';
import { Lines } from './Lines.js';
import { useApp } from './store-context.js';
import { filterFieldLine } from './filter-field.js';
import { fitLine, paint } from './text-layout.js';

function windowText(tokens: number | null): string {
  if (tokens === null) return 'unknown window';
  return tokens >= 1_000_000 ? `${tokens / 1_000_000}M window` : `${Math.round(tokens / 1000)}k window`;
}

/** The rows under the filter line: the list (kept around the selection), or why there is none. */
export function modelPickerLines(p: ModelPickerState, width: number, rows: number): string[] {
  if (p.phase === 'loading') return [paint.dim('  asking for the list of models…')];
  const out: string[] = [];
  if (p.error) out.push(paint.error(fitLine(`  ${toSafeText(p.error)}`, width)));
  const shown = filteredModels(p);
  if (shown.length === 0 && !p.error) out.push(paint.dim(p.models.length === 0 ? '  the provider lists no models' : `  no model matches “${toSafeText(p.filter)}”`));
  const room = Math.max(1, rows - out.length - 1);
  const top = Math.max(0, Math.min(p.selected - Math.floor(room / 2), shown.length - room));
  shown.slice(top, top + room).forEach((m, i) => {
    const at = top + i;
    const mark = at === p.selected ? paint.accent('▌ ') : '  ';
    const current = m.id === p.current ? paint.ok(' (current)') : '';
    out.push(fitLine(`${mark}${toSafeText(m.id)}${current}  ${paint.dim(windowText(m.contextWindow))}`, width));
  });
  if (shown.length > room) out.push(paint.dim(`  ${shown.length} models · ↑/↓ to see more`));
  if (p.phase === 'switching') out.push(paint.dim('  switching…'));
  return out;
}

export function ModelPicker({ height, width }: { height: number; width: number }) {
  const p = useApp((s) => s.modelPicker);
  if (!p) return <Box height={height} />;
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      <Text>{paint.bold(` Model · now ${toSafeText(p.current)}`)}</Text>
      <Lines lines={[filterFieldLine(paint.dim('  filter: '), p, 'type part of a name', p.phase !== 'switching', width), ...modelPickerLines(p, width, height - 3)]} />
    </Box>
  );
}
