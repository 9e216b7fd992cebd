// The retry loop every provider shares. Retries are ours, not an SDK's (maxRetries 0 there), so
// that each wait is shown as a `retry` event before it starts, and so that a request is only
// retried while nothing of its answer has reached the consumer.
import { ProviderError, type ProviderEvent } from './provider.js';
import {
  AttemptFailure,
  abortableSleep,
  abortError,
  redact,
  retryDelayMs,
  type BackoffOptions,
  type ClassifiedFailure,
} from './retry-policy.js';

/** What an attempt knows about itself when it fails. */
export interface AttemptProgress {
  /** True once anything the consumer can see (text, thinking, a tool call) was emitted. */
  readonly emittedContent: boolean;
}

export interface RetryingStreamOptions<P extends AttemptProgress> {
  signal: AbortSignal;
  maxRetries: number;
  backoff: BackoffOptions;
  /** Give up once a retry would start later than this after the first attempt. */
  retryBudgetMs?: number;
  /** Redacted from every message. */
  secret: string;
  newProgress(): P;
  /** One request; throws on failure (an AttemptFailure when it classified the failure itself). */
  attempt(progress: P, signal: AbortSignal): AsyncIterable<ProviderEvent>;
  classify(err: unknown): ClassifiedFailure;
}

export async function* retryingStream<P extends AttemptProgress>(opts: RetryingStreamOptions<P>): AsyncGenerator<ProviderEvent> {
  const { signal } = opts;
  const startedAt = Date.now();
  for (let retry = 0; ; retry++) {
    if (signal.aborted) throw abortError();
    const progress = opts.newProgress();
    let failure: ClassifiedFailure;
    try {
      yield* opts.attempt(progress, signal);
      return;
    } catch (err) {
      if (signal.aborted || (err instanceof Error && err.name === 'AbortError')) throw abortError();
      failure = err instanceof AttemptFailure ? err.failure : opts.classify(err);
    }
    const message = redact(failure.message, opts.secret);
    const extra = { reason: failure.reason, kind: failure.kind, ...(failure.hint ? { hint: failure.hint } : {}) };
    // Once the consumer has seen part of this answer, a retry here would repeat it: the loop
    // decides (it discards the partial answer and asks again when that is safe).
    if (!failure.retryable || progress.emittedContent || retry >= opts.maxRetries) {
      throw new ProviderError(message, failure.retryable, failure.status, extra);
    }
    const delayMs = retryDelayMs(retry + 1, failure, opts.backoff);
    if (opts.retryBudgetMs !== undefined && Date.now() - startedAt + delayMs > opts.retryBudgetMs) {
      throw new ProviderError(
        `${message} (gave up retrying after ${retry + 1} attempts)`,
        failure.retryable,
        failure.status,
        extra,
      );
    }
    yield { type: 'retry', attempt: retry + 1, delayMs, reason: failure.reason, ...(failure.status ? { status: failure.status } : {}) };
    await abortableSleep(delayMs, signal);
  }
}
