// The status line: what the turn is doing, tokens and cost, and the keys that matter now.
import React, { memo, useEffect, useRef } from 'react';
import type { AppState } from '../src/store/app-store.js';
import type { PermissionMode } from '../src/core/permissions/approval.js';
import { contextWindow, estimateCost } from '../src/core/providers/models.js';
import { toSafeText } from '../src/core/text/safe-text.js';
import { cellFrame, fitLine, formatCost, formatElapsed, formatTokens, paint, spinnerAt, stringWidth } from './text-layout.js';
import { askingHints, helpHints, inputHints, modeHintText } from './status-hints.js';
import { isAsking } from '../src/store/app-store.js';
import { runningChildren, sessionCost as pricedSessionCost } from '../src/store/child-agents.js';
import { Lines, Placeholder } from './Lines.js';
import { runningJobs } from '../src/store/job-events.js';
import { useApp, useAppStore } from './store-context.js';
import { useDrawnRows } from './drawn-rows-context.js';
import { useDrawnInPlace } from './drawn-in-place.js';

export const FLASH_MS = 3000;
/** Columns of the turn's elapsed time: "0 s", "12 s" and "10m 15s" all fit. */
const ELAPSED_WIDTH = 7;

type StatusSlice = {
  modeHints?: string;
  /** The approval prompt's key hints while it waits (choices joined by "\n"). */
  asking?: string;
  /** A command's program waits for a secret or a yes/no (the secret card). */
  secret?: boolean;
  /** The permission mode (null until the agent reports one). */
  permissionMode?: PermissionMode | null;
  /** The thinking budget of the next requests; null or absent: off. */
  thinkingBudget?: number | null;
  /** Child agents (task calls) running now. */
  agents?: number;
  /** Background jobs running now. */
  jobsRunning?: number;
} & Pick<
  AppState,
  | 'phase'
  | 'activeToolIds'
  | 'retry'
  | 'turnUsage'
  | 'sessionUsage'
  | 'childPriced'
  | 'contextTokens'
  | 'contextWindow'
  | 'queued'
  | 'frame'
  | 'flash'
  | 'turnStartedAt'
  | 'mode'
  | 'scrollBack'
>;

export function phaseText(s: StatusSlice, now: number): string {
  if (s.asking) return paint.warn('? waiting for your approval');
  if (s.secret) return paint.warn('? a command waits for a secret');
  if (s.mode === 'planReview') return paint.warn('? the plan waits for your answer');
  if (s.retry) {
    const secs = Math.max(0, Math.ceil((s.retry.until - now) / 1000));
    const why = s.retry.status ? `${s.retry.status}` : s.retry.reason;
    return paint.warn(`${spinnerAt(s.frame)} retrying in ${secs} s (${why}, attempt ${s.retry.attempt})`);
  }
  const took = s.turnStartedAt !== null ? ` ${formatElapsed(now - s.turnStartedAt)}` : '';
  switch (s.phase) {
    case 'idle': return paint.dim('● idle');
    case 'waiting': return paint.accent(`${spinnerAt(s.frame)} waiting for the model${took}`);
    case 'thinking': return paint.accent(`${spinnerAt(s.frame)} thinking${took}`);
    case 'responding': return paint.accent(`${spinnerAt(s.frame)} responding${took}`);
    case 'tools': {
      const n = s.activeToolIds.length;
      return paint.accent(`${spinnerAt(s.frame)} running ${n} tool${n === 1 ? '' : 's'}${took}`);
    }
  }
}

/** The meter: "ctx 61% of 200k", yellow from 70 %, red from 85 % (where auto-compaction starts). */
export function contextText(tokens: number, window: number | null): string {
  if (tokens === 0) return '';
  if (window === null) return ` · ctx ${formatTokens(tokens)} (unknown window)`;
  const pct = (tokens / window) * 100;
  const text = `ctx ${pct < 10 ? pct.toFixed(1) : pct.toFixed(0)}% of ${formatTokens(window)}`;
  return ` · ${pct >= 85 ? paint.error(text) : pct >= 70 ? paint.warn(text) : text}`;
}

/**
 * Spaces that make the turn's elapsed time fixed-width ("1 s" and "12 s" alike), so the
 * tokens and key hints after it stay put instead of jumping every second.
 */
