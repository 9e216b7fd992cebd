// Normalizes what the SDK (or the network) throws into one readable, classified failure:
// whether to retry, what to tell the person, and how long the server asked us to wait.
// The policy itself (retry or not, backoff, Retry-After) is shared: retry-policy.ts.
import { APIConnectionError, APIError } from './anthropic-sdk.js';
import { htmlSummary, looksLikeHtml } from './html-error-page.js';
import { causeText, CONTEXT_TOO_LONG_HINT, isConnectionLoss, isImageRefusal, isPromptTooLong, kindOfStatus, retryAfterMs, retryableStatus, type ClassifiedFailure } from './retry-policy.js';

// Kept here for the provider's and tests' imports; they live in retry-policy.ts for every provider.
export {
  abortableSleep,
  abortError,
  redact,
  retryAfterMs,
  retryDelayMs,
  type BackoffOptions,
  type ClassifiedFailure,
} from './retry-policy.js';

export const AUTH_HINT = 'check ANTHROPIC_API_KEY, and ANTHROPIC_BASE_URL if you use a compatible endpoint';

// Stream error types the API sends mid-stream (no HTTP status) that a retry can fix.
const RETRYABLE_TYPES = new Set(['overloaded_error', 'api_error', 'rate_limit_error', 'timeout_error']);

export function classifyFailure(err: unknown, baseURL: string): ClassifiedFailure {
  // APIConnectionError is an APIError without a status: test it first.
  if (err instanceof APIConnectionError) {
    const why = err.cause instanceof Error ? err.cause.message + causeText(err.cause) : err.message;
    return { kind: 'connection', message: `cannot reach the Anthropic API at ${baseURL} (${why})`, retryable: true, reason: 'connection failed' };
  }
  if (err instanceof APIError && err.status !== undefined) return fromStatus(err);
  if (err instanceof APIError) {
    // An `event: error` inside a 200 stream: the SDK gives it no status.
    const { type, text } = errorParts(err);
    const shortType = type ? type.replace(/_error$/, '').replace(/_/g, ' ') : 'error';
    return {
      kind: type === 'overloaded_error' ? 'overloaded' : type === 'rate_limit_error' ? 'rate_limit' : 'server',
      message: `Anthropic API error${type ? ` (${type})` : ''} mid-stream: ${text}`,
      retryable: type ? RETRYABLE_TYPES.has(type) : true,
      reason: shortType,
    };
  }
  // The SDK's JSON.parse of an event's data failed: a garbled or truncated event. Worth a retry,
  // and the parser's own words ("Unexpected token … in JSON") tell the person nothing.
  if (err instanceof SyntaxError) {
    return { kind: 'stream_error', message: 'the API sent a response inkling could not read (an event that is not valid JSON)', retryable: true, reason: 'unreadable response' };
  }
  const text = err instanceof Error ? err.message + causeText(err) : String(err);
  if (isConnectionLoss(err)) {
    return { kind: 'connection', message: `connection to the Anthropic API lost mid-stream (${text})`, retryable: true, reason: 'connection lost' };
  }
  // Say what it was rather than pretend it was the network (a garbled event, say).
  return { kind: 'stream_error', message: `Anthropic stream error: ${text}`, retryable: false, reason: 'stream error' };
}

function fromStatus(err: APIError): ClassifiedFailure {
  const status = err.status as number;
  const { type, text } = errorParts(err);
  const shortType = type ? ` ${type.replace(/_error$/, '').replace(/_/g, ' ')}` : '';
  const failure: ClassifiedFailure = {
    kind: kindOfStatus(status),
    message: `Anthropic API error ${status}: ${text}`,
    retryable: retryableStatus(status, err.headers?.get('x-should-retry')),
    status,
    reason: `${status}${shortType}`,
  };
  if (status === 401 || status === 403) failure.hint = AUTH_HINT;
  if (isPromptTooLong(status, text)) Object.assign(failure, { kind: 'context_too_long', hint: CONTEXT_TOO_LONG_HINT });
  if (isImageRefusal(status, text)) failure.kind = 'images_unsupported';
  const after = retryAfterMs(err.headers);
  if (after !== undefined) failure.retryAfterMs = after;
  return failure;
}

function errorParts(err: APIError): { type?: string; text: string } {
  const body = err.error as { error?: { type?: unknown; message?: unknown }; message?: unknown } | string | undefined;
  const inner = typeof body === 'object' && body ? body.error : undefined;
  const type = typeof inner?.type === 'string' ? inner.type : typeof err.type === 'string' ? err.type : undefined;
  let text: string | undefined;
  if (typeof inner?.message === 'string') text = inner.message;
  else if (typeof body === 'object' && body && typeof body.message === 'string') text = body.message;
  else if (typeof body === 'string' && body) text = body;
  // A body that is not Anthropic JSON (a proxy's HTML page): the SDK put it in its message.
  else if (err.message) text = err.message.replace(/^\d{3} /, '');
  if (text !== undefined && looksLikeHtml(text)) text = htmlSummary(text);
  text = (text ?? type ?? 'no error details').replace(/\s+/g, ' ').trim();
  return { ...(type ? { type } : {}), text: text.length > 300 ? `${text.slice(0, 300)}…` : text };
}
