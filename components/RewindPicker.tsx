// The /rewind picker in place of the transcript: a one-line filter field over the session's
// prompts. Every key, typing included, reaches the store through the key pipeline
// (src/keys/rewind-picker-keys.ts); the filter is a store-edited line.
import React from 'react';
import { Box } from 'ink';
import { Lines } from './Lines.js';
import { filterFieldLine } from './filter-field.js';
import { rewindPickerHead, rewindPickerLines } from './rewind-picker-lines.js';
import { useApp } from './store-context.js';

export function RewindPicker({ width, height }: { width: number; height: number }) {
  const picker = useApp((s) => s.rewindPicker);
  if (!picker) return <Box height={height} />;
  const list = rewindPickerLines(picker, width, Math.max(1, height - 3));
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Lines lines={[rewindPickerHead()]} />
      <Lines lines={[filterFieldLine('filter: ', picker, 'words of the prompt or a file name', true, width), '', ...list]} />
    </Box>
  );
}
