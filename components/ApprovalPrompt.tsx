// The approval prompt under the transcript (approval-lines.ts draws it). Choice 4's text field is
// a line of store state edited through src/keys (approval-keys.ts), like the prompt input:
// ink-text-input, tried first, lost all but the last of 200 keys typed in a burst.
import React from 'react';
import { Box, Text } from 'ink';
import { approvalLines, fieldLines } from './approval-lines.js';
import { Lines } from './Lines.js';
import { paint } from './text-layout.js';
import { useApp } from './store-context.js';

export function approvalRows(lines: number, field: number): number {
  return lines + field + 1;
}

export function ApprovalPrompt({ width, height }: { width: number; height: number }) {
  const approvals = useApp((s) => s.approvals);
  const lines = approvalLines(approvals, width, height);
  if (lines.length === 0) return null;
  return (
    <Box flexDirection="column" width={width}>
      <Lines lines={lines} />
      {approvals.typing ? <Lines lines={fieldLines(approvals.message, approvals.cursor, width)} /> : null}
      <Text>{paint.warn('╰─')}</Text>
    </Box>
  );
}
