// One model response, streamed: events go out as they arrive, completed tool calls go to the
// scheduler as they complete. A response that fails after content started (a cut connection, a
// stall, an overloaded or unreadable event) is asked for again by itself, bounded and with backoff,
// as long as no call that is not read-only has started: the partial answer is discarded (never
// sent back) and read-only calls it started are cancelled. Provider-independent: any provider's
// retryable ProviderError gets this; failures before content are the provider's own to retry.
import { setMaxListeners } from 'node:events';
import type { AssistantBlock, AssistantMessage, StopReason, Usage } from './conversation.js';
import { toolUses } from './conversation.js';
import type { AgentEvent } from './events.js';
import { abortableSleep, backoffDelayMs } from './providers/backoff.js';
import { ProviderError, type CompletedToolUse, type Provider, type ProviderRequest } from './providers/provider.js';
import type { FailureKind } from './providers/retry-policy.js';
import type { ToolCallBatch } from './scheduler.js';
import { guardToolUse, MAX_INPUT_DEPTH, nestedDeeperThan } from './validate-input.js';
import { SearchCards } from './web/search-blocks.js';

export interface StreamRetryOptions {
  /** Retries of a response that failed after its content had started. */
  maxRetries: number;
  /** First backoff step (doubles each retry). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Give up once a retry would start later than this after the first attempt (headless -p). */
  budgetMs?: number;
}

export const DEFAULT_STREAM_RETRY: StreamRetryOptions = { maxRetries: 3, baseDelayMs: 1000, maxDelayMs: 16_000 };

export const DISCARDED_RESULT =
  'Not used: the model response that asked for this call was cut off and is being requested again.';

export interface ResponseStreamDeps {
  provider: Provider;
  request: ProviderRequest;
  /** The turn's interrupt. */
  signal: AbortSignal;
  iteration: number;
  emit(event: AgentEvent): void;
  /** A tool call began to stream in (its input follows): what it will load may start loading. */
  onToolStart?(name: string): void;
  /** A scheduler batch whose tools run on `signal` (one attempt's; aborted when it is discarded). */
  newBatch(signal: AbortSignal): ToolCallBatch;
  retry: StreamRetryOptions;
}

export type ResponseOutcome =
  | { kind: 'complete'; message: AssistantMessage; stopReason: StopReason; usage: Usage; batch: ToolCallBatch }
  /** What streamed before the interrupt or failure, for the history; `batch` holds its calls. */
  | { kind: 'aborted'; partial: AssistantBlock[]; batch: ToolCallBatch }
  | { kind: 'failed'; partial: AssistantBlock[]; batch: ToolCallBatch; message: string; retryable: boolean; hint?: string; cause?: FailureKind };

interface Failure {
  message: string;
  retryable: boolean;
  reason: string;
  hint?: string;
  /** The provider's classification, for decisions (compact and retry a request that is too long). */
  cause?: FailureKind;
}

/** Streams the response, retrying a failure after content where that is safe. Never throws. */
export async function streamResponse(deps: ResponseStreamDeps): Promise<ResponseOutcome> {
  const startedAt = Date.now();
  for (let retries = 0; ; retries++) {
    const controller = new AbortController();
    // Every running tool listens for the interrupt; many may run from one response.
    setMaxListeners(0, controller.signal);
    const onAbort = () => controller.abort();
    deps.signal.addEventListener('abort', onAbort, { once: true });
    const attempt = await streamOnce(deps, controller.signal);
    if (attempt.kind === 'complete') return attempt;
    const { batch, partial } = attempt;
    if (deps.signal.aborted || attempt.kind === 'aborted') {
      batch.abandonQueued('Not run: the model response failed before it was complete.');
      return { kind: 'aborted', partial: partial.blocks(), batch };
    }
    const failure = attempt.failure;
    const delayMs = backoffDelayMs(retries + 1, deps.retry);
    const withinBudget = deps.retry.budgetMs === undefined || Date.now() - startedAt + delayMs <= deps.retry.budgetMs;
    if (failure.retryable && attempt.contentStarted && !batch.hasStartedWrite() && retries < deps.retry.maxRetries && withinBudget) {
      batch.discard(DISCARDED_RESULT);
      controller.abort(); // running read-only calls stop
      deps.signal.removeEventListener('abort', onAbort);
      deps.emit({ type: 'retry', attempt: retries + 1, delayMs, reason: failure.reason, discardPartial: true });
      try {
        await abortableSleep(delayMs, deps.signal);
      } catch {
        return { kind: 'aborted', partial: [], batch };
      }
      deps.emit({ type: 'request_start', iteration: deps.iteration });
      continue;
    }
    batch.abandonQueued(
      attempt.sawEnd ? 'Not run: the model response ended before it was complete.' : 'Not run: the model response failed before it was complete.',
    );
    const tries = retries > 0 ? ` (gave up after ${retries + 1} attempts)` : '';
    return {
      kind: 'failed',
      partial: partial.blocks(),
      batch,
      message: failure.message + tries,
      retryable: failure.retryable,
      ...(failure.hint ? { hint: failure.hint } : {}),
      ...(failure.cause ? { cause: failure.cause } : {}),
    };
  }
}

