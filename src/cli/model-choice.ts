// Which model answers, once a run has started: the first model a server lists (for presets
// without a default model), the list the /model picker offers, and a switch of model or provider
// for the next request that keeps the conversation, and thinking switched on or off (Alt+T).
import type { Agent, ModelSwitching } from '../core/agent.js';
import type { ModelPicking } from '../core/startup-info.js';
import { modelLine } from './banner.js';
import type { ListedModel } from '../core/providers/model-list.js';
import type { ProviderName } from '../core/providers/presets.js';
import { UsageError, type CliFlags } from './args.js';
import { checkedConfig, DEFAULT_MAX_TOKENS, thinkingRefusal, type InklingConfig, type RunRequest } from './config.js';
import { settingsFromFlags } from './flag-settings.js';
import { modelSource } from './provider-config.js';

/** Fills in the model from GET /models when the config says to; otherwise the config as it is. */
export async function withDiscoveredModel(config: InklingConfig, opts: { fetch?: typeof globalThis.fetch } = {}): Promise<InklingConfig> {
  if (!config.discoverModel) return config;
  const source = modelSource(config.provider);
  if (source?.api !== 'openai') return { ...config, discoverModel: false };
  const { listModels, ModelListError } = await import('../core/providers/model-list.js');
  let models: ListedModel[];
  try {
    models = await listModels(source, opts.fetch ? { fetch: opts.fetch } : {});
  } catch (err) {
    if (err instanceof ModelListError) throw new Error(`${err.message}; is the server running? Or name a model with --model`);
    throw err;
  }
  const first = models[0];
  if (!first) throw new UsageError(`${source.title} at ${source.baseURL} lists no models: load one there, or name one with --model`);
  return { ...config, model: first.id, discoverModel: false };
}

/** The models the /model picker offers for the provider in use (a server's list is fetched once). */
export async function pickerModels(config: InklingConfig, opts: { refresh?: boolean; signal?: AbortSignal } = {}): Promise<ListedModel[]> {
  const source = modelSource(config.provider);
  if (!source) return [];
  const { listModels } = await import('../core/providers/model-list.js');
  return listModels(source, opts);
}

/**
 * Points the agent at another model, and with `provider` at another preset: its key, address and
 * model resolved through the settings exactly as at start-up, as if these were the flags given.
 * Takes effect at the next request; returns the config the header and exit summary should now show.
 */
export async function switchModel(
  agent: Agent & ModelSwitching,
  request: RunRequest,
  current: InklingConfig,
  to: { model: string; provider?: ProviderName; baseUrl?: string },
): Promise<InklingConfig> {
  if (!to.provider) {
    // The same provider: it sends each request's model, and keeps what it learnt of the server.
    agent.useModel({ model: to.model });
    return { ...current, model: to.model };
  }
  const flags: CliFlags = { ...request.flags, provider: to.provider, model: to.model };
  if (to.baseUrl !== undefined) flags.baseUrl = to.baseUrl;
  else delete flags.baseUrl;
  const next = await checkedConfig({ ...request, flags, settings: { ...request.settings, flags: settingsFromFlags(flags) } });
  // session.js (the agent's whole module graph) only when a model is switched, never before the first frame.
  const { createProvider } = await import('./session.js');
  agent.useModel({ model: next.model, provider: await createProvider(next) });
  return next;
}

/**
 * /model for the TUI: the picker's list for the provider in use and a switch of model within it
 * (the header label it returns is scrubbed of secrets). Null for the demo and scripted models.
 */
export function modelPicking(agent: Agent & ModelSwitching, request: RunRequest, config: InklingConfig, scrub: (text: string) => string): ModelPicking | null {
  if (!modelSource(config.provider)) return null;
  let current = config;
  return {
    current: () => current.model,
    list: (refresh) => pickerModels(current, refresh ? { refresh: true } : {}),
    async switchTo(model) {
      current = await switchModel(agent, request, current, { model });
      return scrub(modelLine(current));
    },
    toggleThinking() {
      const next = thinkingSwitched(current);
      if ('refused' in next) return next;
      current = { ...current, ...next.config };
      agent.useModel({ model: current.model, thinking: { thinkingBudget: current.thinkingBudget, maxTokens: current.maxTokens } });
      return current.thinkingBudget ? { on: true, budget: current.thinkingBudget } : { on: false };
    },
  };
}

/** The budget Alt+T turns thinking on at when the settings never name one. */
export const DEFAULT_THINKING_BUDGET = 8000;

/**
 * Thinking the other way for `config`: off, or on at the `thinking` setting's budget (else 8,000);
 * maxTokens follows as at start-up (the setting when set, else 8192 plus the budget).
 */
export function thinkingSwitched(config: InklingConfig): { config: Pick<InklingConfig, 'thinkingBudget' | 'maxTokens'> } | { refused: string } {
  const setMax = config.settings.maxTokens;
  if (config.thinkingBudget !== undefined) return { config: { thinkingBudget: undefined, maxTokens: setMax ?? DEFAULT_MAX_TOKENS } };
  const p = config.provider;
  if (p.kind === 'demo' || p.kind === 'script') return { refused: 'the demo and scripted models do not think' };
  const refused = p.kind === 'openai' ? thinkingRefusal(p.preset) : undefined;
  if (refused) return { refused: `thinking ${refused}` };
  const budget = typeof config.settings.thinking === 'number' ? config.settings.thinking : DEFAULT_THINKING_BUDGET;
  const maxTokens = setMax ?? budget + DEFAULT_MAX_TOKENS;
  if (budget >= maxTokens) return { refused: `thinking (${budget}) must be less than maxTokens (${maxTokens}); thinking stays off` };
  return { config: { thinkingBudget: budget, maxTokens } };
}
