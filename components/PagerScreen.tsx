// The open pager (mode 'pager'): the store's pager slot drawn full-screen — a stop's whole output
// (history mode's `o`) or a text (/diff's session diff, painted as a diff). src/keys/pager-open.ts
// opens it; until its source is open, "opening…".
import React, { useMemo } from 'react';
import { Box, Text } from 'ink';
import { diffRowRole } from '../src/store/diff-text.js';
import { findItem } from '../src/store/child-transcripts.js';
import type { TranscriptItem } from '../src/store/transcript.js';
import type { PagerSubject } from '../src/store/pager-state.js';
import { openPagerOf } from '../src/keys/pager-open.js';
import { rendererFor } from './tools/renderers.js';
import { Pager } from './Pager.js';
import { useApp } from './store-context.js';

function titleOf(item: TranscriptItem | undefined): string {
  if (!item) return '';
  if (item.kind === 'tool') return `${item.name} ${rendererFor(item).summary(item)}`.trim();
  return item.kind === 'user' ? 'your prompt' : item.kind === 'assistant' ? 'answer' : item.kind;
}

/** /diff's rows painted as a readable diff; everything else plain. */
function useLineRole(subject: PagerSubject | undefined) {
  return useMemo(() => {
    if (subject?.kind !== 'text' || !subject.diff) return undefined;
    const roles = subject.text.split('\n').map(diffRowRole);
    return (line: number) => roles[line];
  }, [subject]);
}

export function PagerScreen({ width, height }: { width: number; height: number }) {
  const slot = useApp((s) => s.pager);
  // The title only (a string): a running command's item changes with every line, its title does not.
  const itemTitle = useApp((s) => (s.pager?.subject.kind === 'item' ? titleOf(findItem(s, s.pager.subject.id)) : ''));
  const lineRole = useLineRole(slot?.subject);
  const open = openPagerOf(slot);
  if (!open || !slot) {
    return (
      <Box height={height} width={width}>
        <Text dimColor>opening…</Text>
      </Box>
    );
  }
  const title = slot.subject.kind === 'text' ? slot.subject.title : itemTitle;
  return <Pager model={open.model} title={title} width={width} height={height} lineRole={lineRole} />;
}
