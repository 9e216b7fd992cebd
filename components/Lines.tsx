// Pre-rendered rows on screen: one <Text> per row, never wrapped again by Ink, so the height
// the transcript computed is exactly the height drawn.
import React, { memo } from 'react';
import { Box, Text } from 'ink';

const Row = memo(function Row({ text }: { text: string }) {
  // An empty Text has no height in Ink; a space keeps the row.
  return <Text wrap="truncate-end">{text === '' ? ' ' : text}</Text>;
});

export function Lines({ lines }: { lines: readonly string[] }) {
  return (
    <Box flexDirection="column">
      {lines.map((l, i) => (
        <Row key={i} text={l} />
      ))}
    </Box>
  );
}
