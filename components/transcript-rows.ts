// The transcript viewport's rows as one function of the store's state, and what they are drawn
// from: the Transcript renders with them, and draws them again through the frame writer when only
// what streams changed — a command's live output, or the text of the answer or thinking still
// streaming (a pane's new line or an answer's next word needs no React commit, layout or Ink frame),
// or a call ended while others still run (a child agent done while the rest go on).
import type { AppState } from '../src/store/app-store.js';
import type { TranscriptItem } from '../src/store/transcript.js';
import { shownItems } from '../src/store/history-mode.js';
import { cellFrame, paint } from './text-layout.js';
import { viewWindow } from './transcript-layout.js';
import { promptView, transcriptView } from './screen-layout.js';

export interface TranscriptRows {
  rows: string[];
  /** The topmost item in view (of the items drawn: a history filter shows fewer). */
  firstItem: number;
}

/** Every row of the viewport, `height` at most; `cells`: spinners left to the frame writer (text-layout.ts). */
export function transcriptRows(s: AppState, width: number, height: number, cells: boolean, now = Date.now()): TranscriptRows {
  const view = transcriptView(s);
  const prompt = promptView(s, width, height);
  const win = viewWindow(shownItems(s), height, width, s.scrollBack, cells ? cellFrame(s.frame) : s.frame, now, s.renderEpoch, {
    ...view,
    ...(prompt ? { prompt } : {}),
  });
  const rows = win.rows.slice();
  if (win.scrollBack > 0 && view.selectedId === null) {
    const hint = s.newBelow ? '↓ new activity below — End to follow' : `↑ ${win.scrollBack} lines up — End to follow`;
    rows[rows.length - 1] = s.newBelow ? paint.inverse(` ${hint} `) : paint.dim(hint);
  }
  return { rows, firstItem: win.firstItem };
}

/** What the rows are drawn from (with the terminal size and the clock). */
export interface TranscriptDrawing {
  items: readonly TranscriptItem[];
  selectedId: string | null;
  expanded: AppState['expanded'];
  focusedId: string | null | undefined;
  outputScroll: number | undefined;
  scrollBack: number;
  newBelow: boolean;
  frame: number;
  epoch: number;
  // The asking card is drawn from the queue (promptView), in the mode that shows it.
  approvals: AppState['approvals'];
  mode: AppState['mode'];
  /** A turn is on (its phase): a call that ends while it goes on changes nothing but its card. */
  turnOn: boolean;
}

/** The last state's drawing: the in-place listener and the selector ask for the same state's on each update. */
let lastDrawing: { s: AppState; drawing: TranscriptDrawing } | null = null;

export function drawingOf(s: AppState): TranscriptDrawing {
  if (lastDrawing?.s === s) return lastDrawing.drawing;
  const drawing = drawingFrom(s);
  lastDrawing = { s, drawing };
  return drawing;
}

function drawingFrom(s: AppState): TranscriptDrawing {
  const view = transcriptView(s);
  return {
    // While a history filter is on, only the matching stops are drawn.
    items: shownItems(s),
    selectedId: view.selectedId,
    expanded: s.expanded,
    focusedId: view.focusedId,
    outputScroll: view.outputScroll,
    scrollBack: s.scrollBack,
    newBelow: s.newBelow,
    frame: s.frame,
    epoch: s.renderEpoch,
    approvals: s.approvals,
    mode: s.mode,
    turnOn: s.phase !== 'idle',
  };
}

/**
 * The two drawings look the same but for what streams: the live output of commands (a tool item's
 * details and when output last came) and the text of an answer or thinking run streaming in both
 * (and a prompt's ledger mark, never drawn); and, while the turn goes on in both, a call that
 * ended (its card: its status, result, changes). The status line's part of that (the count of
 * calls and children running) is drawn in place too (StatusBar.tsx): with 8 child agents, each
 * one done before the last was a React commit and a whole Ink frame.
 * Every other field the same, as many items, and every item from `from` down (those in view: the
 * view is laid out from the bottom, so the items above it do not change its rows) the same object
 * but such ones. `cells`: the frame writer turns the spinners, so the clock's second (`frame`)
 * moves only the elapsed counters, in rows already there: drawn as streaming is.
 */
export function sameButStreaming(a: TranscriptDrawing, b: TranscriptDrawing, from = 0, cells = false): boolean {
  for (const k of VIEW_FIELDS) if (a[k] !== b[k] && !(cells && k === 'frame')) return false;
  if (a.items === b.items) return true;
  if (a.items.length !== b.items.length) return false;
  for (let i = Math.max(0, from); i < a.items.length; i++) {
    if (a.items[i] !== b.items[i] && !streamedOnly(a.items[i]!, b.items[i]!, b.turnOn)) return false;
  }
  return true;
}

const VIEW_FIELDS = ['selectedId', 'expanded', 'focusedId', 'outputScroll', 'scrollBack', 'newBelow', 'frame', 'epoch', 'approvals', 'mode', 'turnOn'] as const;
// Every field of a drawing but its items is compared: a field added without being listed fails to compile.
type Unlisted = Exclude<keyof TranscriptDrawing, 'items' | (typeof VIEW_FIELDS)[number]>;
const everyField: [Unlisted] extends [never] ? true : never = true;
void everyField;

// The fields that may differ, by kind: a running command's output; a streaming text's text (its
// end, `streaming` false, is a real frame, as is a new item); a prompt's ledger mark, which its
// rows never show (turn_checkpoint comes mid-answer in every turn: it was a frame of its own).
const STREAMING_FIELDS: Partial<Record<TranscriptItem['kind'], ReadonlySet<string>>> = {
  tool: new Set(['details', 'outputAt']),
  assistant: new Set(['text']),
  thinking: new Set(['text']),
  user: new Set(['checkpoint']),
};

// What a call's end changes on its item (tool_status, tool_result, tool_changes, its hooks after it).
const ENDED_FIELDS: ReadonlySet<string> = new Set([...STREAMING_FIELDS.tool!, 'status', 'endedAt', 'result', 'changes', 'hooks']);
const ENDED: ReadonlySet<string> = new Set(['done', 'error', 'cancelled', 'denied']);
// A call that starts (queued → running, its clock from now) changes its card's rows only: the
// phase, the running calls and the status line stay as the call's arrival made them.
const STARTING_FIELDS: ReadonlySet<string> = new Set([...STREAMING_FIELDS.tool!, 'status', 'startedAt']);

/** `turnOn`: the turn goes on, so a call's end changes nothing on screen but its card. */
function streamedOnly(a: TranscriptItem, b: TranscriptItem, turnOn: boolean): boolean {
  if (a.kind !== b.kind || a.id !== b.id) return false;
  // (An asking call's end is the approval prompt's too: the queue changes, a real frame.)
  const ended = turnOn && a.kind === 'tool' && b.kind === 'tool' && a.status !== 'awaiting_approval' && ENDED.has(b.status);
  const starts = a.kind === 'tool' && b.kind === 'tool' && a.status === 'queued' && b.status === 'running';
  const may = ended ? ENDED_FIELDS : starts ? STARTING_FIELDS : STREAMING_FIELDS[a.kind];
  if (!may || ((a.kind === 'assistant' || a.kind === 'thinking') && !a.streaming)) return false;
  // Any other field is the same, present or not (the ledger's mark is a key new on its prompt;
  // a started call's endedAt an undefined one).
  const same = (k: string) => may.has(k) || (a as unknown as Record<string, unknown>)[k] === (b as unknown as Record<string, unknown>)[k];
  return Object.keys(a).every(same) && Object.keys(b).every(same);
}
