// The transcript viewport: renders only its visible rows, follows the bottom unless the person
// scrolled up, and then says when new activity arrives below. It only reads: the store settles
// the scroll (clamping, the history selection kept in view) with the same layout. While a call
// asks, its card is drawn as the approval prompt (approval-lines.ts) and kept in view.
// With a frame writer, a change of what streams alone (a command's live output, the text of the
// answer or thinking streaming, the clock's second) is no React render: the rows are laid out again and the writer
// draws them in place of the block on screen (drawn-in-place.ts), the placeholder Ink holds
// unchanged; anything else, or a writer that cannot, renders as usual.
import React, { memo, useRef } from 'react';
import { Box } from 'ink';
import { useApp, useAppStore } from './store-context.js';
import { Lines, Placeholder } from './Lines.js';
import { useDrawnRows } from './drawn-rows-context.js';
import { useDrawnInPlace } from './drawn-in-place.js';
import { drawingOf, sameButStreaming, transcriptRows, type TranscriptDrawing } from './transcript-rows.js';

/** What is on screen: the block, the drawing it was laid out from and the topmost item in view. */
interface Shown {
  drawing: TranscriptDrawing;
  placed: string | null;
  firstItem: number;
}

export const Transcript = memo(function Transcript({ height, width }: { height: number; width: number }) {
  const store = useAppStore();
  // When the frame writer can put rows back, Ink gets a placeholder (see drawn-rows.ts).
  const drawn = useDrawnRows();
  // Drawn from the state of now (the selection below may hold an older one).
  const state = store.getState();
  const { rows, firstItem } = transcriptRows(state, width, height, drawn !== null);
  const placed = drawn ? drawn.place(rows, width, height) : null;
  const { shown } = useDrawnInPlace<Shown>(store, drawn, { drawing: drawingOf(state), placed, firstItem }, (last) => {
    // The settled state, not the one the store's listeners were called with (a listener before this may have settled the scroll).
    const s = store.getState();
    const next = drawingOf(s);
    const same = next.items === last.drawing.items && next.frame === last.drawing.frame;
    if (same || !sameButStreaming(last.drawing, next, last.firstItem, true)) return null;
    const laid = transcriptRows(s, width, height, true);
    return { rows: laid.rows, shown: { drawing: next, placed: last.placed, firstItem: laid.firstItem } };
  });
  // Renders when what it draws from changes; without a frame writer, what streams counts too.
  const seen = useRef<TranscriptDrawing | null>(null);
  useApp((s) => {
    const next = drawingOf(s);
    const prev = seen.current;
    if (prev && (prev.items === next.items || drawn) && sameButStreaming(prev, next, shown.current?.firstItem, drawn !== null)) return prev;
    return (seen.current = next);
  });
  // Drawn by the frame writer: one row to Ink, `height` rows on screen.
  if (placed !== null) return <Placeholder text={placed} />;
  return (
    <Box flexDirection="column" height={height} width={width} overflowY="hidden">
      <Lines lines={rows} />
    </Box>
  );
});
