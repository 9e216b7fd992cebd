// What every provider decides the same way about a failed request: its kind, whether a retry can
// help, and how long to wait (the server's Retry-After, else backoff.ts's exponential steps).
import { backoffDelayMs, type BackoffOptions } from './backoff.js';

export { abortableSleep, abortError, type BackoffOptions } from './backoff.js';

/** What went wrong, as decisions read it (never a regex over the message). */
export type FailureKind =
  | 'auth'
  | 'rate_limit'
  | 'overloaded'
  | 'server'
  | 'bad_request'
  | 'not_found'
  | 'connection'
  | 'stalled'
  | 'cut'
  | 'no_stream'
  | 'stream_error'
  | 'tools_unsupported'
  /** The request is larger than the model's context window (a 400 "prompt is too long"). */
  | 'context_too_long'
  /** A 400 naming image content: the model cannot see images. */
  | 'images_unsupported';

export interface ClassifiedFailure {
  kind: FailureKind;
  message: string;
  retryable: boolean;
  status?: number;
  /** Short, for "retrying in 4 s (529 overloaded)". */
  reason: string;
  /** From retry-after-ms / retry-after, when the server sent them. */
  retryAfterMs?: number;
  /** What the person can do about it ("check OPENAI_API_KEY"). */
  hint?: string;
}

/** A failure an attempt found itself (stall, early end), already classified. */
export class AttemptFailure extends Error {
  constructor(readonly failure: ClassifiedFailure) {
    super(failure.message);
  }
}

/**
 * Whether an HTTP status is worth a retry. Auth and request errors never are, whatever an
 * `x-should-retry` header says; otherwise the header wins when present.
 */
export function retryableStatus(status: number, shouldRetryHeader?: string | null): boolean {
  if (status === 400 || status === 401 || status === 403) return false;
  if (shouldRetryHeader === 'true') return true;
  if (shouldRetryHeader === 'false') return false;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

// Anthropic: "prompt is too long: 215000 tokens > 200000 maximum"; OpenAI and compatible servers:
// "maximum context length is …", context_length_exceeded, "exceeds the context window", "too many tokens".
const PROMPT_TOO_LONG = /prompt is too long|context[_ ]length|maximum context|context window|too many (input )?tokens/i;

/** What the person can do when the conversation no longer fits (said after the error). */
export const CONTEXT_TOO_LONG_HINT =
  "the conversation is larger than the model's context window: /compact summarises it, /context shows what fills it, and in history mode (Ctrl+O) d drops a large result";

/** Whether a refused request (400, 413) says the conversation is too long for the model. */
export function isPromptTooLong(status: number, text: string): boolean {
  return (status === 400 || status === 413) && PROMPT_TOO_LONG.test(text);
}

// "image input is not supported", "This model does not support image content", "Invalid content
// type. image_url is only supported by certain models", "model does not support vision".
const IMAGES_REFUSED = /image|vision|multimodal/i;

/** Whether a refused request (400) says the model cannot take the images it carried. */
export function isImageRefusal(status: number, text: string): boolean {
  return status === 400 && IMAGES_REFUSED.test(text) && !PROMPT_TOO_LONG.test(text);
}

/** The kind of an HTTP error status. */
export function kindOfStatus(status: number): FailureKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limit';
  if (status === 529 || status === 503) return 'overloaded';
  if (status === 404) return 'not_found';
  if (status >= 500) return 'server';
  return 'bad_request';
}

const SOCKET_ERROR_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED']);

/** undici reports a body cut off by the server as TypeError "terminated", caused by a socket error. */
export function isConnectionLoss(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e.message === 'terminated') return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('UND_ERR_') || SOCKET_ERROR_CODES.has(code))) return true;
  }
  return false;
}

/** The messages down the cause chain ("fetch failed: connect ECONNREFUSED …"), a few levels deep. */
export function causeText(err: Error, depth = 0): string {
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

export function formatSeconds(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
