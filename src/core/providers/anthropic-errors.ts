// Normalizes what the SDK (or the network) throws into one readable, classified failure:
// whether to retry, what to tell the person, and how long the server asked us to wait.
import { APIConnectionError, APIError } from '@anthropic-ai/sdk';
import { backoffDelayMs, type BackoffOptions } from './backoff.js';

// Kept here for the provider's imports; they live in backoff.ts for every provider.
export { abortableSleep, abortError, type BackoffOptions } from './backoff.js';

export interface ClassifiedFailure {
  message: string;
  retryable: boolean;
  status?: number;
  /** Short, for "retrying in 4 s (529 overloaded)". */
  reason: string;
  /** From retry-after-ms / retry-after, when the server sent them. */
  retryAfterMs?: number;
  /** What the person can do about it. */
  hint?: string;
}

export const AUTH_HINT = 'check ANTHROPIC_API_KEY, and ANTHROPIC_BASE_URL if you use a compatible endpoint';

// Stream error types the API sends mid-stream (no HTTP status) that a retry can fix.
const RETRYABLE_TYPES = new Set(['overloaded_error', 'api_error', 'rate_limit_error', 'timeout_error']);

export function classifyFailure(err: unknown, baseURL: string): ClassifiedFailure {
  // APIConnectionError is an APIError without a status: test it first.
  if (err instanceof APIConnectionError) {
    const why = err.cause instanceof Error ? err.cause.message + causeText(err.cause) : err.message;
    return { message: `cannot reach the Anthropic API at ${baseURL} (${why})`, retryable: true, reason: 'connection failed' };
  }
  if (err instanceof APIError && err.status !== undefined) return fromStatus(err);
  if (err instanceof APIError) {
    // An `event: error` inside a 200 stream: the SDK gives it no status.
    const { type, text } = errorParts(err);
    const shortType = type ? type.replace(/_error$/, '').replace(/_/g, ' ') : 'error';
    return {
      message: `Anthropic API error${type ? ` (${type})` : ''} mid-stream: ${text}`,
      retryable: type ? RETRYABLE_TYPES.has(type) : true,
      reason: shortType,
    };
  }
  // The SDK's JSON.parse of an event's data failed: a garbled or truncated event. Worth a retry,
  // and the parser's own words ("Unexpected token … in JSON") tell the person nothing.
  if (err instanceof SyntaxError) {
    return { message: 'the API sent a response inkling could not read (an event that is not valid JSON)', retryable: true, reason: 'unreadable response' };
  }
  const text = err instanceof Error ? err.message + causeText(err) : String(err);
  if (isConnectionLoss(err)) {
    return { message: `connection to the Anthropic API lost mid-stream (${text})`, retryable: true, reason: 'connection lost' };
  }
  // Say what it was rather than pretend it was the network (a garbled event, say).
  return { message: `Anthropic stream error: ${text}`, retryable: false, reason: 'stream error' };
}

const SOCKET_ERROR_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);

/** undici reports a body cut off by the server as TypeError "terminated", caused by a socket error. */
function isConnectionLoss(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e.message === 'terminated') return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('UND_ERR_') || SOCKET_ERROR_CODES.has(code))) return true;
  }
  return false;
}

function fromStatus(err: APIError): ClassifiedFailure {
  const status = err.status as number;
  const { type, text } = errorParts(err);
  const shouldRetry = err.headers?.get('x-should-retry');
  const retryable =
    shouldRetry === 'true' ? true : shouldRetry === 'false' ? false : status === 408 || status === 409 || status === 429 || status >= 500;
  const shortType = type ? ` ${type.replace(/_error$/, '').replace(/_/g, ' ')}` : '';
  const failure: ClassifiedFailure = {
    message: `Anthropic API error ${status}: ${text}`,
    // Auth and request errors are never retried, whatever a header says.
    retryable: status === 400 || status === 401 || status === 403 ? false : retryable,
    status,
    reason: `${status}${shortType}`,
  };
  if (status === 401 || status === 403) failure.hint = AUTH_HINT;
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

function looksLikeHtml(text: string): boolean {
  return /^\s*<(?:!doctype|html|head|body|title|h1|div|center|p)\b/i.test(text);
}

/**
 * One line for an HTML error page (a proxy's 502): its title or heading, else its text without
 * tags, never the markup itself.
 */
function htmlSummary(html: string): string {
  const pick = (re: RegExp) => re.exec(html)?.[1]?.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  const summary =
    pick(/<title[^>]*>([\s\S]*?)<\/title>/i) ||
    pick(/<h1[^>]*>([\s\S]*?)<\/h1>/i) ||
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const line = decodeEntities(summary).slice(0, 200);
  return `${line || 'an error page'} (the server sent an HTML page, not an API response)`;
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return named[name.toLowerCase()] ?? whole;
  });
}

/** The messages down the cause chain ("fetch failed: connect ECONNREFUSED …"), a few levels deep. */
function causeText(err: Error, depth = 0): string {
  if (!(err.cause instanceof Error) || depth > 3) return '';
  return `: ${err.cause.message}${causeText(err.cause, depth + 1)}`;
}

export function retryAfterMs(headers: Headers | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const after = headers.get('retry-after');
  if (after === null || after.trim() === '') return undefined;
  if (Number.isFinite(Number(after))) return Math.max(0, Number(after) * 1000);
  const date = Date.parse(after);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Delay before retry number `attempt` (1-based): the server's wish if it said, else exponential with jitter. */
export function retryDelayMs(attempt: number, failure: ClassifiedFailure, opts: BackoffOptions): number {
  if (failure.retryAfterMs !== undefined) return Math.min(failure.retryAfterMs, RETRY_AFTER_CAP_MS);
  return backoffDelayMs(attempt, opts);
}

// A server asking for minutes would look like a hang; the person can retry later instead.
const RETRY_AFTER_CAP_MS = 60_000;

/** Replaces every occurrence of the key, so no message can carry it. */
export function redact(text: string, secret: string): string {
  return secret.length >= 4 ? text.split(secret).join('[redacted]') : text;
}
