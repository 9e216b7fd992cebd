// A resumed session's transcript into the store, the part on screen first: its last turns are
// applied and committed at once (what the screen shows costs what a few turns cost), and every
// turn above them follows in the next task, put in front of the items then in the store. A long
// session is on screen without waiting for thousands of cards nobody sees yet.
import { emptyPlanPanel } from './plan-state.js';
import type { AgentEvent } from '../core/events.js';
import { emptyUsage } from '../core/conversation.js';
import type { AppState, AppStore } from './app-store.js';
import { applyEvents } from './apply-events.js';
import { emptyHistory } from './history-mode.js';

/** About how many replay events the first commit takes (whole turns, so a card's events stay together). */
export const TAIL_EVENTS = 600;

/** The state of an empty transcript. */
function emptied(state: AppState): AppState {
  return {
    ...state,
    items: [],
    index: {},
    activeToolIds: [],
    childTranscripts: {},
    phase: 'idle',
    turns: 0,
    toolCalls: 0,
    turnUsage: emptyUsage(),
    sessionUsage: emptyUsage(),
    childPriced: { usage: emptyUsage(), cost: 0 },
    contextTokens: 0,
    plan: { ...emptyPlanPanel(), hidden: state.plan.hidden },
  };
}

/** Where the tail starts: a turn_start with at least `tail` events after it; 0 when the whole replay is short. */
export function tailStart(replay: readonly AgentEvent[], tail = TAIL_EVENTS): number {
  for (let i = replay.length - tail; i > 0; i--) if (replay[i]!.type === 'turn_start') return i;
  return 0;
}

/** Events of the tail that change cards of earlier turns (a log dropped later, a context edit). */
const reachesBack = (e: AgentEvent): e is Extract<AgentEvent, { type: 'log_dropped' | 'context_edit' }> => e.type === 'log_dropped' || e.type === 'context_edit';

/**
 * Replaces the transcript with `replay` (then `after`, e.g. notices). Resolves once every turn is
 * in the store; the screen's part is there when this returns.
 */
export function showReplay(store: AppStore, replay: readonly AgentEvent[], after: readonly AgentEvent[] = []): Promise<void> {
  const base = emptied(store.getState());
  const now = Date.now();
  const split = tailStart(replay);
  const head = replay.slice(0, split);
  // The head's last usage first, so the status line's totals are right before the head is in.
  let lastUsage: AgentEvent | undefined;
  for (let i = head.length - 1; i >= 0 && !lastUsage; i--) if (head[i]!.type === 'usage') lastUsage = head[i];
  // The plan is state, not transcript: the head's last one is the panel's now.
  const lastPlan = [...head].reverse().find((e) => e.type === 'plan_update');
  const tail = [...(lastUsage ? [lastUsage] : []), ...(lastPlan ? [lastPlan] : []), ...replay.slice(split), ...after];
  const shown = applyEvents(base, tail, now);
  store.setState({ ...shown, phase: 'idle', scrollBack: 0, newBelow: false, expanded: {}, history: emptyHistory() });
  if (split === 0) return Promise.resolve();
  const first = shown.items![0];
  const tailLength = shown.items!.length;
  return new Promise((resolve) => {
    setTimeout(() => {
      const above = applyEvents(base, head, now);
      const s = store.getState();
      // Another session, /clear, or a rewind since: this transcript is not the one on screen any more.
      if (!first || s.items[0]?.id !== first.id || s.items.length < tailLength) return resolve();
      const items = [...above.items!, ...s.items];
      const index: Record<string, number> = {};
      items.forEach((item, i) => (index[item.id] = i));
      let merged: Partial<AppState> = {
        items,
        index,
        childTranscripts: { ...above.childTranscripts, ...s.childTranscripts },
        turns: above.turns! + s.turns,
        toolCalls: above.toolCalls! + s.toolCalls,
      };
      // What the tail did to cards it did not have yet.
      const back = tail.filter((e) => reachesBack(e) && !(e.id in s.index) && e.id in index);
      if (back.length > 0) {
        const redone = applyEvents({ ...s, ...merged } as AppState, back, now);
        merged = { ...merged, items: redone.items!, contextTokens: s.contextTokens };
      }
      store.setState(merged);
      resolve();
    }, 0);
  });
}
