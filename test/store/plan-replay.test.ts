// The panel's plan as the store holds it: a resumed session's replay leaves its last plan on the
// panel even when that update is in the part applied later (the head of a long replay), another
// session's replay without one empties it, and /clear empties it (Alt+L's choice stays).
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/core/events.js';
import { createAppStore } from '../../src/store/app-store.js';
import { showReplay, TAIL_EVENTS } from '../../src/store/session-replay.js';
import { sessionOf } from '../../src/store/agent-session.js';
import { togglePlanPanel } from '../../src/store/plan-actions.js';

const update = (statuses: ('pending' | 'in_progress' | 'completed')[]): AgentEvent => ({
  type: 'plan_update',
  change: 'update',
  plan: { steps: statuses.map((status, i) => ({ step: `step ${i + 1}`, status })) },
});

/** A session whose plan update comes first, then enough turns that it lands in the replay's head. */
function longSession(): AgentEvent[] {
  const out: AgentEvent[] = [{ type: 'turn_start', prompt: 'plan' }, update(['completed', 'in_progress']), { type: 'turn_end', reason: 'end_turn' }];
  for (let t = 0; out.length < TAIL_EVENTS * 3; t++) out.push({ type: 'turn_start', prompt: `turn ${t}` }, { type: 'text_delta', text: `answer ${t}` }, { type: 'turn_end', reason: 'end_turn' });
  return out;
}

describe('the plan in the store', () => {
  it("shows a resumed session's last plan at once, even from the replay's head", async () => {
    const store = createAppStore();
    await showReplay(store, longSession());
    expect(store.getState().plan.steps.map((s) => s.status)).toEqual(['completed', 'in_progress']);
  });

  it("another session's replay without a plan empties the panel; Alt+L's choice stays", async () => {
    const store = createAppStore();
    await showReplay(store, [update(['in_progress'])]);
    togglePlanPanel(store);
    await showReplay(store, [{ type: 'turn_start', prompt: 'other' }, { type: 'turn_end', reason: 'end_turn' }]);
    expect(store.getState().plan).toEqual({ steps: [], stalled: false, hidden: true });
  });

  it('/clear empties the panel', async () => {
    const store = createAppStore();
    await showReplay(store, [update(['in_progress', 'pending'])]);
    sessionOf(store).clear();
    expect(store.getState().plan.steps).toEqual([]);
  });
});
