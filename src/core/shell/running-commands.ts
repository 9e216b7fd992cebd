// Every command still running in this process, so that an interrupt can wait for their kill to
// finish before inkling exits or goes idle (bounded), and a second interrupt can hurry it.

interface RunningCommand {
  /** Settles once the command and every process it started are gone. */
  done: Promise<unknown>;
  /** Ends the whole tree now, without the grace period. */
  hurry(): void;
}

const running = new Set<RunningCommand>();

/** Registers a command; the returned function unregisters it (call it when the command is over). */
export function trackCommand(command: RunningCommand): () => void {
  running.add(command);
  return () => {
    running.delete(command);
  };
}

export function runningCommandCount(): number {
  return running.size;
}

/** Resolves true once every running command has ended, false when `timeoutMs` passed first. */
export async function waitForRunningCommands(timeoutMs: number): Promise<boolean> {
  if (running.size === 0) return true;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const all = Promise.allSettled([...running].map((c) => c.done)).then(() => true as const);
  try {
    return await Promise.race([all, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** A second interrupt: every running command's tree is killed at once (SIGKILL, no grace). */
export function hurryRunningCommands(): void {
  for (const command of running) {
    try {
      command.hurry();
    } catch {
      // One command failing to hurry must not keep the others alive.
    }
  }
}
