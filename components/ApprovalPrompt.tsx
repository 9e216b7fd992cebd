// The approval prompt under the transcript (approval-lines.ts draws it). Choice 4's text field is
// a line of store state edited through src/keys (approval-keys.ts), like the prompt input:
// ink-text-input, tried first, lost all but the last of 200 keys typed in a burst.
import React from 'react';
import { Box, Text } from 'ink';
import { approvalLines } from './approval-lines.js';
import { Lines } from './Lines.js';
import { paint } from './text-layout.js';
import { useApp } from './store-context.js';

export function approvalRows(lines: number, typing: boolean): number {
  return lines + (typing ? 1 : 0) + 1;
}

/** The text with an inverse cell at the cursor. */
function withCursor(text: string, cursor: number): string {
  const chars = [...text];
  const at = [...text.slice(0, cursor)].length;
  const under = chars[at] ?? ' ';
  return `${chars.slice(0, at).join('')}\x1b[7m${under}\x1b[27m${chars.slice(at + 1).join('')}`;
}

export function ApprovalPrompt({ width, height }: { width: number; height: number }) {
  const approvals = useApp((s) => s.approvals);
  const lines = approvalLines(approvals, width, height);
  if (lines.length === 0) return null;
  return (
    <Box flexDirection="column" width={width}>
      <Lines lines={lines} />
      {approvals.typing ? (
        <Text wrap="truncate-start">
          {paint.warn('│ ')}
          {paint.accent('  ✎ ')}
          {approvals.message === '' ? paint.dim('what should the model do instead? ') : ''}
          {withCursor(approvals.message, approvals.cursor)}
        </Text>
      ) : null}
      <Text>{paint.warn('╰─')}</Text>
    </Box>
  );
}
