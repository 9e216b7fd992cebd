// The undo / rewind preview in place of the transcript: nothing is written until y, Enter or f.
import React from 'react';
import { Box } from 'ink';
import { Lines } from './Lines.js';
import { revertPreviewLines } from './revert-preview-lines.js';
import { useApp } from './store-context.js';

export function RevertDialog({ width, height }: { width: number; height: number }) {
  const dialog = useApp((s) => s.revert);
  if (!dialog) return <Box height={height} />;
  const { head, body } = revertPreviewLines(dialog, width);
  const room = Math.max(0, height - head.length);
  const start = Math.min(dialog.scroll, Math.max(0, body.length - room));
  const lines = [...head, ...body.slice(start, start + room)].slice(0, height);
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Lines lines={lines} />
    </Box>
  );
}
