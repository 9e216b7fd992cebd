// The Anthropic Messages API provider (also for compatible endpoints through baseURL).
// Retries (retrying-stream.ts) and the stream's guard (watched-stream.ts) are shared with the
// OpenAI-compatible provider; what is here is the Messages API's own shape.
import type { MessageCreateParamsStreaming, MessageParam, RawMessageStreamEvent, Tool } from '@anthropic-ai/sdk/resources/messages';
import { AnthropicResponseAccumulator } from './anthropic-accumulator.js';
import { classifyFailure } from './anthropic-errors.js';
import { beforeFirstFetch, warmUpFetch } from './fetch-warmup.js';
import { httpFetch, httpModuleFor } from './http-fetch.js';
import { APIUserAbortError, MessagesClient } from './anthropic-sdk.js';
import type { Provider, ProviderEvent, ProviderRequest } from './provider.js';
import { withAnthropicImages } from './anthropic-images.js';
import { withoutOpenAIReasoning } from './reasoning-blocks.js';
import { AttemptFailure, formatSeconds } from './retry-policy.js';
import { retryingStream } from './retrying-stream.js';
import { watchedStream, type WatchedEnd } from './watched-stream.js';
import { webSearchDeclaration, type WebSearchOptions } from '../web/search-blocks.js';

export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-6';
export const DEFAULT_ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
export const DEFAULT_IDLE_TIMEOUT_MS = 90_000;
export const DEFAULT_MAX_RETRIES = 4;

