// The SDK's `timeout` only covers the wait for response headers: a stream that
// stalls after it started would hang forever. This watchdog fires when no bytes at all
// (events or pings) have arrived for `timeoutMs`, from the moment the request is sent.
import { HttpResponse } from './http-fetch.js';

export interface IdleWatchdog {
  /** Something arrived: restart the countdown. */
  touch(): void;
  /** The consumer is busy with an event: its slowness is not the server's silence. */
  pause(): void;
  /** The consumer is back; the countdown starts afresh. */
  resume(): void;
  stop(): void;
  readonly fired: boolean;
}

export function startIdleWatchdog(timeoutMs: number, onIdle: () => void): IdleWatchdog {
  let fired = false;
  let stopped = false;
  let paused = false;
  let lastActivity = Date.now();
  let timer: NodeJS.Timeout | undefined;
  // One timer that re-checks the last activity when it fires, so that touch() — called for
  // every chunk of a fast stream — is only a clock read.
  const check = (confirming = false) => {
    timer = undefined;
    if (stopped || fired) return;
    const idle = Date.now() - lastActivity;
    if (paused || idle < timeoutMs) {
      timer = setTimeout(check, paused ? timeoutMs : timeoutMs - idle);
      return;
    }
    if (!confirming) {
      // After a long block of the event loop, timers run before pending socket reads: let
      // the poll phase deliver any data that did arrive before calling the server silent.
      setImmediate(() => check(true));
      return;
    }
    fired = true;
    onIdle();
  };
  timer = setTimeout(check, timeoutMs);
  return {
    touch: () => {
      lastActivity = Date.now();
    },
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      lastActivity = Date.now();
    },
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
    get fired() {
      return fired;
    },
  };
}

/**
 * Wraps fetch so every chunk of the response body counts as activity. Byte-level rather
 * than event-level, because the SDK drops `ping` events before we could see them.
 */
export function fetchTouching(fetchImpl: typeof fetch, touch: () => void): typeof fetch {
  return async (input, init) => {
    const res = await fetchImpl(input, init);
    touch();
    // http-fetch.ts's response: its body taps each chunk itself (no web streams, no node fetch).
    if (res instanceof HttpResponse) return res.tapped(touch) as unknown as Response;
    if (!res.body) return res;
    const watched = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          touch();
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(watched, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}
