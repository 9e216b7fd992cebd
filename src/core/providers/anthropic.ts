// The Anthropic Messages API provider (also for compatible endpoints through baseURL).
// Retries are ours, not the SDK's (maxRetries 0 there), so that each wait can be shown as a
// `retry` event before it starts, and so that a request is only retried while nothing of
// its answer has reached the consumer.
import Anthropic, { APIUserAbortError } from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming, MessageParam, Tool } from '@anthropic-ai/sdk/resources/messages';
import { AnthropicResponseAccumulator } from './anthropic-accumulator.js';
import { abortableSleep, abortError, classifyFailure, redact, retryDelayMs, type ClassifiedFailure } from './anthropic-errors.js';
import { fetchTouching, startIdleWatchdog } from './idle-watchdog.js';
import { ProviderError, type Provider, type ProviderEvent, type ProviderRequest } from './provider.js';

export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-6';
export const DEFAULT_ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
export const DEFAULT_IDLE_TIMEOUT_MS = 90_000;
export const DEFAULT_MAX_RETRIES = 4;

export interface AnthropicProviderOptions {
  /** Always passed explicitly, so the SDK never looks for credentials anywhere else. */
  apiKey: string;
  /** Default https://api.anthropic.com; a path prefix (compatible endpoints) is kept. */
  baseURL?: string;
  /** Used when a request names no model; also the provider's label. */
  model?: string;
  /** Retries for 408/409/429/5xx/529, connection failures and stalls. Default 4. */
  maxRetries?: number;
  /** No bytes for this long aborts the attempt as stalled. Default 90 s. */
  idleTimeoutMs?: number;
  /** First backoff step (doubles each retry) when the server sends no retry-after. Default 1000. */
  retryBaseDelayMs?: number;
  /** Cap of the exponential backoff. Default 16 000. */
  retryMaxDelayMs?: number;
  /**
   * Marks the system prompt and the newest message block with cache_control, so each request
   * reads the conversation so far from the prompt cache. Off by default: it changes what is
   * sent, and some compatible endpoints may not accept it.
   */
  promptCaching?: boolean;
  /**
   * Give up retrying once a retry would start later than this after the first attempt
   * (headless -p promises an exit within about a minute). Default: no budget.
   */
  retryBudgetMs?: number;
  fetch?: typeof fetch;
}

export function createAnthropicProvider(opts: AnthropicProviderOptions): Provider {
  const baseURL = opts.baseURL || DEFAULT_ANTHROPIC_BASE_URL;
  const model = opts.model || DEFAULT_ANTHROPIC_MODEL;
  const maxRetries = opts.maxRetries ?? DEFAULT_MAX_RETRIES;
  const idleTimeoutMs = opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const backoff = { baseDelayMs: opts.retryBaseDelayMs ?? 1000, maxDelayMs: opts.retryMaxDelayMs ?? 16_000 };
  const baseFetch = opts.fetch ?? globalThis.fetch;
  // logLevel off: the SDK would write to the console, which tears the full-screen UI;
  // everything it knows reaches the person through ProviderError instead.
  const client = new Anthropic({ apiKey: opts.apiKey, baseURL, maxRetries: 0, logLevel: 'off' });
  // The SDK's own warnings (a deprecated model), each passed on once per session.
  const noticed = new Set<string>();

  async function* attempt(
    request: ProviderRequest,
    signal: AbortSignal,
    acc: AnthropicResponseAccumulator,
  ): AsyncGenerator<ProviderEvent> {
    const attemptAbort = new AbortController();
    const onOuterAbort = () => attemptAbort.abort();
    signal.addEventListener('abort', onOuterAbort, { once: true });
    const watchdog = startIdleWatchdog(idleTimeoutMs, () => attemptAbort.abort());
    // A client per attempt so its fetch can report body activity to this attempt's watchdog.
    const attemptClient = client.withOptions({ fetch: fetchTouching(baseFetch, watchdog.touch) });
    // Every wait on the SDK races this: measured, a stream aborted while no read was pending
    // can leave the SDK's next read hanging forever (undici), with or without our fetch wrapper.
    const aborted = new Promise<typeof ABORTED>((resolve) => {
      attemptAbort.signal.addEventListener('abort', () => resolve(ABORTED), { once: true });
    });
    let events: AsyncIterator<Anthropic.Messages.RawMessageStreamEvent> | undefined;
    try {
      try {
        const params = toParams(request, model, opts.promptCaching ?? false);
        const { value: created, warnings } = withConsoleWarnings(() => attemptClient.messages.create(params, { signal: attemptAbort.signal }));
        for (const message of warnings) {
          if (noticed.has(message)) continue;
          noticed.add(message);
          watchdog.pause();
          yield { type: 'notice', message };
          watchdog.resume();
        }
        const stream = await Promise.race([quiet(created), aborted]);
        // The SDK ends the iteration quietly when its signal aborts; the checks after the loop tell why.
        if (stream !== ABORTED) events = stream[Symbol.asyncIterator]();
        while (events && !attemptAbort.signal.aborted) {
          const next = await Promise.race([quiet(events.next()), aborted]);
          if (next === ABORTED || next.done) break;
          for (const ev of acc.apply(next.value)) {
            // Aborted while the consumer held an event: stop here, not after the buffered rest.
            if (attemptAbort.signal.aborted) break;
            watchdog.pause();
            yield ev;
            watchdog.resume();
          }
          if (acc.complete && !attemptAbort.signal.aborted) return;
        }
      } catch (err) {
        if (!(err instanceof APIUserAbortError) && !(err instanceof Error && err.name === 'AbortError')) throw err;
      }
      if (signal.aborted) throw abortError();
      if (watchdog.fired) {
        throw new AttemptFailure({ message: `stream stalled: no data for ${formatSeconds(idleTimeoutMs)}`, retryable: true, reason: 'stream stalled' });
      }
      if (!acc.sawEvents) {
        // A whole body without one SSE event: not a network blip but the wrong kind of endpoint.
        throw new AttemptFailure({
          message: `the endpoint at ${baseURL} answered without a Messages API event stream (is the base URL right?)`,
          retryable: false,
          reason: 'no event stream',
        });
      }
      throw new AttemptFailure({
        message: 'connection to the Anthropic API ended before the response was complete',
        retryable: true,
        reason: 'connection lost',
      });
    } finally {
      watchdog.stop();
      signal.removeEventListener('abort', onOuterAbort);
      // Leaving early (consumer stopped reading, or an error) must not leave the socket open.
      attemptAbort.abort();
      // Not awaited: after an abort this may never settle (see above).
      void events?.return?.().catch(() => undefined);
    }
  }

  return {
    label: model,
    async *stream(request: ProviderRequest, signal: AbortSignal): AsyncGenerator<ProviderEvent> {
      const startedAt = Date.now();
      for (let retry = 0; ; retry++) {
        if (signal.aborted) throw abortError();
        const acc = new AnthropicResponseAccumulator();
        let failure: ClassifiedFailure;
        try {
          yield* attempt(request, signal, acc);
          return;
        } catch (err) {
          if (signal.aborted || (err instanceof Error && err.name === 'AbortError')) throw abortError();
          failure = err instanceof AttemptFailure ? err.failure : classifyFailure(err, baseURL);
        }
        const message = redact(failure.message, opts.apiKey);
        const extra = { reason: failure.reason, ...(failure.hint ? { hint: failure.hint } : {}) };
        // Once the consumer has seen part of this answer, a retry here would repeat it: the loop
        // decides (it discards the partial answer and asks again when that is safe).
        if (!failure.retryable || acc.emittedContent || retry >= maxRetries) {
          throw new ProviderError(message, failure.retryable, failure.status, acc.partial(), extra);
        }
        const delayMs = retryDelayMs(retry + 1, failure, backoff);
        if (opts.retryBudgetMs !== undefined && Date.now() - startedAt + delayMs > opts.retryBudgetMs) {
          throw new ProviderError(`${message} (gave up retrying after ${retry + 1} attempts)`, failure.retryable, failure.status, acc.partial(), extra);
        }
        yield { type: 'retry', attempt: retry + 1, delayMs, reason: failure.reason, ...(failure.status ? { status: failure.status } : {}) };
        await abortableSleep(delayMs, signal);
      }
    },
  };
}

