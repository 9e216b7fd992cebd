// exit_plan_mode's cards waiting for the person, by call id: the card is its own approval (not the
// permission chain). Answered through the door (answerPlan); an interrupt withdraws the wait.
import type { AgentEvent } from '../events.js';
import type { PlanAnswer } from './plan-types.js';

export class PlanReviews {
  private readonly waiting = new Map<string, (answer: PlanAnswer | null) => void>();

  constructor(readonly canAsk: boolean) {}

  /** Shows the plan card for call `id` and waits for the answer; null when `signal` aborts first. */
  ask(id: string, plan: string, signal: AbortSignal, emit: (e: AgentEvent) => void): Promise<PlanAnswer | null> {
    if (signal.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const done = (answer: PlanAnswer | null) => {
        this.waiting.delete(id);
        signal.removeEventListener('abort', onAbort);
        resolve(answer);
      };
      const onAbort = () => done(null);
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(id, done);
      emit({ type: 'plan_review', id, plan });
    });
  }

  /** False when no card `id` waits (answered already, interrupted). */
  answer(id: string, answer: PlanAnswer): boolean {
    const done = this.waiting.get(id);
    if (!done) return false;
    done(answer);
    return true;
  }
}
