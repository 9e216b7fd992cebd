// History mode's `o`: the selected stop's whole output in the full-screen pager (for bash, the
// complete log on disk, read lazily). q or Esc returns to the same selection.
import React, { useEffect, useState } from 'react';
import { Box, Text } from 'ink';
import { closePager } from '../src/store/history-mode.js';
import { findItem } from '../src/store/child-transcripts.js';
import { closeSessionDiff } from '../src/store/session-diff.js';
import { diffRowRole } from '../src/store/diff-text.js';
import type { PaintRole } from './palette.js';
import type { TranscriptItem } from '../src/store/transcript.js';
import { openOutputSource, TextLineSource, type LineSource } from '../src/pager/log-reader.js';
import { PagerModel } from '../src/pager/pager-model.js';
import { rendererFor } from './tools/renderers.js';
import { Pager } from './Pager.js';
import { useApp, useAppStore } from './store-context.js';
import { flash } from '../src/store/view-actions.js';
import { imageCardText } from '../src/core/images/image-blocks.js';

function sourceFor(item: TranscriptItem): Promise<LineSource> {
  if (item.kind === 'tool') return openOutputSource({ content: item.result?.content ?? '', details: item.details });
  // A prompt's images: what each is and the file it is in (never its bytes).
  const images = item.kind === 'user' ? (item.images ?? []).map((i) => `image: ${imageCardText(i)}${i.path ? `\n  ${i.path}` : ''}`) : [];
  return Promise.resolve(new TextLineSource(images.length ? `${item.text}\n\n${images.join('\n')}` : item.text));
}

function titleOf(item: TranscriptItem): string {
  if (item.kind === 'tool') return `${item.name} ${rendererFor(item).summary(item)}`.trim();
  return item.kind === 'user' ? 'your prompt' : item.kind === 'assistant' ? 'answer' : item.kind;
}

interface Opened { model: PagerModel; title: string; live: boolean; lineRole?: (line: number) => PaintRole | undefined }

export function HistoryPager({ width, height }: { width: number; height: number }) {
  const store = useAppStore();
  const id = useApp((s) => s.pagerId);
  const doc = useApp((s) => s.pagerDoc);
  const [opened, setOpened] = useState<Opened | null>(null);
  // Whether the command the pager shows still runs: the pager stops re-reading its log when it ends.
  const running = useApp((s) => {
    const item = s.pagerId === null ? undefined : findItem(s, s.pagerId);
    return item?.kind === 'tool' && item.status === 'running';
  });
  const close = () => (store.getState().pagerDoc ? closeSessionDiff(store) : closePager(store));

  useEffect(() => {
    if (doc) {
      const roles = doc.diff ? doc.text.split('\n').map(diffRowRole) : [];
      setOpened({
        model: new PagerModel(new TextLineSource(doc.text), { width, height: height - 1 }), title: doc.title, live: false, lineRole: (line) => roles[line],
      });
      return;
    }
    const s = store.getState();
    const item = id === null ? undefined : findItem(s, id);
    if (!item) {
      closePager(store);
      return;
    }
    let cancelled = false;
    sourceFor(item).then(
      async (source) => {
        if (cancelled) return source.close();
        const live = item.kind === 'tool' && item.details?.kind === 'bash' && item.details.running;
        // The pager's own status line takes one of its rows.
        setOpened({ model: new PagerModel(source, { width, height: height - 1 }), title: titleOf(item), live });
      },
      (e: unknown) => {
        flash(store, `cannot open: ${(e as Error).message}`);
        closePager(store);
      },
    );
    return () => {
      cancelled = true;
    };
    // Opened once per stop; the Pager follows later size changes itself.
  }, [id, doc, store]);

  if (!opened) {
    return (
      <Box height={height} width={width}>
        <Text dimColor>opening…</Text>
      </Box>
    );
  }
  return (
    <Pager
      model={opened.model}
      title={opened.title}
      width={width}
      height={height}
      live={opened.live && running}
      lineRole={opened.lineRole}
      onClose={close}
      copy={(text) => store.terminal.copy(text)}
      onCopied={(r) => flash(store, r.summary)}
    />
  );
}