function elapsedPad(s: StatusSlice, now: number): string {
  if (s.retry || s.phase === 'idle' || s.turnStartedAt === null) return '';
  return ' '.repeat(Math.max(0, ELAPSED_WIDTH - formatElapsed(now - s.turnStartedAt).length));
}

/**
 * The status line's parts, highest priority first. The first part never drops; as the width
 * shrinks, the lowest part that still has a shorter choice takes it first (its choices run
 * longest first), and a higher part gives up detail only when the lower ones have no shorter
 * choice left — after which the lower ones start again from their longest. The order: waiting for
 * you (approval, secret: the state part says so) > the mode when not default > running children and
 * jobs > thinking on > context meter > tokens and cost > hints. (The meter is drawn after the
 * session's tokens, in their part: it is that part's last choice before nothing. In history mode
 * and shell focus the hints are the keys and the part shows nothing.)
 */
interface StatusPart {
  name: string;
  /** Its text carries its own colour (the others are dimmed). */
  coloured?: boolean;
  /** Longest first; '' shows nothing. */
  choices(s: StatusSlice, ctx: { model: string; now: number; flash: string | null }): string[];
}

const STATUS_PARTS: readonly StatusPart[] = [
  {
    name: 'state',
    choices: (s, { now }) => [`${phaseText(s, now)}${s.queued.length > 0 ? paint.warn(` · ${s.queued.length} queued`) : ''}${elapsedPad(s, now)}`],
  },
  {
    name: 'mode',
    coloured: true,
    // Any mode but default changes what runs without asking: a word in colour, the ones that
    // run commands unasked (auto, yolo) in the warning colour.
    choices: (s) => {
      const m = s.permissionMode;
      if (!m || m === 'default') return [''];
      const tone = m === 'yolo' || m === 'auto' ? paint.warn : paint.accent;
      return [tone(`${m} mode`), tone(m)];
    },
  },
  {
    name: 'agents',
    coloured: true,
    choices: (s) => {
      const n = s.agents ?? 0;
      return n > 0 ? [paint.accent(`${n} agent${n === 1 ? '' : 's'} running`), paint.accent(`${n} agent${n === 1 ? '' : 's'}`), ''] : [''];
    },
  },
  {
    name: 'jobs',
    coloured: true,
    // Running background jobs (/jobs lists them): they use the machine while nothing else seems to.
    choices: (s) => (s.jobsRunning ? [paint.accent(`jobs ${s.jobsRunning}`), paint.accent(`j${s.jobsRunning}`)] : ['']),
  },
  {
    name: 'thinking',
    coloured: true,
    // Alt+T: the next requests think (and cost their budget more).
    choices: (s) => (s.thinkingBudget ? [paint.accent('thinking'), ''] : ['']),
  },
  {
    name: 'tokens',
    choices: (s, { model }) => {
      // In history mode and shell focus the keys matter more than the tokens.
      if (s.modeHints) return [''];
      const turnCost = formatCost(estimateCost(model, s.turnUsage));
      // Children's tokens at their own models (child-agents.ts).
      const sessionCost = formatCost(pricedSessionCost(s, model));
      const turn = `turn ↑${formatTokens(s.turnUsage.inputTokens)} ↓${formatTokens(s.turnUsage.outputTokens)}${turnCost ? ` ${turnCost}` : ''}`;
      const meter = contextText(s.contextTokens, s.contextWindow !== undefined ? s.contextWindow : contextWindow(model));
      const session = `session ↑${formatTokens(s.sessionUsage.inputTokens)} ↓${formatTokens(s.sessionUsage.outputTokens)}${sessionCost ? ` ${sessionCost}` : ''}${meter}`;
      // The context meter outlasts the tokens and cost (it says when the conversation will be compacted).
      return [`${turn} · ${session}`, session, ...(meter ? [meter.slice(' · '.length)] : []), ''];
    },
  },
  {
    name: 'hints',
    // A flash can quote an error message from outside (a clipboard program, a file).
    choices: (s, { flash }) =>
      // A long flash (a path /export wrote) is cut rather than left out at narrow widths.
      flash ? [flash, ...[44, 28].filter((n) => flash.length > n + 1).map((n) => `${flash.slice(0, n)}…`)]
      : s.asking ? s.asking.split('\n')
      // The secret card shows its own keys.
      : s.secret || s.mode === 'planReview' ? ['']
      : s.modeHints ? toSafeText(s.modeHints).split('\n')
      : s.mode === 'help' ? helpHints()
      : inputHints(s.phase !== 'idle'),
  },
];

