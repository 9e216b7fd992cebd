// A rough cost estimate from token counts (USD per million tokens, list prices). Unknown
// models (and the demo model) get no estimate rather than a wrong one.
import type { Usage } from '../core/conversation.js';

interface Price { input: number; output: number; cacheRead: number; cacheWrite: number }

const PRICES: [RegExp, Price][] = [
  [/opus-4-[15]|opus-4-6/, { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 }],
  [/opus/, { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 }],
  [/sonnet/, { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }],
  [/haiku-4|haiku-3-5|3-5-haiku/, { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 }],
  [/haiku/, { input: 0.25, output: 1.25, cacheRead: 0.03, cacheWrite: 0.3 }],
];

export function estimateCost(model: string, u: Usage): number | null {
  const p = PRICES.find(([re]) => re.test(model))?.[1];
  if (!p) return null;
  return (
    (u.inputTokens * p.input + u.outputTokens * p.output + u.cacheReadTokens * p.cacheRead + u.cacheWriteTokens * p.cacheWrite) /
    1_000_000
  );
}

/** Context window of Claude models (tokens); null for models we do not know. */
export function contextWindow(model: string): number | null {
  return /claude|opus|sonnet|haiku/.test(model) ? 200_000 : null;
}

export function formatCost(cost: number | null): string {
  if (cost === null) return '';
  return cost < 0.01 ? `$${cost.toFixed(4)}` : `$${cost.toFixed(2)}`;
}
