// What stands in for node's fetch globals in the Anthropic SDK's file beside the bundle (esbuild's
// `inject`, scripts/bundle-cli.ts): reading any of node's Headers, FormData, Request or Response
// loads all of node's fetch (undici, ~25-35 ms), and the provider sends with node's http instead
// (http-fetch.ts). The SDK builds every request's headers with Headers, and asks whether a body is a
// FormData (the provider's never is: its bodies are the JSON of a Messages request).
export { LightHeaders as Headers } from './light-headers.js';

/** Nothing the provider sends is one: the SDK's `body instanceof FormData` is false without loading node's. */
export class FormData {}
