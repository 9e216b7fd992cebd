// One list picker on screen, in place of the transcript: a head, the filter line, then the rows
// (picker-rows.ts). The session picker (--resume, /resume), /rewind and /model are this one view
// over their own rows; every key, typing included, reaches the store through the key pipeline
// (src/keys/list-picker-keys.ts), so a burst of keys keeps them all.
import React, { type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { toSafeText } from '../src/core/text/safe-text.js';
import { Lines } from './Lines.js';
import { filterFieldLine } from './filter-field.js';
import { modelPickerLines, pickerHead, promptSearchLines, pickerLines, rewindPickerHead, rewindPickerLines } from './picker-rows.js';
import { useApp } from './store-context.js';
import { paint } from './text-layout.js';

interface ListViewProps {
  width: number;
  height: number;
  head: ReactNode;
  /** The filter line: its label, what it shows while empty, whether it takes typing now. */
  filter: { label: string; placeholder: string; focused: boolean; state: { filter: string; filterCursor?: number } };
  /** The rows under the filter line (a status line first, where the picker has one). */
  rows: string[];
  /** The model list keeps its own width (the others fill the main view's). */
  fixedWidth?: boolean;
}

export function ListView({ width, height, head, filter, rows, fixedWidth }: ListViewProps) {
  return (
    <Box flexDirection="column" height={height} {...(fixedWidth ? { width } : {})} overflow="hidden">
      {head}
      <Lines lines={[filterFieldLine(filter.label, filter.state, filter.placeholder, filter.focused, width), ...rows]} />
    </Box>
  );
}

export function SessionPicker({ width, height }: { width: number; height: number }) {
  const picker = useApp((s) => s.picker);
  if (!picker) return <Box height={height} />;
  const list = pickerLines(picker, width, Math.max(1, height - 3), Date.now());
  return (
    <ListView
      width={width}
      height={height}
      head={<Lines lines={[pickerHead(picker)]} />}
      filter={{ label: 'filter: ', placeholder: 'title, id or model', focused: picker.phase !== 'opening', state: picker }}
      rows={[picker.phase === 'opening' ? 'opening…' : '', ...list]}
    />
  );
}

export function RewindPicker({ width, height }: { width: number; height: number }) {
  const picker = useApp((s) => s.rewindPicker);
  if (!picker) return <Box height={height} />;
  return (
    <ListView
      width={width}
      height={height}
      head={<Lines lines={[rewindPickerHead()]} />}
      filter={{ label: 'filter: ', placeholder: 'words of the prompt or a file name', focused: true, state: picker }}
      rows={['', ...rewindPickerLines(picker, width, Math.max(1, height - 3))]}
    />
  );
}

export function ModelPicker({ height, width }: { height: number; width: number }) {
  const p = useApp((s) => s.modelPicker);
  if (!p) return <Box height={height} />;
  return (
    <ListView
      width={width}
      height={height}
      fixedWidth
      head={<Text>{paint.bold(` Model · now ${toSafeText(p.current)}`)}</Text>}
      filter={{ label: paint.dim('  filter: '), placeholder: 'type part of a name', focused: p.phase !== 'switching', state: p }}
      rows={modelPickerLines(p, width, height - 3)}
    />
  );
}

export function PromptSearch({ width, height }: { width: number; height: number }) {
  const p = useApp((s) => s.promptSearch);
  if (!p) return <Box height={height} />;
  return (
    <ListView
      width={width}
      height={height}
      head={<Text>{paint.bold(' Prompt history · this workspace, newest first')}</Text>}
      filter={{ label: 'search: ', placeholder: 'words of the prompt', focused: true, state: p }}
      rows={['', ...promptSearchLines(p, width, Math.max(1, height - 3))]}
    />
  );
}
