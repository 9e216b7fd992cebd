// What the openai SDK (or the network) throws, as one classified failure (retry-policy.ts decides
// the rest the same way for every provider). Compatible servers put their error text in
// different places (`error.message`, `error` as a string, `message`, FastAPI's `detail`), and
// the SDK keeps only some of them, so the raw body of an error response is captured first.
import { APIConnectionError, APIError } from 'openai';
import { htmlSummary, looksLikeHtml } from './html-error-page.js';
import { causeText, CONTEXT_TOO_LONG_HINT, isConnectionLoss, isImageRefusal, isPromptTooLong, kindOfStatus, retryAfterMs, retryableStatus, type ClassifiedFailure } from './retry-policy.js';

/** The body of the last error response an attempt received. */
export interface CapturedError {
  status: number;
  text: string;
}

const MAX_CAPTURED = 64 * 1024;

/** Wraps fetch so an error response's body is kept (up to 64 KiB) before the SDK reads it. */
export function fetchCapturingErrors(fetchImpl: typeof globalThis.fetch, sink: { last?: CapturedError }): typeof globalThis.fetch {
  return async (input, init) => {
    const res = await fetchImpl(input, init);
    if (res.ok) return res;
    const text = (await res.text().catch(() => '')).slice(0, MAX_CAPTURED);
    sink.last = { status: res.status, text };
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

export interface FailureContext {
  /** The provider's name: "DeepSeek", "Ollama". */
  title: string;
  baseURL: string;
  model: string;
  /** Attached to a 401/403: what to check. */
  authHint?: string;
  captured?: CapturedError;
}

export function classifyOpenAIFailure(err: unknown, ctx: FailureContext): ClassifiedFailure {
  // APIConnectionError is an APIError without a status: test it first.
  if (err instanceof APIConnectionError) {
    const why = err.cause instanceof Error ? err.cause.message + causeText(err.cause) : err.message;
    return { kind: 'connection', message: `cannot reach ${ctx.title} at ${ctx.baseURL} (${why})`, retryable: true, reason: 'connection failed' };
  }
  if (err instanceof APIError && err.status !== undefined) return fromStatus(err, ctx);
  if (err instanceof APIError) {
    // `data: {"error": …}` inside a 200 stream (OpenRouter and vLLM send these): no HTTP status.
    const text = errorText(err.error, err.message);
    const code = (err.error as { code?: unknown } | undefined)?.code;
    const status = typeof code === 'number' ? code : Number.isInteger(Number(code)) ? Number(code) : undefined;
    return {
      kind: status !== undefined ? kindOfStatus(status) : 'server',
      message: `${ctx.title} error mid-stream: ${text}`,
      retryable: status === undefined || retryableStatus(status),
      reason: status !== undefined ? `${status} mid-stream` : 'error mid-stream',
    };
  }
  // The SDK's JSON.parse of a chunk failed: a garbled or truncated chunk. Worth a retry (the loop
  // makes it once content has started), and the parser's own words tell the person nothing.
  if (err instanceof SyntaxError) {
    return { kind: 'stream_error', message: `${ctx.title} sent a response inkling could not read (a chunk that is not valid JSON)`, retryable: true, reason: 'unreadable response' };
  }
  const text = err instanceof Error ? err.message + causeText(err) : String(err);
  if (isConnectionLoss(err)) {
    return { kind: 'connection', message: `connection to ${ctx.title} lost mid-stream (${text})`, retryable: true, reason: 'connection lost' };
  }
  // Say what it was rather than pretend it was the network.
  return { kind: 'stream_error', message: `${ctx.title} stream error: ${text}`, retryable: false, reason: 'stream error' };
}

function fromStatus(err: APIError, ctx: FailureContext): ClassifiedFailure {
  const status = err.status as number;
  const body = ctx.captured?.status === status ? parseJson(ctx.captured.text) ?? ctx.captured.text : err.error;
  const text = errorText(body, err.message);
  if (refusesTools(status, text)) {
    return {
      kind: 'tools_unsupported',
      message: `this model (${ctx.model}) does not accept tools; pick another with /model or --model (${ctx.title} said: ${text})`,
      retryable: false,
      status,
      reason: `${status} no tool support`,
    };
  }
  const failure: ClassifiedFailure = {
    kind: kindOfStatus(status),
    message: `${ctx.title} API error ${status}: ${text}`,
    retryable: retryableStatus(status, err.headers?.get('x-should-retry')),
    status,
    reason: `${status}${status === 429 ? ' rate limit' : ''}`,
  };
  if ((status === 401 || status === 403) && ctx.authHint) failure.hint = ctx.authHint;
  if (isPromptTooLong(status, text)) Object.assign(failure, { kind: 'context_too_long', hint: CONTEXT_TOO_LONG_HINT });
  if (isImageRefusal(status, text)) failure.kind = 'images_unsupported';
  const after = retryAfterMs(err.headers);
  if (after !== undefined) failure.retryAfterMs = after;
  return failure;
}

/**
 * A server that cannot use tools with this model says so in its own words: Ollama "does not
 * support tools", vLLM "auto" tool choice requires --enable-auto-tool-choice, llama.cpp "tools
 * param requires --jinja flag", OpenRouter "No endpoints found that support tool use".
 */
function refusesTools(status: number, text: string): boolean {
  if (status !== 400 && status !== 404 && status !== 422 && status !== 500 && status !== 501) return false;
  return /does not support tools|(?:not|n't) support(?:ed)? (?:for )?(?:tools|tool use|function calling)|support tool use|tool.?choice requires|enable-auto-tool-choice|tools param requires|--jinja/i.test(text);
}

/** Whether a 400/422 says the server does not know `stream_options` (older compatible servers). */
export function rejectsStreamOptions(err: unknown, captured: CapturedError | undefined): boolean {
  if (!(err instanceof APIError) || (err.status !== 400 && err.status !== 422)) return false;
  const text = `${captured?.text ?? ''} ${err.message}`;
  return /stream_options|include_usage/i.test(text);
}

/** The readable message inside an error body, whichever server shaped it. */
function errorText(body: unknown, fallback: string): string {
  let text: string | undefined;
  if (typeof body === 'string') text = body;
  else if (body && typeof body === 'object') {
    const b = body as { error?: unknown; message?: unknown; detail?: unknown; metadata?: { raw?: unknown } };
    const inner = b.error && typeof b.error === 'object' ? (b.error as { message?: unknown; metadata?: { raw?: unknown } }) : undefined;
    if (typeof inner?.message === 'string') text = inner.message + rawDetail(inner.metadata?.raw);
    else if (typeof b.error === 'string') text = b.error;
    else if (typeof b.message === 'string') text = b.message + rawDetail(b.metadata?.raw);
    else if (typeof b.detail === 'string') text = b.detail;
    else if (b.detail !== undefined) text = JSON.stringify(b.detail);
  }
  text ||= fallback.replace(/^\d{3} /, '');
  if (looksLikeHtml(text)) text = htmlSummary(text);
  text = (text || 'no error details').replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** OpenRouter passes the upstream provider's own error in metadata.raw. */
function rawDetail(raw: unknown): string {
  return typeof raw === 'string' && raw.trim() ? ` (${raw.trim()})` : '';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
