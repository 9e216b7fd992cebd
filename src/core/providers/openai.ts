// The OpenAI-compatible provider (OpenAI, DeepSeek, Qwen, OpenRouter, Ollama, vLLM, llama.cpp)
// on the official openai SDK's streaming chat.completions. It yields the same events as the
// Anthropic provider and shares its retry loop and stream guard; what differs per endpoint
// comes from the preset's quirks (presets.ts).
import OpenAI, { APIUserAbortError } from 'openai';
import type { ChatCompletionCreateParamsStreaming, ChatCompletionTool } from 'openai/resources/chat/completions';
import { OpenAIResponseAccumulator } from './openai-accumulator.js';
import { beforeFirstFetch, warmUpFetch } from './fetch-warmup.js';
import { classifyOpenAIFailure, fetchCapturingErrors, rejectsStreamOptions, type CapturedError } from './openai-errors.js';
import { toOpenAIMessages } from './openai-history.js';
import type { OpenAIQuirks } from './presets.js';
import type { Provider, ProviderEvent, ProviderRequest } from './provider.js';
import { AttemptFailure, abortError, formatSeconds } from './retry-policy.js';
import { retryingStream } from './retrying-stream.js';
import { normalizeToolSchema } from './tool-schema.js';
import { watchedStream, type WatchedEnd } from './watched-stream.js';

export const DEFAULT_IDLE_TIMEOUT_MS = 90_000;
export const DEFAULT_MAX_RETRIES = 4;

export interface OpenAIProviderOptions {
  /** Where the API is, including its version path (https://api.openai.com/v1). */
  baseURL: string;
  /** Absent for servers that need none (local ones): then no Authorization header is sent. */
  apiKey?: string;
  /** Used when a request names no model. */
  model: string;
  /** The provider's name for messages: "DeepSeek", "Ollama". */
  title: string;
  quirks: OpenAIQuirks;
  /** What to check after a 401/403, shown with the error: "check DEEPSEEK_API_KEY". */
  authHint?: string;
  /** Retries for 408/409/429/5xx, connection failures and stalls. Default 4. */
  maxRetries?: number;
  /** No bytes for this long aborts the attempt as stalled. Default 90 s. */
  idleTimeoutMs?: number;
  /** First backoff step (doubles each retry) when the server sends no retry-after. Default 1000. */
  retryBaseDelayMs?: number;
  /** Cap of the exponential backoff. Default 16 000. */
  retryMaxDelayMs?: number;
  /** Give up retrying once a retry would start later than this after the first attempt. */
  retryBudgetMs?: number;
  fetch?: typeof globalThis.fetch;
}

