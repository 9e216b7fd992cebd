// Waiting between attempts, for every provider and for the loop's own retry of a cut response:
// exponential steps with jitter, and a sleep that an interrupt ends at once.

export interface BackoffOptions {
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Delay before retry number `attempt` (1-based): base·2^(attempt-1), capped, with jitter. */
export function backoffDelayMs(attempt: number, opts: BackoffOptions): number {
  const exp = Math.min(opts.baseDelayMs * 2 ** (attempt - 1), opts.maxDelayMs);
  // Jitter keeps many clients that failed together from retrying together.
  return Math.round(exp * (0.75 + Math.random() * 0.25));
}

export function abortError(): Error {
  const err = new Error('The request was aborted.');
  err.name = 'AbortError';
  return err;
}

/** Waits, or rejects with an AbortError as soon as the signal fires. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
