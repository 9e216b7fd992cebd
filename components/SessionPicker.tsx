// The session picker in place of the transcript: a one-line filter field over the list of
// sessions. Every key, typing included, reaches the store through the key pipeline
// (src/keys/picker-keys.ts); the filter is a store-edited line, so a burst of keys keeps them all.
import React from 'react';
import { Box } from 'ink';
import { Lines } from './Lines.js';
import { filterFieldLine } from './filter-field.js';
import { pickerHead, pickerLines } from './session-picker-lines.js';
import { useApp } from './store-context.js';

export function SessionPicker({ width, height }: { width: number; height: number }) {
  const picker = useApp((s) => s.picker);
  if (!picker) return <Box height={height} />;
  const list = pickerLines(picker, width, Math.max(1, height - 3), Date.now());
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Lines lines={[pickerHead(picker)]} />
      <Lines lines={[filterFieldLine('filter: ', picker, 'title, id or model', picker.phase !== 'opening', width), picker.phase === 'opening' ? 'opening…' : '', ...list]} />
    </Box>
  );
}