export interface AnthropicProviderOptions {
  /** Always passed explicitly, so the SDK never looks for credentials anywhere else. */
  apiKey: string;
  /** Default https://api.anthropic.com; a path prefix (compatible endpoints) is kept. */
  baseURL?: string;
  /** Used when a request names no model. */
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
   * Marks the last tool definition, the system prompt and the newest message block with
   * cache_control, so each request reads the tools, the system prompt and the conversation so far
   * from the prompt cache. Off by default: it changes what is sent, and some compatible endpoints
   * may not accept it (the CLI turns it on for Anthropic's own API: setting promptCaching).
   */
  promptCaching?: boolean;
  /**
   * Give up retrying once a retry would start later than this after the first attempt
   * (headless -p promises an exit within about a minute). Default: no budget.
   */
  retryBudgetMs?: number;
  /** Declare Anthropic's server-side web search in every request (setting web.search; Anthropic's own API). */
  webSearch?: WebSearchOptions;
  fetch?: typeof fetch;
}

export function createAnthropicProvider(opts: AnthropicProviderOptions): Provider {
  const baseURL = opts.baseURL || DEFAULT_ANTHROPIC_BASE_URL;
  const model = opts.model || DEFAULT_ANTHROPIC_MODEL;
  const maxRetries = opts.maxRetries ?? DEFAULT_MAX_RETRIES;
  const idleTimeoutMs = opts.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const backoff = { baseDelayMs: opts.retryBaseDelayMs ?? 1000, maxDelayMs: opts.retryMaxDelayMs ?? 16_000 };
  // node's http rather than node's fetch (http-fetch.ts): undici's load and its work per request.
  const baseFetch = opts.fetch ?? (httpFetch as unknown as typeof fetch);
  // logLevel off: the SDK would write to the console, which tears the full-screen UI;
  // everything it knows reaches the person through ProviderError instead. Its own fetch is ours
  // too: the SDK would otherwise read the global one as it starts (and load node's fetch).
  const client = new MessagesClient({ apiKey: opts.apiKey, baseURL, maxRetries: 0, logLevel: 'off', fetch: baseFetch });
  // The SDK's own warnings (a deprecated model), each passed on once per session.
  const noticed = new Set<string>();

  async function* attempt(
    request: ProviderRequest,
    signal: AbortSignal,
    acc: AnthropicResponseAccumulator,
  ): AsyncGenerator<ProviderEvent> {
    const params = toParams(request, model, opts.promptCaching ?? false, opts.webSearch);
    const warnings: string[] = [];
    const raw = watchedStream<RawMessageStreamEvent>({
      signal,
      idleTimeoutMs,
      fetch: baseFetch,
      // A client per attempt so its fetch can report body activity to this attempt's watchdog.
      open: (fetch, attemptSignal) => {
        const created = withConsoleWarnings(() => client.withOptions({ fetch }).messages.create(params, { signal: attemptSignal }));
        warnings.push(...created.warnings);
        return created.value;
      },
      isAbort: (err) => err instanceof APIUserAbortError,
    });
    // The SDK's warnings, each said once per session, before what the request brought (an error too).
    const notices = function* (): Generator<ProviderEvent> {
      for (const message of warnings.splice(0)) {
        if (noticed.has(message)) continue;
        noticed.add(message);
        yield { type: 'notice', message };
      }
    };
    let end: WatchedEnd;
    try {
      for (;;) {
        let next: IteratorResult<RawMessageStreamEvent, WatchedEnd>;
        try {
          next = await raw.next();
        } finally {
          if (warnings.length > 0 && !signal.aborted) yield* notices();
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
        if (acc.complete && !signal.aborted) return;
      }
    } finally {
      await raw.return(undefined as never);
    }
    if (end === 'stalled') {
      throw new AttemptFailure({ kind: 'stalled', message: `stream stalled: no data for ${formatSeconds(idleTimeoutMs)}`, retryable: true, reason: 'stream stalled' });
    }
    if (!acc.sawEvents) {
      // A whole body without one SSE event: not a network blip but the wrong kind of endpoint.
      throw new AttemptFailure({
        kind: 'no_stream',
        message: `the endpoint at ${baseURL} answered without a Messages API event stream (is the base URL right?)`,
        retryable: false,
        reason: 'no event stream',
      });
    }
    throw new AttemptFailure({
      kind: 'cut',
      message: 'connection to the Anthropic API ended before the response was complete',
      retryable: true,
      reason: 'connection lost',
    });
  }

  return {
    stream(request: ProviderRequest, signal: AbortSignal): AsyncGenerator<ProviderEvent> {
      // Only a given fetch (node's) loads undici's WebAssembly parser; httpFetch parses with node:http's C parser.
      if (opts.fetch) beforeFirstFetch();
      return retryingStream({
        signal,
        maxRetries,
        backoff,
        ...(opts.retryBudgetMs !== undefined ? { retryBudgetMs: opts.retryBudgetMs } : {}),
        secret: opts.apiKey,
        newProgress: () => new AnthropicResponseAccumulator(),
        attempt: (acc, s) => attempt(request, s, acc),
        classify: (err) => classifyFailure(err, baseURL),
      });
    },
    // What the first request loads: node's http or https (not node's fetch) unless a fetch was given.
    warmUp: opts.fetch ? warmUpFetch : async () => void httpModuleFor(new URL(baseURL).protocol),
  };
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


function toParams(request: ProviderRequest, defaultModel: string, promptCaching: boolean, webSearch: WebSearchOptions | undefined): MessageCreateParamsStreaming {
  // Our blocks are the API's own shapes (conversation.ts), so they go out as they are; reasoning
  // that another provider streamed carries no Anthropic signature, and the API would refuse it.
  // Images are the exception: our block carries its name and size, which the API would refuse.
  const messages = withAnthropicImages(withoutOpenAIReasoning(request.messages)) as unknown as MessageParam[];
  const params: MessageCreateParamsStreaming = {
    model: request.model || defaultModel,
    max_tokens: request.maxTokens,
    messages: promptCaching ? withCacheBreakpoint(messages) : messages,
    stream: true,
  };
  if (request.system) {
    params.system = promptCaching ? [{ type: 'text', text: request.system, cache_control: EPHEMERAL }] : request.system;
  }
  if (request.tools.length > 0 || webSearch) {
    const tools = [...request.tools, ...(webSearch ? [webSearchDeclaration(webSearch)] : [])] as unknown as Tool[];
    // The tools come first in the API's prefix: a breakpoint on the last one caches them all.
    params.tools = promptCaching ? [...tools.slice(0, -1), { ...tools.at(-1)!, cache_control: EPHEMERAL }] : tools;
  }
  if (request.thinkingBudget !== undefined) params.thinking = { type: 'enabled', budget_tokens: request.thinkingBudget };
  return params;
}

const EPHEMERAL = { type: 'ephemeral' as const };

/**
 * Breakpoints this provider sets: the last tool definition, the system prompt and the newest
 * message block — three of the four the API allows.
 */
export const CACHE_BREAKPOINTS = 3;

/**
 * A copy of the messages whose last block carries cache_control: the next request finds
 * this whole prefix in the cache (a tool loop reads its own earlier results from it).
 * Thinking blocks cannot carry it, so then the newest block that can does.
 */
function withCacheBreakpoint(messages: MessageParam[]): MessageParam[] {
  const last = messages.at(-1);
  if (!last || typeof last.content === 'string' || last.content.length === 0) return messages;
  let at = last.content.length - 1;
  while (at >= 0 && !['text', 'image', 'tool_result', 'tool_use'].includes(last.content[at]!.type)) at--;
  if (at < 0) return messages;
  const marked = { ...last.content[at]!, cache_control: EPHEMERAL };
  const content = [...last.content.slice(0, at), marked, ...last.content.slice(at + 1)];
  return [...messages.slice(0, -1), { ...last, content } as MessageParam];
}
