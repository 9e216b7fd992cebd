// A full-screen pager over one tool call's whole output (history mode's `o`). HistoryPager.tsx
// opens the model on the call's output and mounts this; unmounting closes the model's log handle.
// All state lives in model.store (zustand vanilla); keys come from the key pipeline while the
// pager is mounted (src/keys/pager-keys.ts applies them in the model's queue, so fast bursts are
// applied in order). The frame is exactly `height` rows; pass rows - 1, since a full-height frame
// makes Ink clear the screen on every render.
import React, { useEffect, useRef } from 'react';
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import stringWidth from 'string-width';
import { hintText } from '../src/keys/keymap.js';
import { pagerKey } from '../src/keys/pager-keys.js';
import { collectText } from '../src/pager/log-reader.js';
import type { CopyReport } from '../src/store/copy-report.js';
import type { PagerModel, PagerView, VisibleRow } from '../src/pager/pager-model.js';
import { inkColor, paint, type PaintRole } from './palette.js';
import { toSafeText } from '../src/core/text/safe-text.js';
import { useKeyTarget } from './key-input.js';

export interface PagerProps {
  model: PagerModel;
  /** File name or command shown on the status line. */
  title: string;
  width: number;
  /** Rows the pager may use, status line included (terminal rows - 1). */
  height: number;
  onClose(): void;
  onCopied?(report: CopyReport): void;
  /** Puts text on the clipboard (the store's copy port: OSC 52 plus a local clipboard program). */
  copy(text: string): Promise<CopyReport>;
  /** Largest output `y` copies; default COPY_MAX_CHARS. */
  copyMaxChars?: number;
  /** The source is still growing (a running command): pick up new lines every second. */
  live?: boolean;
  /** How each line (by number) is painted, outside the search matches; default plain. */
  lineRole?(line: number): PaintRole | undefined;
}

export type Segment = { text: string; mark: 'none' | 'match' | 'current' };

/** A row cut into plain and highlighted runs, in order. */
export function rowSegments(row: VisibleRow): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of [...row.marks].sort((a, b) => a.start - b.start)) {
    if (m.start > at) out.push({ text: row.text.slice(at, m.start), mark: 'none' });
    out.push({ text: row.text.slice(m.start, m.end), mark: m.current ? 'current' : 'match' });
    at = m.end;
  }
  if (at < row.text.length || out.length === 0) out.push({ text: row.text.slice(at), mark: 'none' });
  return out;
}

/** The status line's left part: the position and search state, after a message or the title. */
export function statusParts(v: PagerView, title: string): { lead: string; where: string; isMessage: boolean } {
  const range = v.totalLines === 0 ? 'empty' : `lines ${v.top.line + 1}–${v.bottomLine}/${v.totalLines}${v.complete ? '' : '+'}`;
  let search = '';
  if (v.term) {
    const count = `${v.matchCount}${v.countDone ? '' : '+'}`;
    search = v.current ? `  /${v.term} ${v.matchIndex ?? '?'}/${count}` : `  /${v.term} ${count} matches`;
  }
  // A pasted search term or an error message can hold anything: the parts are made safe.
  const where = toSafeText(`${range} ${v.percent}%${v.wrap ? '' : ' nowrap'}${search}`);
  return { lead: toSafeText(v.message ?? title), where, isMessage: v.message !== null };
}

/**
 * The status line's left part at `width`. A message (copied…, not found) is the news: it goes
 * first so a narrow terminal still shows it. A title is only a label: it is shortened so the
 * position and match count always show whole.
 */
export function statusText(v: PagerView, title: string, width: number): string {
  const { lead, where, isMessage } = statusParts(v, title);
  if (isMessage) return fit(`${lead}  ${where}`, width);
  const room = width - stringWidth(where) - 2;
  return room >= 4 ? `${fit(lead, room)}  ${where}` : fit(where, width);
}

/** Largest output `y` copies (clipboards and OSC 52 are not meant for more). */
export const COPY_MAX_CHARS = 8 * 1024 * 1024;

const formatSize = (n: number) => (n >= 1 << 20 ? `${n / (1 << 20)} MB` : n >= 1024 ? `${n / 1024} KB` : `${n} B`);

// "↑↓ PgUp/PgDn g/G  / n/N  w wrap  y copy  q close", from the key map.
const HINTS = hintText('pager', [
  [[['lineUp', 'lineDown'], ''], [['pageUp', 'pageDown'], '/'], [['top', 'bottom'], '/']],
  [[['search'], ''], [['nextMatch', 'prevMatch'], '/']],
  [[['wrap'], '', 'wrap']],
  [[['copy'], '', 'copy']],
  [[['close'], '', 'close']],
]);

function fit(text: string, width: number): string {
  if (stringWidth(text) <= width) return text;
  let out = '';
  for (const ch of text) {
    if (stringWidth(out + ch) > width - 1) break;
    out += ch;
  }
  return `${out}…`;
}

