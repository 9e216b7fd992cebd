// The model catalog: context window, list prices and thinking support of the models the presets
// start on (and their close relatives), for the status line, cost, compaction and /model.
// A model not listed here gets null: "unknown window" and no cost, never a guess.
import type { Usage } from '../conversation.js';
import type { ProviderName } from './presets.js';

/** USD per million tokens. */
export interface ModelPrices {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** USD per server-side web search (Anthropic: $10 per 1,000); absent: the provider has none. */
  webSearch?: number;
}

export interface ModelInfo {
  /** The id to send, as the provider's own API names it. */
  id: string;
  provider: ProviderName;
  /** Also matches dated snapshots and other providers' slugs (anthropic/claude-sonnet-4.6). */
  match: RegExp;
  contextWindow: number;
  /** Absent where the price depends on more than the model (tiers by prompt length). */
  prices?: ModelPrices;
  thinking: boolean;
  /** False for models that cannot see images (they get a line naming each image); absent: they can. */
  images?: false;
  /** Longest image edge the API takes without scaling it itself; absent: 1,568 px (Anthropic's). */
  imageLongEdge?: number;
  /** False for older models that only lend their facts to matching names: /model does not offer them. */
  offered?: false;
  /** The model keeps its own task list: setting todo.tool auto gives it no update_plan (none is marked today). */
  keepsOwnPlan?: true;
}

const CLAUDE_WINDOW = 200_000;

export const MODEL_CATALOG: readonly ModelInfo[] = [
  { id: 'claude-opus-4-7', provider: 'anthropic', match: /opus-4[-.]7/, contextWindow: CLAUDE_WINDOW, prices: { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25, webSearch: 0.01 }, thinking: true },
  { id: 'claude-opus-4-6', provider: 'anthropic', match: /opus-4[-.][156]/, contextWindow: CLAUDE_WINDOW, prices: { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25, webSearch: 0.01 }, thinking: true },
  { id: 'claude-sonnet-4-6', provider: 'anthropic', match: /sonnet/, contextWindow: CLAUDE_WINDOW, prices: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, webSearch: 0.01 }, thinking: true },
  { id: 'claude-haiku-4-5', provider: 'anthropic', match: /haiku-4|haiku-3[-.]5|3-5-haiku/, contextWindow: CLAUDE_WINDOW, prices: { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1, webSearch: 0.01 }, thinking: true },
  { id: 'gpt-5', provider: 'openai', match: /^(?:openai\/)?gpt-5(?:-\d{4}-\d{2}-\d{2})?$/, contextWindow: 400_000, prices: { input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 0 }, thinking: true, imageLongEdge: 2048 },
  { id: 'gpt-5-mini', provider: 'openai', match: /^(?:openai\/)?gpt-5-mini/, contextWindow: 400_000, prices: { input: 0.25, output: 2, cacheRead: 0.025, cacheWrite: 0 }, thinking: true, imageLongEdge: 2048 },
  { id: 'gpt-4.1', provider: 'openai', match: /^(?:openai\/)?gpt-4\.1(?:-\d{4}-\d{2}-\d{2})?$/, contextWindow: 1_047_576, prices: { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 0 }, thinking: false, imageLongEdge: 2048 },
  { id: 'deepseek-chat', provider: 'deepseek', match: /^deepseek-chat$/, contextWindow: 128_000, prices: { input: 0.28, output: 0.42, cacheRead: 0.028, cacheWrite: 0 }, thinking: false, images: false },
  { id: 'deepseek-reasoner', provider: 'deepseek', match: /^deepseek-reasoner$/, contextWindow: 128_000, prices: { input: 0.28, output: 0.42, cacheRead: 0.028, cacheWrite: 0 }, thinking: true, images: false },
  { id: 'qwen3-coder-plus', provider: 'qwen', match: /^qwen3-coder-plus/, contextWindow: 1_000_000, thinking: false, images: false },
  { id: 'qwen/qwen3-coder', provider: 'openrouter', match: /^qwen\/qwen3-coder$/, contextWindow: 262_144, thinking: false, images: false },
  // Older Claude families, matched after the models above (the status line's former price table).
  { id: 'claude-opus-4-0', provider: 'anthropic', match: /opus/, contextWindow: CLAUDE_WINDOW, prices: { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75, webSearch: 0.01 }, thinking: true, offered: false },
  { id: 'claude-3-haiku', provider: 'anthropic', match: /haiku/, contextWindow: CLAUDE_WINDOW, prices: { input: 0.25, output: 1.25, cacheRead: 0.03, cacheWrite: 0.3, webSearch: 0.01 }, thinking: false, offered: false },
  { id: 'claude', provider: 'anthropic', match: /claude/, contextWindow: CLAUDE_WINDOW, thinking: false, offered: false },
];

export function modelInfo(model: string): ModelInfo | undefined {
  return MODEL_CATALOG.find((m) => m.id === model) ?? MODEL_CATALOG.find((m) => m.match.test(model));
}

/** Context window in tokens; null for a model we do not know ("unknown window"). */
export function contextWindow(model: string): number | null {
  return modelInfo(model)?.contextWindow ?? null;
}

/** A rough cost from token counts at list prices; null when the price is not known. */
export function estimateCost(model: string, u: Usage): number | null {
  const p = modelInfo(model)?.prices;
  if (!p) return null;
  const tokens = (u.inputTokens * p.input + u.outputTokens * p.output + u.cacheReadTokens * p.cacheRead + u.cacheWriteTokens * p.cacheWrite) / 1_000_000;
  return tokens + (u.webSearches ?? 0) * (p.webSearch ?? 0);
}

/** The catalog's models of one provider, in catalog order. */
export function catalogModels(provider: ProviderName): ModelInfo[] {
  return MODEL_CATALOG.filter((m) => m.provider === provider && m.offered !== false);
}
