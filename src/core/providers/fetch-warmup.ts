// What a provider's first request loads the first time, loaded ahead of it by the idle warm-up
// (first-call-warmup.ts): node's fetch (undici, and with it net, tls, http2, zlib…) loads when
// Headers is first used, which the SDKs do for every request. ~25 ms of CPU on the way from Enter
// to the request going out, in a session's first turn; in the idle moment after start-up instead.
// The OpenAI-compatible provider's (and a provider given a fetch); the Anthropic one sends with
// node's http (http-fetch.ts).
import { liftoffOnly } from '../liftoff-only.js';

/**
 * Before node's fetch first loads: its HTTP parser is WebAssembly, which V8 would otherwise tier up
 * on a background thread while the answer streams in (liftoff-only.ts). Cheap after the first call.
 */
export function beforeFirstFetch(): void {
  liftoffOnly();
}

export async function warmUpFetch(): Promise<void> {
  beforeFirstFetch();
  new Headers();
}
