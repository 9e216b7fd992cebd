// Pre-rendered rows on screen: one <Text> per row, never wrapped again by Ink, so the height
// the caller computed is exactly the height drawn. (The transcript's, the prompt box's and the
// status line's rows reach the frame writer as a placeholder row instead: DrawnBlock, drawn-rows.ts.)
import React, { memo } from 'react';
import { Box, Text } from 'ink';
import { useDrawnRows } from './drawn-rows-context.js';

const Row = memo(function Row({ text }: { text: string }) {
  // An empty Text has no height in Ink; a space keeps the row.
  return <Text wrap="truncate-end">{text === '' ? ' ' : text}</Text>;
});

/** One row to Ink standing for `height` rows on screen, or null when there is no frame writer. */
export function DrawnBlock({ lines, width, height }: { lines: readonly string[]; width: number; height: number }) {
  const drawn = useDrawnRows();
  if (!drawn) return null;
  return <Placeholder text={drawn.place(lines, width, height)} />;
}

/** The one row Ink draws for a block of drawn rows (DrawnRows.place). */
export function Placeholder({ text }: { text: string }) {
  // It never shrinks: in a terminal too small for everything, Yoga would otherwise draw it over
  // the row above.
  return (
    <Box height={1} flexShrink={0}>
      <Text>{text}</Text>
    </Box>
  );
}

export function Lines({ lines }: { lines: readonly string[] }) {
  return (
    <Box flexDirection="column">
      {lines.map((l, i) => (
        <Row key={i} text={l} />
      ))}
    </Box>
  );
}
