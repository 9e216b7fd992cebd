// The virtualized transcript: each item's rows are computed once per width (cached on the item
// object, which is replaced whenever it changes), and only the rows in view are produced —
// walking up from the bottom — so 1,000 tool calls cost what the last screenful costs.
import { animates, type TranscriptItem } from '../src/store/transcript.js';
import { paint, wrapWithPrefix } from '../src/tui/text-layout.js';
import { assistantLines } from './AssistantMessage.js';
import { thinkingLines } from './ThinkingBlock.js';
import { toolCardLines } from './ToolCallCard.js';
import { userLines } from './UserMessage.js';

interface Cached { key: string; lines: string[] }
const cache = new WeakMap<TranscriptItem, Cached>();
let renders = 0;

/** How many item renders (cache misses) have happened; tests check virtualization with it. */
export function itemRenderCount(): number {
  return renders;
}

export function renderItem(item: TranscriptItem, width: number, frame: number, now: number): string[] {
  switch (item.kind) {
    case 'user': return userLines(item, width);
    case 'assistant': return assistantLines(item, width);
    case 'thinking': return thinkingLines(item, width, frame, now);
    case 'tool': return toolCardLines(item, width, frame, now);
    case 'notice':
      return wrapWithPrefix(item.text, width, item.level === 'error' ? paint.error('✗ ') : paint.dim('· ')).map((l) =>
        item.level === 'error' ? paint.error(l) : paint.dim(l),
      );
  }
}

export function itemLines(item: TranscriptItem, width: number, frame: number, now: number, epoch: number): string[] {
  const key = animates(item) ? `${width}:${epoch}:${frame}` : `${width}:${epoch}`;
  const hit = cache.get(item);
  if (hit && hit.key === key) return hit.lines;
  renders++;
  let lines: string[];
  try {
    lines = renderItem(item, width, frame, now);
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
}

export function viewWindow(
  items: readonly TranscriptItem[],
  height: number,
  width: number,
  scrollBack: number,
  frame: number,
  now: number,
  epoch: number,
): ViewWindow {
  const need = height + scrollBack;
  const chunks: string[][] = [];
  let collected = 0;
  let i = items.length - 1;
  for (; i >= 0 && collected < need; i--) {
    const item = items[i]!;
    const lines = itemLines(item, width, frame, now, epoch);
    const gap = gapBefore(items[i - 1], item);
    const chunk = gap > 0 ? [...Array<string>(gap).fill(''), ...lines] : lines;
    chunks.push(chunk);
    collected += chunk.length;
  }
  const all: string[] = [];
  for (let c = chunks.length - 1; c >= 0; c--) all.push(...chunks[c]!);
  const topReached = i < 0;
  const clamped = topReached ? Math.max(0, Math.min(scrollBack, all.length - height)) : scrollBack;
  const end = all.length - clamped;
  const start = Math.max(0, end - height);
  return { rows: all.slice(start, end), scrollBack: clamped, atTop: topReached && start === 0 };
}
