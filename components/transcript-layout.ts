// The virtualized transcript: each item's rows are computed once per width (cached on the item
// object, which is replaced whenever it changes), and only the rows in view are produced —
// walking up from the bottom — so 1,000 tool calls cost what the last screenful costs.
import { animates, type ToolItem, type TranscriptItem } from '../src/store/transcript.js';
import { formatTokenCount } from '../src/core/context/token-estimate.js';
import { stripVTControlCharacters } from 'node:util';
import type { SafeText } from '../src/core/text/safe-text.js';
import { fitLine, paint, stringWidth, wrapWithPrefix } from './text-layout.js';
import { assistantLines } from './assistant-lines.js';

/** Under a card whose full output log the session's cap deleted. */
export const LOG_DROPPED = '  ↳ full output log dropped (the session keeps its newest 256 MB of logs)';
import { expandedThinkingLines, expandedToolLines } from './expanded-card.js';
import { thinkingLines } from './thinking-lines.js';
import { toolCardLines } from './tools/renderers.js';
import { userLines } from './user-lines.js';
import { changesLines } from './tool-changes-lines.js';
import { hookRunLines } from './hook-run-lines.js';

interface Cached { key: string; lines: string[] }
const cache = new WeakMap<TranscriptItem, Cached>();
let renders = 0;

/** How many item renders (cache misses) have happened; tests check virtualization with it. */
export function itemRenderCount(): number {
  return renders;
}

/** How history mode wants an item drawn: expanded in place (to at most N rows), pane focused. */
export interface ItemLook {
  expandedRows?: number;
  focused?: boolean;
  /** An expanded command's output scrolled up this many rows (PgUp/PgDn in history mode). */
  outputScroll?: number;
}

export function renderItem(item: TranscriptItem, width: number, frame: number, now: number, look: ItemLook = {}): string[] {
  switch (item.kind) {
    case 'user': return userLines(item, width, look.expandedRows);
    case 'assistant': return assistantLines(item, width);
    case 'thinking':
      return look.expandedRows && !item.streaming ? expandedThinkingLines(item, width, look.expandedRows) : thinkingLines(item, width, frame, now);
    case 'tool': {
      const card = look.expandedRows ? expandedToolLines(item, width, frame, now, look.expandedRows, look.outputScroll) : toolCardLines(item, width, frame, now, look);
      const withHooks = item.hooks ? [...card, ...hookRunLines(item, width)] : card;
      const withChanges = item.changes ? [...withHooks, ...changesLines(item, width, look.expandedRows)] : withHooks;
      return item.logDropped ? [...withChanges, paint.dim(fitLine(LOG_DROPPED, width))] : withChanges;
    }
    case 'compaction':
      return compactionRule(item.text, width);
    case 'notice':
      return wrapWithPrefix(item.text, width, item.level === 'error' ? paint.error('✗ ') : paint.dim('· ')).map((l) =>
        item.level === 'error' ? paint.error(l) : paint.dim(l),
      );
  }
}

/** The boundary of a compaction: a rule with what it saved; what is above it is drawn dimmed. */
function compactionRule(text: string, width: number): string[] {
  const label = ` ${text} `;
  if (stringWidth(label) + 4 > width) return wrapWithPrefix(text, width, paint.dim('── ')).map((l) => paint.dim(l));
  return [paint.dim(`──${label}${'─'.repeat(Math.max(0, width - stringWidth(label) - 2))}`)];
}

const EDIT_LABELS = { drop: 'dropped', shrink: 'shrunk', pin: 'pinned' } as const;

/** "  ctx 12 in · 12.4k result · dropped": a call's share of the context, and the person's edit. */
function contextLine(item: ToolItem, selected: boolean): string | null {
  if (!item.contextCost && !item.contextEdit) return null;
  const cost = item.contextCost ? `ctx ${formatTokenCount(item.contextCost.input)} in · ${formatTokenCount(item.contextCost.result)} result` : 'ctx compacted away';
  const state = item.contextEdit ? ` · ${paint.warn(EDIT_LABELS[item.contextEdit])}` : '';
  const keys = selected ? paint.dim(' (d drop · s shrink · p pin)') : '';
  return `  ${paint.dim(cost)}${state}${keys}`;
}

