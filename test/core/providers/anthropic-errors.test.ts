// Backoff and retry-after arithmetic, and key redaction: pure functions, checked directly.
import { describe, expect, it } from 'vitest';
import { redact, retryAfterMs, retryDelayMs } from '../../../src/core/providers/anthropic-errors.js';

describe('retryAfterMs', () => {
  it('prefers retry-after-ms, then retry-after seconds, then an HTTP date', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }))).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': '0.5' }))).toBe(500);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    const fromDate = retryAfterMs(new Headers({ 'retry-after': inTenSeconds }))!;
    // An HTTP date has whole seconds, so up to a second is lost.
    expect(fromDate).toBeGreaterThan(8_000);
    expect(fromDate).toBeLessThanOrEqual(10_000);
  });

  it('ignores what it cannot read, and never goes negative', () => {
    expect(retryAfterMs(new Headers())).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': '' }))).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': '-5' }))).toBe(0);
    expect(retryAfterMs(new Headers({ 'retry-after': new Date(Date.now() - 60_000).toUTCString() }))).toBe(0);
  });
});

describe('retryDelayMs', () => {
  const failure = { kind: 'overloaded' as const, message: 'x', retryable: true, reason: '529 overloaded' };
  const backoff = { baseDelayMs: 1000, maxDelayMs: 5000 };

  it('doubles from the base with jitter of at most a quarter, up to the cap', () => {
    for (let i = 0; i < 50; i++) {
      const [a, b, c, d] = [1, 2, 3, 4].map((n) => retryDelayMs(n, failure, backoff));
      expect(a).toBeGreaterThanOrEqual(750);
      expect(a).toBeLessThanOrEqual(1000);
      expect(b).toBeGreaterThanOrEqual(1500);
      expect(b).toBeLessThanOrEqual(2000);
      expect(c).toBeGreaterThanOrEqual(3000);
      expect(c).toBeLessThanOrEqual(4000);
      expect(d).toBeGreaterThanOrEqual(3750);
      expect(d).toBeLessThanOrEqual(5000);
    }
  });

  it('follows the server when it said how long, up to a minute', () => {
    expect(retryDelayMs(1, { ...failure, retryAfterMs: 7000 }, backoff)).toBe(7000);
    expect(retryDelayMs(1, { ...failure, retryAfterMs: 0 }, backoff)).toBe(0);
    expect(retryDelayMs(1, { ...failure, retryAfterMs: 3_600_000 }, backoff)).toBe(60_000);
  });
});

describe('redact', () => {
  it('replaces every occurrence of the key', () => {
    expect(redact('key sk-abc-123 and again sk-abc-123.', 'sk-abc-123')).toBe('key [redacted] and again [redacted].');
  });

  it('leaves text alone for a key too short to be a real one', () => {
    expect(redact('a b c', 'a')).toBe('a b c');
  });
});
