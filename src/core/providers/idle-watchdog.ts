// The SDK's `timeout` only covers the wait for response headers (STACK.md §6): a stream that
// stalls after it started would hang forever. This watchdog fires when no bytes at all
// (events or pings) have arrived for `timeoutMs`, from the moment the request is sent.

export interface IdleWatchdog {
  /** Something arrived: restart the countdown. */
  touch(): void;
  stop(): void;
  readonly fired: boolean;
}

export function startIdleWatchdog(timeoutMs: number, onIdle: () => void): IdleWatchdog {
  let fired = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      if (stopped) return;
      fired = true;
      onIdle();
    }, timeoutMs);
  };
  arm();
  return {
    touch: () => {
      if (!stopped && !fired) arm();
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
