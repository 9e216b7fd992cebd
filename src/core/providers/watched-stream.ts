// One attempt's raw SDK stream under guard: the idle watchdog (no bytes for too long aborts the
// attempt), the caller's interrupt, and a race of every wait on the SDK against both. Measured,
// a stream aborted while no read was pending can leave an SDK's next read hanging forever
// (undici), with or without our fetch wrapper; so nothing here waits on the SDK alone.
import { fetchTouching, startIdleWatchdog } from './idle-watchdog.js';
import { abortError } from './retry-policy.js';

/** How the raw stream ended when it did not throw: done by itself, or stopped by the watchdog. */
export type WatchedEnd = 'ended' | 'stalled';

export interface WatchedStreamOptions<T> {
  /** The caller's interrupt. */
  signal: AbortSignal;
  idleTimeoutMs: number;
  fetch: typeof globalThis.fetch;
  /** Starts the request with a fetch that reports body activity, and this attempt's signal. */
  open(fetch: typeof globalThis.fetch, signal: AbortSignal): Promise<AsyncIterable<T>>;
  /** Whether an error is the SDK's way of saying the request was aborted. */
  isAbort(err: unknown): boolean;
}

/**
 * Yields the raw items; returns how the stream ended. Throws an AbortError when the caller's
 * signal fired, and the SDK's own error for anything else. While the consumer holds an item the
 * watchdog is paused: a slow consumer is not a silent server. Calling return() (or leaving a
 * for-await early) closes the connection.
 */
export async function* watchedStream<T>(opts: WatchedStreamOptions<T>): AsyncGenerator<T, WatchedEnd> {
  const attemptAbort = new AbortController();
  const onOuterAbort = () => attemptAbort.abort();
  opts.signal.addEventListener('abort', onOuterAbort, { once: true });
  const watchdog = startIdleWatchdog(opts.idleTimeoutMs, () => attemptAbort.abort());
  const aborted = new Promise<typeof ABORTED>((resolve) => {
    attemptAbort.signal.addEventListener('abort', () => resolve(ABORTED), { once: true });
  });
  let items: AsyncIterator<T> | undefined;
  try {
    try {
      const opened = await Promise.race([quiet(opts.open(fetchTouching(opts.fetch, watchdog.touch), attemptAbort.signal)), aborted]);
      // An SDK ends the iteration quietly when its signal aborts; the checks below tell why.
      if (opened !== ABORTED) items = opened[Symbol.asyncIterator]();
      while (items && !attemptAbort.signal.aborted) {
        const next = await Promise.race([quiet(items.next()), aborted]);
        if (next === ABORTED || next.done) break;
        watchdog.pause();
        yield next.value;
        watchdog.resume();
      }
    } catch (err) {
      if (!opts.isAbort(err) && !(err instanceof Error && err.name === 'AbortError')) throw err;
    }
    if (opts.signal.aborted) throw abortError();
    return watchdog.fired ? 'stalled' : 'ended';
  } finally {
    watchdog.stop();
    opts.signal.removeEventListener('abort', onOuterAbort);
    // Leaving early (consumer stopped reading, or an error) must not leave the socket open.
    attemptAbort.abort();
    // Not awaited: after an abort this may never settle (see above).
    void items?.return?.().catch(() => undefined);
  }
}

const ABORTED = Symbol('aborted');

/** The same promise, marked as handled: when it loses a race and rejects later, nobody is told. */
function quiet<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}