type Attempt =
  | Extract<ResponseOutcome, { kind: 'complete' }>
  | { kind: 'aborted'; batch: ToolCallBatch; partial: PartialMessage }
  | { kind: 'failed'; batch: ToolCallBatch; partial: PartialMessage; failure: Failure; contentStarted: boolean; sawEnd: boolean };

async function streamOnce(deps: ResponseStreamDeps, signal: AbortSignal): Promise<Attempt> {
  const { emit } = deps;
  const batch = deps.newBatch(signal);
  const partial = new PartialMessage();
  const searches = new SearchCards();
  let contentStarted = false;
  try {
    for await (const ev of deps.provider.stream(deps.request, signal)) {
      if (ev.type === 'text_delta') {
        contentStarted = true;
        partial.text(ev.index, ev.text);
        emit({ type: 'text_delta', text: ev.text });
      } else if (ev.type === 'thinking_delta') {
        contentStarted = true;
        emit({ type: 'thinking_delta', thinking: ev.thinking });
      } else if (ev.type === 'thinking_end') {
        contentStarted = true;
        partial.block(ev.index, ev.block);
      } else if (ev.type === 'tool_use_start') {
        contentStarted = true;
        deps.onToolStart?.(ev.name);
      } else if (ev.type === 'tool_use_end') {
        contentStarted = true;
        const use = guardToolUse(ev.toolUse);
        partial.toolUse(ev.index, use);
        batch.add(use);
      } else if (ev.type === 'server_tool') {
        // The API searched: a card for it (its blocks reach the conversation with the message).
        contentStarted = true;
        for (const e of searches.events(ev.block)) emit(e);
      } else if (ev.type === 'retry') {
        emit({ type: 'retry', attempt: ev.attempt, delayMs: ev.delayMs, reason: ev.reason, ...(ev.status ? { status: ev.status } : {}) });
      } else if (ev.type === 'notice') {
        emit({ type: 'notice', message: ev.message });
      } else if (ev.type === 'message_end') {
        const message = withoutDeepInput(ev.message);
        // Calls whose blocks arrived without a tool_use_end event (providers may skip it).
        for (const use of toolUses(message)) {
          if (!partial.hasToolUse(use.id)) {
            const toolUse: CompletedToolUse = guardToolUse({ id: use.id, name: use.name, input: use.input });
            if (ev.inputErrors[use.id]) toolUse.inputError = ev.inputErrors[use.id];
            partial.toolUse(Number.MAX_SAFE_INTEGER, toolUse);
            batch.add(toolUse);
          }
        }
        return { kind: 'complete', message, stopReason: ev.stopReason, usage: ev.usage, batch };
      }
    }
  } catch (err) {
    if (signal.aborted || isAbortError(err)) return { kind: 'aborted', batch, partial };
    return { kind: 'failed', batch, partial, failure: describeFailure(err), contentStarted, sawEnd: false };
  }
  if (signal.aborted) return { kind: 'aborted', batch, partial };
  // A provider that ended without message_end (a cut it did not notice): the same as a cut.
  const failure = { message: 'The model stream ended without a complete message.', retryable: true, reason: 'incomplete response' };
  return { kind: 'failed', batch, partial, failure, contentStarted, sawEnd: true };
}

function describeFailure(err: unknown): Failure {
  if (err instanceof ProviderError) {
    return { message: err.message, retryable: err.retryable, reason: err.reason ?? 'stream failed', ...(err.hint ? { hint: err.hint } : {}), ...(err.kind ? { cause: err.kind } : {}) };
  }
  return { message: err instanceof Error ? err.message : String(err), retryable: false, reason: 'stream failed' };
}

/** The message as it may enter the history: tool input nested too deep is replaced by {}. */
function withoutDeepInput(message: AssistantMessage): AssistantMessage {
  if (!message.content.some((b) => b.type === 'tool_use' && nestedDeeperThan(b.input, MAX_INPUT_DEPTH))) return message;
  return {
    ...message,
    content: message.content.map((b) => (b.type === 'tool_use' && nestedDeeperThan(b.input, MAX_INPUT_DEPTH) ? { ...b, input: {} } : b)),
  };
}

function isAbortError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || err.name === 'APIUserAbortError');
}

/** Text and completed tool calls streamed so far, in block order. */
export class PartialMessage {
  private readonly byIndex = new Map<number, AssistantBlock>();
  private readonly ids = new Set<string>();

  text(index: number, text: string): void {
    const block = this.byIndex.get(index);
    if (block?.type === 'text') block.text += text;
    else this.byIndex.set(index, { type: 'text', text });
  }

  block(index: number, block: AssistantBlock): void {
    this.byIndex.set(index, block);
  }

  toolUse(index: number, use: CompletedToolUse): void {
    this.ids.add(use.id);
    this.byIndex.set(index === Number.MAX_SAFE_INTEGER ? 1e9 + this.ids.size : index, {
      type: 'tool_use',
      id: use.id,
      name: use.name,
      input: use.inputError ? {} : use.input,
    });
  }

  hasToolUse(id: string): boolean {
    return this.ids.has(id);
  }

  blocks(): AssistantBlock[] {
    return [...this.byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, b]) => b);
  }
}
