// The full-screen pager's rows and status line, drawn from its model's view (model.store, zustand
// vanilla). src/keys/pager-open.ts opens the model into the app store's pager slot and
// src/keys/pager-keys.ts applies its keys (PagerScreen.tsx mounts this for the slot). The frame is
// exactly `height` rows; pass rows - 1, since a full-height frame makes Ink clear the screen on
// every render.
import React, { useEffect } from 'react';
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import stringWidth from 'string-width';
import { hintText } from '../src/keys/keymap.js';
import type { PagerModel, PagerView, VisibleRow } from '../src/pager/pager-model.js';
import { inkColor, paint, type PaintRole } from './palette.js';
import { toSafeText } from '../src/core/text/safe-text.js';

export interface PagerProps {
  model: PagerModel;
  /** File name or command shown on the status line. */
  title: string;
  width: number;
  /** Rows the pager may use, status line included (terminal rows - 1). */
  height: number;
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

export function Pager(props: PagerProps) {
  const { model, title, width, height } = props;
  const contentRows = Math.max(1, height - 1);

  // The model lays out its rows for the size it is drawn at.
  useEffect(() => {
    void model.resize(width, contentRows);
  }, [model, width, contentRows]);

  return (
    <Box flexDirection="column" width={width} height={height}>
      <Rows model={model} rows={contentRows} lineRole={props.lineRole} />
      <StatusLine model={model} title={title} width={width} />
    </Box>
  );
}
