// How many children run at once (setting agents.maxConcurrent): one queue per depth, first come
// first served. Per depth, so a child waiting for its own children never waits on its own place.

export class AgentSlots {
  private readonly running = new Map<number, number>();
  private readonly queues = new Map<number, (() => void)[]>();

  constructor(readonly max: number) {}

  /** Resolves with a release function once a place at `depth` is free; undefined if `signal` aborts first. */
  acquire(depth: number, signal: AbortSignal): Promise<(() => void) | undefined> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve(undefined);
      const grant = () => {
        signal.removeEventListener('abort', onAbort);
        this.running.set(depth, (this.running.get(depth) ?? 0) + 1);
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.running.set(depth, (this.running.get(depth) ?? 1) - 1);
          this.queues.get(depth)?.shift()?.();
        });
      };
      const onAbort = () => {
        const queue = this.queues.get(depth) ?? [];
        const at = queue.indexOf(grant);
        if (at >= 0) queue.splice(at, 1);
        resolve(undefined);
      };
      if ((this.running.get(depth) ?? 0) < this.max) return grant();
      signal.addEventListener('abort', onAbort, { once: true });
      const queue = this.queues.get(depth) ?? [];
      queue.push(grant);
      this.queues.set(depth, queue);
    });
  }

  /** Whether a child at `depth` would have to wait now. */
  full(depth: number): boolean {
    return (this.running.get(depth) ?? 0) >= this.max;
  }
}
