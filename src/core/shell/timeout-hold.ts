// A command's timeout that stops counting while its program waits for the person (a password
// prompt through the askpass bridge): the person's typing is not the command's running time.

export class TimeoutHold {
  private holds = 0;
  private readonly listeners = new Set<(held: boolean) => void>();

  get held(): boolean {
    return this.holds > 0;
  }

  /** Stops the clock until the returned function is called (holds nest). */
  hold(): () => void {
    if (this.holds++ === 0) this.tell(true);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds === 0) this.tell(false);
    };
  }

  subscribe(listener: (held: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(held: boolean): void {
    for (const listener of this.listeners) listener(held);
  }
}

/** Calls `fire` after `ms` of running time: time while `hold` is held does not count. */
export function pausableTimeout(ms: number, fire: () => void, hold?: TimeoutHold): { clear(): void } {
  let left = ms;
  let armedAt = 0;
  let timer: NodeJS.Timeout | null = null;
  const arm = () => {
    armedAt = Date.now();
    timer = setTimeout(fire, Math.max(0, left));
  };
  const unsubscribe = hold?.subscribe((held) => {
    if (held && timer) {
      clearTimeout(timer);
      timer = null;
      left -= Date.now() - armedAt;
    } else if (!held && !timer) arm();
  });
  if (!hold?.held) arm();
  return {
    clear() {
      if (timer) clearTimeout(timer);
      timer = null;
      unsubscribe?.();
    },
  };
}