/** Rows above the last compaction: no longer sent to the model, so drawn dimmed. */
const dimmed = (lines: string[]): string[] => lines.map((l) => (l === '' ? l : paint.dim(stripVTControlCharacters(l))));

export function itemLines(
  item: TranscriptItem,
  width: number,
  frame: number,
  now: number,
  epoch: number,
  look: ItemLook = {},
): string[] {
  const base = `${width}:${epoch}:${look.expandedRows ?? 0}:${look.focused ? 1 : 0}:${look.outputScroll ?? 0}`;
  const key = animates(item) ? `${base}:${frame}` : base;
  const hit = cache.get(item);
  if (hit && hit.key === key) return hit.lines;
  renders++;
  let lines: string[];
  try {
    lines = renderItem(item, width, frame, now, look);
  } catch (err) {
    // One item that cannot be drawn must not take the whole screen down.
    lines = [paint.error(`✗ could not draw this ${item.kind}: ${(err as Error).message}`)];
  }
  cache.set(item, { key, lines });
  return lines;
}

/** Blank rows above an item: tool calls in a row stay together, everything else breathes. */
export function gapBefore(prev: TranscriptItem | undefined, cur: TranscriptItem): number {
  if (!prev) return 0;
  if (prev.kind === 'tool' && cur.kind === 'tool') return 0;
  return 1;
}

export interface ViewWindow {
  rows: string[];
  /** scrollBack clamped to what exists. */
  scrollBack: number;
  /** The view shows the first row of the transcript. */
  atTop: boolean;
  /** Rows below the selected item, when there is one (the next frame's ViewOptions.anchor). */
  selectionBelow?: number;
  /** The index of the topmost item it drew: the items above it do not change its rows. */
  firstItem: number;
}

/** History mode's part of the view: the selection (kept in view), expanded calls, the focused pane. */
export interface ViewOptions {
  /** The selected expanded command's output scrolled up this many rows. */
  outputScroll?: number;
  selectedId?: string | null;
  expanded?: Readonly<Record<string, true>>;
  focusedId?: string | null;
  /** Rows kept between the selection and the viewport's edges. */
  margin?: number;
  /** The last frame's selection and the rows below it: output arriving below must not move it. */
  anchor?: { id: string; below: number } | null;
  /**
   * A call that asks: its card is drawn with these rows (the approval prompt) and kept wholly in
   * view; without a selection, the view moves only as far as that needs.
   */
  prompt?: { id: string; lines: string[] };
  /** Items drawn nested (a child agent's under its task card), by id: how many levels in. */
  nested?: ReadonlyMap<string, number>;
}

export const SELECTION_MARGIN = 2;
const SELECTED_BAR = '▌ ';

/** The most rows an expanded item takes in a view `height` rows tall: it stays in sight whole. */
export function expandedRowsFor(height: number): number {
  return Math.max(3, height - 1);
}

/** An item's rows as this view draws them: expanded, focused, and marked when selected. */
export function viewItemLines(
  item: TranscriptItem,
  width: number,
  height: number,
  frame: number,
  now: number,
  epoch: number,
  view: ViewOptions = {},
): string[] {
  const look: ItemLook = {};
  if (view.expanded?.[item.id]) look.expandedRows = expandedRowsFor(height);
  if (view.outputScroll && view.selectedId === item.id) look.outputScroll = view.outputScroll;
  if (view.focusedId === item.id) look.focused = true;
  // History mode (a selection exists): each call says what it costs in the context now.
  const context = view.selectedId != null && item.kind === 'tool' ? contextLine(item, view.selectedId === item.id) : null;
  const withContext = (lines: string[], w: number) => (context ? [...lines, fitLine(context, w)] : lines);
  if (view.selectedId !== item.id) return withContext(itemLines(item, width, frame, now, epoch, look), width);
  const bar = paint.accent(SELECTED_BAR);
  const w = Math.max(8, width - SELECTED_BAR.length);
  return withContext(itemLines(item, w, frame, now, epoch, look), w).map((l) => bar + l);
}

