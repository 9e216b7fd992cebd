// The transcript viewport: renders only its visible rows, follows the bottom unless the person
// scrolled up, and then says when new activity arrives below. It only reads: the store settles
// the scroll (clamping, the history selection kept in view) with the same layout. While a call
// asks, its card is drawn as the approval prompt (approval-lines.ts) and kept in view.
// With a frame writer, a change of what streams alone (a command's live output, the text of the
// answer or thinking streaming, the clock's second) is no React render: the rows are laid out again and the writer
// draws them in place of the block on screen (drawn-rows.ts redraw), the placeholder Ink holds
// unchanged; anything else, or a writer that cannot, renders as usual.
import React, { memo, useLayoutEffect, useReducer, useRef } from 'react';
import { Box } from 'ink';
import { useApp, useAppStore } from './store-context.js';
import { Lines, Placeholder } from './Lines.js';
import { useDrawnRows } from './drawn-rows-context.js';
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
  const shown = useRef<Shown | null>(null);
  // Renders when what it draws from changes; without a frame writer, what streams counts too.
  const seen = useRef<TranscriptDrawing | null>(null);
  useApp((s) => {
    const next = drawingOf(s);
    const prev = seen.current;
    if (prev && (prev.items === next.items || drawn) && sameButStreaming(prev, next, shown.current?.firstItem, drawn !== null)) return prev;
    return (seen.current = next);
  });
  const [, renderAgain] = useReducer((n: number) => n + 1, 0);
  // Drawn from the state of now (the selection above may hold an older one).
  const state = store.getState();
  const { rows, firstItem } = transcriptRows(state, width, height, drawn !== null);
  const placed = drawn ? drawn.place(rows, width, height) : null;
  const drawing = drawingOf(state);
  useLayoutEffect(() => {
    shown.current = { drawing, placed, firstItem };
  });
  // Subscribed in the commit, so no update falls between this render and the listener.
  useLayoutEffect(() => {
    if (!drawn) return;
    return store.subscribe(() => {
      // The settled state, not the one this listener was called with (a listener before it may have settled the scroll).
      const s = store.getState();
      const next = drawingOf(s);
      const last = shown.current;
      const same = next.items === last?.drawing.items && next.frame === last.drawing.frame;
      if (!last || same || !sameButStreaming(last.drawing, next, last.firstItem, true)) return;
      const laid = transcriptRows(s, width, height, true);
      if (last.placed !== null && drawn.redraw(last.placed, laid.rows)) shown.current = { drawing: next, placed: last.placed, firstItem: laid.firstItem };
      else renderAgain();
    });
  }, [store, drawn, width, height]);
  // Drawn by the frame writer: one row to Ink, `height` rows on screen.
  if (placed !== null) return <Placeholder text={placed} />;
  return (
    <Box flexDirection="column" height={height} width={width} overflowY="hidden">
      <Lines lines={rows} />
    </Box>
  );
});