/** Every combination of the parts' choices, in the order of preference (the first part varies slowest). */
function* preferred(lists: readonly string[][]): Generator<string[]> {
  const [first, ...rest] = lists;
  if (!first) return yield [];
  for (const c of first) for (const r of preferred(rest)) yield [c, ...r];
}

export function statusLine(s: StatusSlice, model: string, width: number, now: number): string {
  const flash = s.flash && now - s.flash.at < FLASH_MS ? toSafeText(s.flash.text) : null;
  const [state, ...rest] = STATUS_PARTS.map((p) => p.choices(s, { model, now, flash }));
  const left = ` ${state![0]}`;
  const middle = STATUS_PARTS.slice(1, -1);
  // The middle parts follow the state on the left; the last (the hints) sits at the right edge.
  for (const choice of preferred(rest)) {
    const hint = choice.pop()!;
    const body = left + choice.map((c, i) => (c === '' ? '' : `  ${middle[i]!.coloured ? c : paint.dim(c)}`)).join('');
    const right = `${flash ? paint.warn(hint) : paint.dim(hint)} `;
    const room = width - stringWidth(body) - stringWidth(right);
    if (room >= 2) return body + ' '.repeat(room) + right;
  }
  return fitLine(left, width);
}

/** The last state's slice: the selector and the in-place listener ask for the same state's on each update. */
let lastSlice: { st: AppState; slice: StatusSlice } | null = null;

/** What the status line is drawn from (besides the model, the width and the clock). */
function statusSlice(st: AppState): StatusSlice {
  if (lastSlice?.st === st) return lastSlice.slice;
  const slice = sliceOf(st);
  lastSlice = { st, slice };
  return slice;
}

function sliceOf(st: AppState): StatusSlice {
  return {
    phase: st.phase,
    activeToolIds: st.activeToolIds,
    retry: st.retry,
    turnUsage: st.turnUsage,
    sessionUsage: st.sessionUsage,
    childPriced: st.childPriced,
    contextTokens: st.contextTokens,
    contextWindow: st.contextWindow,
    queued: st.queued,
    frame: st.frame,
    flash: st.flash,
    turnStartedAt: st.turnStartedAt,
    mode: st.mode,
    scrollBack: st.scrollBack,
    // History mode and shell focus: which mode, where, which keys (status-hints.ts).
    modeHints: modeHintText(st),
    asking: isAsking(st) ? askingHints(st.approvals).join('\n') : '',
    secret: st.secrets.length > 0,
    permissionMode: st.permission.mode,
    thinkingBudget: st.thinkingBudget,
    agents: runningChildren(st),
    jobsRunning: runningJobs(st),
  };
}

const sameSlice = (a: StatusSlice, b: StatusSlice) => (Object.keys(a) as (keyof StatusSlice)[]).every((k) => Object.is(a[k], b[k]));

/**
 * What changes the line alone, mid-turn, with nothing else on screen (a child's request priced, the
 * clock's second): drawn by the frame writer. Any other change (the phase, history mode's place,
 * an ask) comes with a change elsewhere that React renders: the line renders with it, so the two
 * reach the screen in one frame.
 */
const ON_ITS_OWN: ReadonlySet<keyof StatusSlice> = new Set(['turnUsage', 'sessionUsage', 'childPriced', 'contextTokens', 'contextWindow', 'frame']);
const onItsOwn = (a: StatusSlice, b: StatusSlice) => (Object.keys(a) as (keyof StatusSlice)[]).every((k) => ON_ITS_OWN.has(k) || Object.is(a[k], b[k]));

/**
 * Calls (and the children they run) that ended while the turn goes on: the count on the line goes
 * down — or, the last one ended, the line says the turn waits for the model — and the calls' cards
 * change in place too (transcript-rows.ts sameButStreaming), so the writer draws both in one
 * redraw. (A call that starts comes with its new card, the turn's end with its idle state: real frames.)
 */
