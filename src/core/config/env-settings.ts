// Which environment variables set which settings, and where each provider's key comes from. The
// same table reads the process environment and a workspace .env file.
import { PROVIDERS, type ProviderName } from './setting-values.js';

// OPENAI_BASE_URL moves only the openai preset: set for some other tool, it must not send a
// DeepSeek or OpenRouter key to that address. OPENAI_MODEL names the model for openai and the
// local servers, whose presets have no default of their own.
const OPENAI_ONLY: readonly ProviderName[] = ['openai'];
const OPENAI_AND_LOCAL: readonly ProviderName[] = PROVIDERS.filter((p) => p === 'openai' || p === 'ollama' || p === 'vllm' || p === 'llamacpp');

export interface EnvSetting {
  name: string;
  /** Dotted setting name. */
  key: string;
  /** The variable applies only when one of these providers is chosen (ANTHROPIC_MODEL: anthropic). */
  providers?: readonly ProviderName[];
  /**
   * Whole numbers are read as numbers, 1/0 (true/false) as booleans; anything else stays a
   * string for the schema to refuse.
   */
  kind: 'string' | 'integer' | 'boolean';
}

export const ENV_SETTINGS: readonly EnvSetting[] = [
  { name: 'INKLING_PROVIDER', key: 'provider', kind: 'string' },
  { name: 'ANTHROPIC_BASE_URL', key: 'baseUrl', providers: ['anthropic'], kind: 'string' },
  { name: 'ANTHROPIC_MODEL', key: 'model', providers: ['anthropic'], kind: 'string' },
  { name: 'OPENAI_BASE_URL', key: 'baseUrl', providers: OPENAI_ONLY, kind: 'string' },
  { name: 'OPENAI_MODEL', key: 'model', providers: OPENAI_AND_LOCAL, kind: 'string' },
  { name: 'INKLING_THEME', key: 'theme', kind: 'string' },
  { name: 'INKLING_STREAM_IDLE_TIMEOUT_MS', key: 'streamIdleTimeoutMs', kind: 'integer' },
  { name: 'INKLING_PROMPT_CACHING', key: 'promptCaching', kind: 'boolean' },
];

const BOOLEAN_WORDS: Readonly<Record<string, boolean>> = { '1': true, true: true, '0': false, false: false };

/** The variable holding each provider's API key; local servers need none. */
export const PROVIDER_KEY_ENV: Readonly<Record<ProviderName, string | null>> = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  deepseek: 'DEEPSEEK_API_KEY',
  qwen: 'DASHSCOPE_API_KEY',
  openrouter: 'OPENROUTER_API_KEY',
  ollama: null,
  vllm: null,
  llamacpp: null,
};

/** Every key variable inkling may read: scrubbed from output and hidden from commands. */
export const PROVIDER_SECRET_ENV_NAMES: readonly string[] = [
  ...new Set([...Object.values(PROVIDER_KEY_ENV).filter((n): n is string => n !== null), 'ANTHROPIC_AUTH_TOKEN']),
];

/** Variables that choose where requests go: a workspace .env sets them only once trusted. */
export const ENDPOINT_ENV_NAMES: readonly string[] = ENV_SETTINGS.filter((s) => s.key === 'baseUrl' || s.key === 'provider').map((s) => s.name);

export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export interface EnvLayerValue {
  value: Record<string, unknown>;
  /** Dotted setting name → the variable that set it. */
  setBy: Record<string, string>;
}

/** The settings a set of variables makes, for the chosen provider. */
export function settingsFromEnv(vars: Readonly<Record<string, string | undefined>>, provider: ProviderName | undefined): EnvLayerValue {
  const value: Record<string, unknown> = {};
  const setBy: Record<string, string> = {};
  for (const spec of ENV_SETTINGS) {
    const raw = nonEmpty(vars[spec.name]);
    if (raw === undefined) continue;
    if (spec.providers && !spec.providers.includes(provider ?? 'anthropic')) continue;
    if (setBy[spec.key]) continue;
    const parsed =
      spec.kind === 'integer' && /^\d+$/.test(raw) ? Number(raw) : spec.kind === 'boolean' ? (BOOLEAN_WORDS[raw.toLowerCase()] ?? raw) : raw;
    setDotted(value, spec.key, parsed);
    setBy[spec.key] = spec.name;
  }
  return { value, setBy };
}

function setDotted(target: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1)!] = value;
}