export function createOpenAIProvider(opts: OpenAIProviderOptions): Provider {
  const { baseURL, model, quirks, title } = opts;
  const maxRetries = opts.maxRetries ?? DEFAULT_MAX_RETRIES;
  const idleTimeoutMs = opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const backoff = { baseDelayMs: opts.retryBaseDelayMs ?? 1000, maxDelayMs: opts.retryMaxDelayMs ?? 16_000 };
  const baseFetch = opts.fetch ?? globalThis.fetch;
  // Everything explicit, so the SDK reads nothing from the environment (OPENAI_BASE_URL,
  // OPENAI_ORG_ID…) behind the preset's back. logLevel off: console output tears the UI.
  // The SDK insists on a key; for a server that needs none, the header is removed instead.
  const client = new OpenAI({
    apiKey: opts.apiKey || 'no-key',
    baseURL,
    organization: null,
    project: null,
    maxRetries: 0,
    logLevel: 'off',
    defaultHeaders: { ...quirks.headers, ...(opts.apiKey ? {} : { Authorization: null }) },
  });
  // Learnt once per provider: a server that refused the field is not asked again.
  let streamOptionsRefused = false;

  async function* attempt(request: ProviderRequest, signal: AbortSignal, acc: OpenAIResponseAccumulator): AsyncGenerator<ProviderEvent> {
    const captured: { last?: CapturedError } = {};
    let askedForUsage = false;
    const open = async (fetch: typeof globalThis.fetch, attemptSignal: AbortSignal) => {
      const attemptClient = client.withOptions({ fetch: fetchCapturingErrors(fetch, captured) });
      askedForUsage = !streamOptionsRefused;
      try {
        return await attemptClient.chat.completions.create(toParams(request, model, quirks, askedForUsage), { signal: attemptSignal });
      } catch (err) {
        if (!askedForUsage || !rejectsStreamOptions(err, captured.last)) throw err;
        // Asked again at once, without it: usage may then be missing, the answer is not.
        streamOptionsRefused = true;
        askedForUsage = false;
        delete captured.last;
        return await attemptClient.chat.completions.create(toParams(request, model, quirks, false), { signal: attemptSignal });
      }
    };
    const raw = watchedStream<unknown>({ signal, idleTimeoutMs, fetch: baseFetch, open, isAbort: (err) => err instanceof APIUserAbortError });
    let end: WatchedEnd;
    try {
      for (;;) {
        let next: IteratorResult<unknown, WatchedEnd>;
        try {
          next = await raw.next();
        } catch (err) {
          if (signal.aborted || (err instanceof Error && err.name === 'AbortError')) throw err;
          // The answer was whole and only its trailing usage chunk was lost: keep the answer.
          if (acc.finished) {
            yield* acc.end();
            return;
          }
          // Classified here, while the body the server sent with it is at hand.
          throw new AttemptFailure(classifyOpenAIFailure(err, { ...failureContext(request), ...(captured.last ? { captured: captured.last } : {}) }));
        }
        if (next.done) {
          end = next.value;
          break;
        }
        for (const ev of acc.apply(next.value)) {
          // Aborted while the consumer held an event: stop here, not after the buffered rest.
          if (signal.aborted) break;
          yield ev;
        }
        // With include_usage the usage chunk is the last one: no need to wait for the close.
        if (acc.finished && acc.sawUsage && askedForUsage && !signal.aborted) break;
      }
    } finally {
      await raw.return(undefined as never);
    }
    if (signal.aborted) throw abortError();
    if (acc.finished) {
      yield* acc.end();
      return;
    }
    if (end! === 'stalled') {
      throw new AttemptFailure({ kind: 'stalled', message: `stream stalled: no data for ${formatSeconds(idleTimeoutMs)}`, retryable: true, reason: 'stream stalled' });
    }
    if (!acc.sawChunks) {
      // A whole body without one chunk: not a network blip but the wrong kind of endpoint.
      throw new AttemptFailure({
        kind: 'no_stream',
        message: `the endpoint at ${baseURL} answered without a chat completions event stream (is the base URL right? it usually ends in /v1)`,
        retryable: false,
        reason: 'no event stream',
      });
    }
    throw new AttemptFailure({
      kind: 'cut',
      message: `connection to ${title} ended before the response was complete`,
      retryable: true,
      reason: 'connection lost',
    });
  }

  const failureContext = (request: ProviderRequest) => ({ title, baseURL, model: request.model || model, ...(opts.authHint ? { authHint: opts.authHint } : {}) });

  return {
    stream(request: ProviderRequest, signal: AbortSignal): AsyncGenerator<ProviderEvent> {
      beforeFirstFetch();
      return retryingStream({
        signal,
        maxRetries,
        backoff,
        ...(opts.retryBudgetMs !== undefined ? { retryBudgetMs: opts.retryBudgetMs } : {}),
        secret: opts.apiKey ?? '',
        newProgress: () => new OpenAIResponseAccumulator(),
        attempt: (acc, s) => attempt(request, s, acc),
        classify: (err) => classifyOpenAIFailure(err, failureContext(request)),
      });
    },
    warmUp: warmUpFetch,
  };
}

function toParams(request: ProviderRequest, defaultModel: string, quirks: OpenAIQuirks, includeUsage: boolean): ChatCompletionCreateParamsStreaming {
  const params: ChatCompletionCreateParamsStreaming & Record<string, unknown> = {
    model: request.model || defaultModel,
    messages: toOpenAIMessages(request.system, request.messages, quirks.reasoningInToolLoop ? 'tool-loop' : 'drop'),
    stream: true,
    [quirks.maxTokensField]: request.maxTokens,
  };
  if (includeUsage) params.stream_options = { include_usage: true };
  if (request.tools.length > 0) {
    params.tools = request.tools.map(
      (t): ChatCompletionTool => ({
        type: 'function',
        function: { name: t.name, description: t.description, parameters: normalizeToolSchema(t.input_schema, quirks.toolSchema) },
      }),
    );
  }
  const budget = request.thinkingBudget;
  if (budget !== undefined) {
    if (quirks.thinking === 'reasoning-effort') params.reasoning_effort = budget < 4096 ? 'low' : budget < 16_384 ? 'medium' : 'high';
    else if (quirks.thinking === 'qwen') Object.assign(params, { enable_thinking: true, thinking_budget: budget });
    else if (quirks.thinking === 'openrouter') Object.assign(params, { reasoning: { max_tokens: budget } });
  }
  return params;
}