function StatusLine({ model, title, width }: { model: PagerModel; title: string; width: number }) {
  const view = useStore(model.store);
  if (view.prompt) {
    const { text, cursor } = view.prompt;
    const before = fit(`/${toSafeText(text.slice(0, cursor))}`, Math.max(1, width - 1));
    return (
      <Text>
        {before}
        <Text inverse>{toSafeText(text[cursor] ?? ' ')}</Text>
        {toSafeText(text.slice(cursor + 1))}
      </Text>
    );
  }
  const left = statusText(view, title, width);
  const room = width - stringWidth(left) - 2;
  const hints = room >= stringWidth(HINTS) ? HINTS : '';
  return (
    <Text>
      <Text inverse>{left}</Text>
      {hints ? <Text dimColor>{' '.repeat(room - stringWidth(hints) + 2)}{hints}</Text> : null}
    </Text>
  );
}

/** A search match; the current one on a coloured background (underlined and inverse without colours). */
function MatchText({ text, current }: { text: string; current: boolean }) {
  const background = current ? inkColor('matchBackground') : undefined;
  const plainCurrent = current && background === undefined;
  return (
    <Text inverse={!current || plainCurrent} underline={plainCurrent} backgroundColor={background} color={current ? inkColor('matchText') : undefined}>
      {text}
    </Text>
  );
}

function Rows({ model, rows, lineRole }: { model: PagerModel; rows: number; lineRole?: PagerProps['lineRole'] }) {
  const lines = useStore(model.store, (s) => s.rows);
  const error = useStore(model.store, (s) => s.error);
  const out: React.ReactNode[] = [];
  if (error) out.push(<Text key="error" color={inkColor('error')}>{error}</Text>);
  for (const [i, row] of lines.entries()) {
    if (out.length >= rows) break;
    const role = lineRole?.(row.line);
    out.push(
      // An empty Text has no height in Ink: a space keeps the row (past the end of a line scrolled right).
      <Text key={i} wrap="truncate-end">
        {row.text === '' ? ' ' : rowSegments(row).map((seg, j) =>
          seg.mark === 'none' ? (
            role ? paint[role](seg.text) : seg.text
          ) : (
            <MatchText key={j} text={seg.text} current={seg.mark === 'current'} />
          ),
        )}
      </Text>,
    );
  }
  // Filler keeps the frame height constant, so the status line never jumps.
  while (out.length < rows) out.push(<Text key={`pad${out.length}`}> </Text>);
  return <>{out}</>;
}

/** `y`: the whole output, clean, to the clipboard; the outcome goes on the status line. */
async function copyAll(model: PagerModel, p: PagerProps): Promise<void> {
  try {
    model.setMessage('copying…');
    const max = p.copyMaxChars ?? COPY_MAX_CHARS;
    const { text, truncated } = await collectText(model.source, max);
    if (truncated) {
      // Half an output on the clipboard would pass for all of it: copy nothing, say where it is.
      const path = 'path' in model.source ? ` — full log: ${String(model.source.path)}` : '';
      model.setMessage(`not copied: output is over ${formatSize(max)}${path}`);
      return;
    }
    const report = await p.copy(text);
    model.setMessage(report.summary);
    p.onCopied?.(report);
  } catch (e) {
    model.setMessage(`not copied: ${(e as Error).message}`);
  }
}

export function Pager(props: PagerProps) {
  const { model, title, width, height, live } = props;
  const latest = useRef(props);
  latest.current = props;
  const contentRows = Math.max(1, height - 1);

  useEffect(() => {
    void model.resize(width, contentRows);
  }, [model, width, contentRows]);

  // While the command runs, its log grows: re-read once a second. When it ends, once more for its
  // last lines, and then nothing is armed (an idle app reading a finished log does no work).
  const wasLive = useRef(false);
  useEffect(() => {
    if (!live) {
      if (wasLive.current) void model.refresh();
      wasLive.current = false;
      return;
    }
    wasLive.current = true;
    const timer = setInterval(() => void model.refresh(), 1000);
    return () => clearInterval(timer);
  }, [model, live]);

  // The pager owns its model's file handle from mount to unmount.
  useEffect(() => () => void model.close(), [model]);

  // The pager has the keyboard while it is open (the key pipeline's target on top of the app's).
  useKeyTarget({ kind: 'keys', onKey: (press) => {
    pagerKey(model, press)
      .then((effect) => {
        if (effect === 'close') latest.current.onClose();
        if (effect === 'copy') void model.run(() => copyAll(model, latest.current));
      })
      .catch((e: unknown) => model.setMessage(`error: ${(e as Error).message}`));
  } });

  return (
    <Box flexDirection="column" width={width} height={height}>
      <Rows model={model} rows={contentRows} lineRole={props.lineRole} />
      <StatusLine model={model} title={title} width={width} />
    </Box>
  );
}
