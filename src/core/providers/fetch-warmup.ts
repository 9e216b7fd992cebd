// What a provider's first request loads the first time, loaded ahead of it by the idle warm-up
// (first-call-warmup.ts): node's fetch (undici, and with it net, tls, http2, zlib…) loads when
// Headers is first used, which the SDKs do for every request. ~25 ms of CPU on the way from Enter
// to the request going out, in a session's first turn; in the idle moment after start-up instead.
export async function warmUpFetch(): Promise<void> {
  new Headers();
}