function callsEnded(a: StatusSlice, b: StatusSlice): boolean {
  if (a.phase !== 'tools' || a.activeToolIds === b.activeToolIds) return false;
  if (b.phase !== 'tools' && !(b.phase === 'waiting' && b.activeToolIds.length === 0)) return false;
  if (!b.activeToolIds.every((id) => a.activeToolIds.includes(id))) return false;
  const may = (k: keyof StatusSlice) => ON_ITS_OWN.has(k) || k === 'activeToolIds' || k === 'agents' || k === 'phase';
  return (Object.keys(a) as (keyof StatusSlice)[]).every((k) => may(k) || Object.is(a[k], b[k]));
}

/** What the frame writer draws in place of the line on screen, drawn from `a`, for a store with `b`. */
const drawnAlone = (a: StatusSlice, b: StatusSlice) => onItsOwn(a, b) || callsEnded(a, b);

/** What is on screen: the slice it was drawn from, its text and (with a frame writer) its placeholder. */
interface ShownStatus {
  slice: StatusSlice;
  line: string;
  placed: string | null;
}

// Rendered when its slice of the store changes (never with the screen around it). With a frame
// writer, a new text from what changes on its own (tokens, cost, context, the clock: ON_ITS_OWN), or
// from calls that ended while others run (callsEnded), is no React render at all: the writer draws
// the row in place of the one on screen (drawn-in-place.ts), as the transcript's streaming rows —
// the tokens and cost change with every child agent's request, and each was a commit and a whole
// Ink frame. Any other change renders.
export const StatusBar = memo(function StatusBar({ model, width }: { model: string; width: number }) {
  const store = useAppStore();
  const drawn = useDrawnRows();
  // With a frame writer, the spinner is its cell and the writer turns the glyph between frames
  // (live-cells.ts): a tick costs no store update, commit or Ink frame (text-layout.ts).
  const cells = drawn !== null;
  const lineOf = (slice: StatusSlice) => statusLine(cells ? { ...slice, frame: cellFrame(slice.frame) } : slice, model, width, Date.now());
  // Without a frame writer, each change of the slice renders; with one, the subscription below draws
  // what changes on its own (and calls ended mid-turn), and the rest renders.
  const seen = useRef<StatusSlice | null>(null);
  useApp((st) => {
    const next = statusSlice(st);
    const prev = seen.current;
    if (prev && (sameSlice(prev, next) || (cells && drawnAlone(prev, next)))) return prev;
    return (seen.current = next);
  });
  const slice = statusSlice(store.getState());
  const line = lineOf(slice);
  // Drawn by the frame writer when there is one: Ink measuring and drawing the row each time its
  // text changes (every second of a turn) cost the spinner scenario 0.5 -> 0.8 % of a core
  // (bench/frames.ts frame.spinner; issue 42, ARCHITECTURE.md).
  const placed = drawn ? drawn.place([line], width, 1) : null;
  // `force`: the text may have changed with the time alone (a flash gone old).
  const { refresh } = useDrawnInPlace<ShownStatus>(store, drawn, { slice, line, placed }, (last, force) => {
    const next = statusSlice(store.getState());
    if (!force && sameSlice(last.slice, next)) return null;
    // Anything else changed: the selector above renders the line (with the rest of the frame).
    if (!force && !drawnAlone(last.slice, next)) return null;
    const text = lineOf(next);
    // The same text: only the slice it is drawn from is new.
    if (text === last.line) return { rows: null, shown: { ...last, slice: next } };
    return { rows: [text], shown: { slice: next, line: text, placed: last.placed } };
  });
  // A flash message goes away on its own even when nothing else redraws: once it is old
  // (statusLine stops showing a flash older than FLASH_MS), the row is drawn again.
  const flash = slice.flash;
  useEffect(() => {
    if (!flash) return;
    const t = setTimeout(() => refresh(true), Math.max(0, flash.at + FLASH_MS - Date.now()) + 1);
    return () => clearTimeout(t);
  }, [flash, refresh]);
  return placed !== null ? <Placeholder text={placed} /> : <Lines lines={[line]} />;
});
