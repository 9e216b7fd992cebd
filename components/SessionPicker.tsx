// The session picker in place of the transcript: a one-line filter field over the list of
// sessions. Keys other than typing (↑↓, Enter, Tab, Esc) reach the store through the key map.
import React from 'react';
import { Box, Text } from 'ink';
import TextInput from 'ink-text-input';
import { setPickerFilter } from '../src/store/session-picker.js';
import { Lines } from './Lines.js';
import { pickerHead, pickerLines } from './session-picker-lines.js';
import { useApp, useAppStore } from './store-context.js';

export function SessionPicker({ width, height }: { width: number; height: number }) {
  const store = useAppStore();
  const picker = useApp((s) => s.picker);
  if (!picker) return <Box height={height} />;
  const list = pickerLines(picker, width, Math.max(1, height - 3), Date.now());
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Lines lines={[pickerHead(picker)]} />
      <Box>
        <Text>filter: </Text>
        <TextInput value={picker.filter} onChange={(text) => setPickerFilter(store, text)} focus={picker.phase !== 'opening'} placeholder="title, id or model" />
      </Box>
      <Lines lines={[picker.phase === 'opening' ? 'opening…' : '', ...list]} />
    </Box>
  );
}