/** One level of nesting: a guide line under the task card the items belong to. */
const NEST = `  ${paint.dim('│')} `;
const NEST_WIDTH = 4;

/** An item's rows as viewItemLines draws them, `depth` levels in: narrower, behind the guides. */
function nestedItemLines(item: TranscriptItem, depth: number, width: number, height: number, frame: number, now: number, epoch: number, view: ViewOptions): string[] {
  const pad = NEST.repeat(depth);
  return viewItemLines(item, Math.max(8, width - NEST_WIDTH * depth), height, frame, now, epoch, view).map((l) => pad + l);
}

export function viewWindow(
  items: readonly TranscriptItem[],
  height: number,
  width: number,
  scrollBack: number,
  frame: number,
  now: number,
  epoch: number,
  view: ViewOptions = {},
): ViewWindow {
  let need = height + scrollBack;
  const chunks: string[][] = [];
  let collected = 0;
  const prompt = view.prompt;
  // A prompt whose call is not among the items (a filter hides it) is drawn last.
  if (prompt && !items.some((it) => it.id === prompt.id)) items = [...items, { kind: 'notice', id: prompt.id, text: '' as SafeText, level: 'info' }];
  let i = items.length - 1;
  const selectedId = view.selectedId ?? null;
  // What the view keeps in sight: the history selection, else the asking card.
  const keptId = selectedId ?? prompt?.id ?? null;
  let selectionSeen = keptId === null;
  let selectionBelow: number | undefined;
  let aboveCompaction = false;
  for (; i >= 0 && (collected < need || !selectionSeen); i--) {
    const item = items[i]!;
    const depth = view.nested?.get(item.id) ?? 0;
    const drawn =
      prompt?.id === item.id ? prompt.lines
      : depth > 0 ? nestedItemLines(item, depth, width, height, frame, now, epoch, view)
      : viewItemLines(item, width, height, frame, now, epoch, view);
    const lines = aboveCompaction ? dimmed(drawn) : drawn;
    if (item.kind === 'compaction') aboveCompaction = true;
    const gap = gapBefore(items[i - 1], item);
    // A gap inside a nested run keeps its guides.
    const chunk = gap > 0 ? [...Array<string>(gap).fill(depth > 0 ? NEST.repeat(depth).trimEnd() : ''), ...lines] : lines;
    if (item.id === keptId) {
      // Keep the selection in view with a margin (the prompt with none); an item taller than the view shows its top.
      selectionSeen = true;
      const below = collected;
      if (item.id === selectedId) selectionBelow = below;
      if (item.id === selectedId && view.anchor?.id === item.id && below > view.anchor.below) scrollBack += below - view.anchor.below;
      const h = lines.length;
      const margin = item.id === selectedId ? Math.min(view.margin ?? SELECTION_MARGIN, Math.max(0, Math.floor((height - h) / 2))) : 0;
      if (h + margin > height) scrollBack = Math.max(0, below + h - height);
      else scrollBack = Math.max(below + h + margin - height, Math.min(scrollBack, Math.max(0, below - margin)));
      need = height + scrollBack;
    }
    chunks.push(chunk);
    collected += chunk.length;
  }
  const all: string[] = [];
  for (let c = chunks.length - 1; c >= 0; c--) all.push(...chunks[c]!);
  const topReached = i < 0;
  const clamped = topReached ? Math.max(0, Math.min(scrollBack, all.length - height)) : scrollBack;
  const end = all.length - clamped;
  const start = Math.max(0, end - height);
  return { rows: all.slice(start, end), scrollBack: clamped, atTop: topReached && start === 0, selectionBelow, firstItem: i + 1 };
}
