// Which provider a run talks to, where, with which key and model, from the resolved settings
// (src/core/config merges --provider, INKLING_PROVIDER and settings files; --base-url and the
// provider's variables; the chosen provider's key). Here the preset fills in what is left: its
// address, its default model (or the server's first), and whether a key is needed at all. The
// provider is never guessed from which key happens to be set, and a server on this machine
// needs no key.
import type { ModelSource } from '../core/providers/model-list.js';
import { isLoopbackUrl, isProviderName, OPENAI_DEFAULT_BASE_URL, OPENAI_DEFAULT_MODEL, PRESETS, PROVIDER_NAMES } from '../core/providers/presets.js';
import type { ProviderName } from '../core/providers/presets.js';
import { UsageError } from './args.js';

export type ProviderChoice =
  | { kind: 'anthropic'; apiKey: string; baseURL?: string }
  /** Any OpenAI-compatible preset. `apiKey` is absent for a server that needs none. */
  | { kind: 'openai'; preset: ProviderName; baseURL: string; apiKey?: string }
  /** `reason` says why: asked for with --demo, or no API key was found. */
  | { kind: 'demo'; reason: 'flag' | 'no-key' }
  | { kind: 'script'; path: string };

export interface ProviderInput {
  provider: string;
  /** Who named the provider ("--provider", "env INKLING_PROVIDER", a settings file); undefined: the default. */
  chosenBy?: string;
  baseUrl?: string;
  /** Who set the base URL, for messages ("--base-url", "env OPENAI_BASE_URL"). */
  baseUrlFrom?: string;
  model?: string;
  /** The chosen provider's key, if one was found. */
  apiKey?: string;
  mode: 'print' | 'interactive';
}

export interface ResolvedProvider {
  choice: ProviderChoice;
  /** Empty when it must be asked of the server (GET /models): see `discoverModel`. */
  model: string;
  /** The model is the first one the server lists (openai with another base URL, local presets). */
  discoverModel: boolean;
}

export function resolveProvider(input: ProviderInput): ResolvedProvider {
  const name = input.provider;
  if (!isProviderName(name)) throw new UsageError(`${input.chosenBy ?? '--provider'} must be one of ${PROVIDER_NAMES.join(', ')} (got "${name}")`);
  const explicit = input.chosenBy !== undefined || name !== 'anthropic';
  const preset = PRESETS[name];
  const overridden = input.baseUrl !== undefined ? checkedUrl(input.baseUrl, input.baseUrlFrom ?? 'the base URL') : undefined;
  const baseURL = overridden ?? preset.baseURL;
  const apiKey = preset.keyEnv ? input.apiKey : undefined;
  const keyNeeded = preset.keyEnv !== undefined && !isLoopbackUrl(baseURL);

  if (!apiKey && keyNeeded) {
    if (!explicit && input.mode === 'interactive') return { choice: { kind: 'demo', reason: 'no-key' }, model: 'demo', discoverModel: false };
    throw new UsageError(
      explicit
        ? `no API key for ${preset.title}: set ${preset.keyEnv} (in the environment or a .env file in the workspace)`
        : 'no API key: set ANTHROPIC_API_KEY (in the environment or a .env file in the workspace), ' +
            'pass --provider to use another provider, or --demo to try the built-in demo model',
    );
  }

  if (preset.api === 'anthropic') {
    // The SDK insists on a key; a local Anthropic-compatible proxy is sent a placeholder.
    const choice: ProviderChoice = { kind: 'anthropic', apiKey: apiKey ?? 'no-key', ...(overridden ? { baseURL: overridden } : {}) };
    return { choice, model: input.model ?? preset.defaultModel ?? '', discoverModel: false };
  }
  const choice: ProviderChoice = { kind: 'openai', preset: name, baseURL, ...(apiKey ? { apiKey } : {}) };
  const fallback = preset.defaultModel ?? (name === 'openai' && baseURL === OPENAI_DEFAULT_BASE_URL ? OPENAI_DEFAULT_MODEL : undefined);
  const model = input.model ?? fallback;
  return { choice, model: model ?? '', discoverModel: model === undefined };
}

function checkedUrl(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${what} is not a URL: "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${what} must be an http(s) URL: "${value}"`);
  return value.replace(/\/+$/, '');
}

/** What to check after an authentication error from an OpenAI-compatible preset (Anthropic's says it itself). */
export function authHint(choice: Extract<ProviderChoice, { kind: 'openai' }>): string {
  const preset = PRESETS[choice.preset];
  return preset.keyEnv ? `check ${preset.keyEnv}, and the base URL (${choice.baseURL})` : `check the server at ${choice.baseURL}`;
}

/** "deepseek-chat via DeepSeek", "qwen3:8b via Ollama at http://gpu-box:11434/v1". */
export function providerLine(choice: Extract<ProviderChoice, { kind: 'openai' }>, model: string): string {
  const preset = PRESETS[choice.preset];
  return `${model} via ${preset.title}${choice.baseURL === preset.baseURL ? '' : ` at ${choice.baseURL}`}`;
}

/** Where the /model picker (and a preset that starts on the server's first model) finds models. */
export function modelSource(choice: ProviderChoice): ModelSource | undefined {
  if (choice.kind === 'anthropic') return { api: 'anthropic' };
  if (choice.kind !== 'openai') return undefined;
  const preset = PRESETS[choice.preset];
  const headers = preset.api === 'openai' ? preset.quirks.headers : undefined;
  return { api: 'openai', baseURL: choice.baseURL, title: preset.title, ...(choice.apiKey ? { apiKey: choice.apiKey } : {}), ...(headers ? { headers } : {}) };
}
