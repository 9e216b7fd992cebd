// The transcript viewport: renders only its visible rows, follows the bottom unless the person
// scrolled up, and then says when new activity arrives below. It only reads: the store settles
// the scroll (clamping, the history selection kept in view) with the same layout. While a call
// asks, its card is drawn as the approval prompt (approval-lines.ts) and kept in view.
import React, { memo } from 'react';
import { Box, useStdout } from 'ink';
import { useShallow } from 'zustand/react/shallow';
import { cellFrame, paint } from './text-layout.js';
import { shownItems } from '../src/store/history-mode.js';
import { useApp, useAppStore } from './store-context.js';
import { viewWindow } from './transcript-layout.js';
import { promptView, transcriptView } from './screen-layout.js';
import { DrawnBlock, Lines } from './Lines.js';
import { drawnRowsOf } from './drawn-rows.js';

export const Transcript = memo(function Transcript({ height, width }: { height: number; width: number }) {
  const store = useAppStore();
  // When the frame writer can put rows back, Ink gets a placeholder (see drawn-rows.ts).
  const drawn = drawnRowsOf(useStdout().stdout);
  const { items, scrollBack, newBelow, frame, epoch, selectedId, expanded, focusedId, outputScroll } = useApp(
    useShallow((s) => ({
      // While a history filter is on, only the matching stops are drawn.
      items: shownItems(s),
      ...transcriptView(s),
      scrollBack: s.scrollBack,
      newBelow: s.newBelow,
      frame: s.frame,
      epoch: s.renderEpoch,
      // Selected so the prompt's card redraws with its choice, text and scroll (promptView reads them).
      approvals: s.approvals,
      mode: s.mode,
    })),
  );
  const prompt = promptView(store.getState(), width, height);
  // With a frame writer, spinners are its cells and it turns them (text-layout.ts).
  const win = viewWindow(items, height, width, scrollBack, drawn ? cellFrame(frame) : frame, Date.now(), epoch, { selectedId, expanded, focusedId, outputScroll, ...(prompt ? { prompt } : {}) });
  const rows = win.rows.slice();
  if (win.scrollBack > 0 && selectedId === null) {
    const hint = newBelow ? '↓ new activity below — End to follow' : `↑ ${win.scrollBack} lines up — End to follow`;
    rows[rows.length - 1] = newBelow ? paint.inverse(` ${hint} `) : paint.dim(hint);
  }
  // Drawn by the frame writer: one row to Ink, `height` rows on screen.
  if (drawn) return <DrawnBlock lines={rows} width={width} height={height} />;
  return (
    <Box flexDirection="column" height={height} width={width} overflowY="hidden">
      <Lines lines={rows} />
    </Box>
  );
});
