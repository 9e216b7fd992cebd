// The secret requests waiting for the person: a command's program asked through the askpass bridge,
// the UI shows a card, and answer() hands the answer straight back to the asking connection. The
// answer is never an event, so it never reaches the session file, the log or a request.
import type { AgentEvent } from './events.js';
import type { SecretRequest } from './tools/tool.js';

export class SecretRequests {
  private readonly waiting = new Map<string, (answer: string | null) => void>();
  private next = 1;

  /** Emits secret_request and waits for answer(); a withdrawn question resolves null. */
  ask(callId: string, request: SecretRequest, signal: AbortSignal, emit: (e: AgentEvent) => void): Promise<string | null> {
    const id = `secret-${this.next++}`;
    return new Promise((resolve) => {
      const settle = (answer: string | null) => {
        if (!this.waiting.delete(id)) return;
        signal.removeEventListener('abort', withdraw);
        emit({ type: 'secret_request_end', id: callId, request: id });
        resolve(answer);
      };
      const withdraw = () => settle(null);
      this.waiting.set(id, settle);
      if (signal.aborted) return withdraw();
      signal.addEventListener('abort', withdraw, { once: true });
      emit({ type: 'secret_request', id: callId, request: id, ...request });
    });
  }

  /** False when request `id` no longer waits (answered, withdrawn). */
  answer(id: string, answer: string | null): boolean {
    const settle = this.waiting.get(id);
    if (!settle) return false;
    settle(answer);
    return true;
  }
}