const ABORTED = Symbol('aborted');

/** The same promise, marked as handled: when it loses a race and rejects later, nobody is told. */
function quiet<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

/** A failure found by the attempt itself (stall, early end), already classified. */
class AttemptFailure extends Error {
  constructor(readonly failure: ClassifiedFailure) {
    super(failure.message);
  }
}

/**
 * Runs `fn` with console.warn captured. The SDK writes its deprecation warnings (an old model,
 * thinking.type=enabled on a model that wants adaptive) with console.warn, synchronously inside
 * messages.create(), which would tear the full-screen UI; they come back as text instead.
 */
function withConsoleWarnings<T>(fn: () => T): { value: T; warnings: string[] } {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => {
    const text = args.map((a) => (typeof a === 'string' ? a : String(a))).join(' ');
    // One line: "… on November 30th, 2026. Please migrate to a newer model. …"
    const lines = text.split(/\s*\n\s*/).map((l) => l.trim()).filter(Boolean);
    warnings.push(lines.map((l, i) => (i < lines.length - 1 && !/[.!?:]$/.test(l) ? `${l}.` : l)).join(' '));
  };
  try {
    return { value: fn(), warnings };
  } finally {
    console.warn = original;
  }
}

/** For the CLI: a bad or missing key fails at once and is worth its own message. */
export function isAuthFailure(err: unknown): boolean {
  return err instanceof ProviderError && (err.status === 401 || err.status === 403);
}

function toParams(request: ProviderRequest, defaultModel: string, promptCaching: boolean): MessageCreateParamsStreaming {
  // Our blocks are the API's own shapes (conversation.ts), so they go out as they are.
  const messages = request.messages as unknown as MessageParam[];
  const params: MessageCreateParamsStreaming = {
    model: request.model || defaultModel,
    max_tokens: request.maxTokens,
    messages: promptCaching ? withCacheBreakpoint(messages) : messages,
    stream: true,
  };
  if (request.system) {
    params.system = promptCaching ? [{ type: 'text', text: request.system, cache_control: { type: 'ephemeral' } }] : request.system;
  }
  if (request.tools.length > 0) params.tools = request.tools as unknown as Tool[];
  if (request.thinkingBudget !== undefined) params.thinking = { type: 'enabled', budget_tokens: request.thinkingBudget };
  return params;
}

/**
 * A copy of the messages whose last block carries cache_control: the next request finds
 * this whole prefix in the cache. Thinking blocks cannot carry it, so then there is none.
 */
function withCacheBreakpoint(messages: MessageParam[]): MessageParam[] {
  const last = messages.at(-1);
  if (!last || typeof last.content === 'string' || last.content.length === 0) return messages;
  const block = last.content.at(-1)!;
  if (block.type !== 'text' && block.type !== 'tool_result' && block.type !== 'tool_use') return messages;
  const marked = { ...block, cache_control: { type: 'ephemeral' as const } };
  return [...messages.slice(0, -1), { ...last, content: [...last.content.slice(0, -1), marked] } as MessageParam];
}

function formatSeconds(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
