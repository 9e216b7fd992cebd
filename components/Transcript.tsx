// The transcript viewport: renders only its visible rows, follows the bottom unless the person
// scrolled up, and then says when new activity arrives below.
import React, { memo, useEffect, useRef } from 'react';
import { Box } from 'ink';
import { useShallow } from 'zustand/react/shallow';
import { paint } from './text-layout.js';
import { shownItems } from '../src/store/history-mode.js';
import { useApp, useAppStore } from './store-context.js';
import { viewWindow } from './transcript-layout.js';
import { Lines } from './Lines.js';

export const Transcript = memo(function Transcript({ height, width }: { height: number; width: number }) {
  const store = useAppStore();
  const { items, scrollBack, newBelow, frame, epoch, selectedId, expanded, focusedId } = useApp(
    useShallow((s) => ({
      // While a history filter is on, only the matching stops are drawn.
      items: shownItems(s),
      selectedId: s.mode === 'history' || s.shellFocus?.returnTo === 'history' ? s.history.selectedId : null,
      expanded: s.expanded,
      focusedId: s.shellFocus?.id ?? null,
      scrollBack: s.scrollBack,
      newBelow: s.newBelow,
      frame: s.frame,
      epoch: s.renderEpoch,
    })),
  );
  // History mode: where the selection sat in the last frame, so output below leaves it in place.
  const anchor = useRef<{ id: string; below: number } | null>(null);
  const win = viewWindow(items, height, width, scrollBack, frame, Date.now(), epoch, {
    selectedId,
    expanded,
    focusedId,
    anchor: anchor.current,
  });
  const rows = win.rows.slice();
  if (win.scrollBack > 0 && selectedId === null) {
    const hint = newBelow ? '↓ new activity below — End to follow' : `↑ ${win.scrollBack} lines up — End to follow`;
    rows[rows.length - 1] = newBelow ? paint.inverse(` ${hint} `) : paint.dim(hint);
  }
  // Keep the store's idea of the viewport in step (paging size, clamped scroll).
  useEffect(() => {
    anchor.current = selectedId !== null && win.selectionBelow !== undefined ? { id: selectedId, below: win.selectionBelow } : null;
    const s = store.getState();
    const patch: { viewportRows?: number; scrollBack?: number; newBelow?: boolean } = {};
    if (s.viewportRows !== height) patch.viewportRows = height;
    if (s.scrollBack !== win.scrollBack) patch.scrollBack = win.scrollBack;
    if (win.scrollBack === 0 && s.newBelow) patch.newBelow = false;
    if (Object.keys(patch).length > 0) store.setState(patch);
  });
  return (
    <Box flexDirection="column" height={height} width={width} overflow="hidden">
      <Lines lines={rows} />
    </Box>
  );
});
