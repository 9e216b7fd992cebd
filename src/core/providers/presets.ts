// The providers `--provider` (or `provider` in settings) can name: where each one's API is, which
// model it starts on, and what it needs done differently. One table, so --help and README cannot
// miss a provider; which variable holds each key is the settings' table (PROVIDER_KEY_ENV).
import { DEFAULT_MODEL } from '../config/defaults.js';
import { PROVIDER_KEY_ENV } from '../config/env-settings.js';
import { PROVIDERS, type ProviderName } from '../config/setting-values.js';
import type { SchemaDialect } from './tool-schema.js';

// The names and key variables are the settings' own (one list each); the rest is here.
export const PROVIDER_NAMES = PROVIDERS;
export type { ProviderName };

/** What an OpenAI-compatible endpoint needs done its own way. */
export interface OpenAIQuirks {
  /**
   * Send the model's reasoning back (`reasoning_content`) on the assistant messages of the
   * running tool loop: DeepSeek refuses a thinking-mode tool loop without it.
   */
  reasoningInToolLoop: boolean;
  /** OpenAI's own API wants max_completion_tokens (its reasoning models refuse max_tokens). */
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  toolSchema: SchemaDialect;
  /** How `--thinking <budget>` is asked for; 'none': the preset has no such switch. */
  thinking: 'none' | 'reasoning-effort' | 'qwen' | 'openrouter';
  /** Sent with every request. */
  headers?: Readonly<Record<string, string>>;
}

interface PresetBase {
  name: ProviderName;
  /** For messages: "DeepSeek", "Ollama". */
  title: string;
  baseURL: string;
  /** Environment variable with the key (PROVIDER_KEY_ENV); absent for local servers, which need none. */
  keyEnv?: string;
  /** Undefined: the first id the server lists at GET /models. */
  defaultModel?: string;
  /** Shown in --help and README: one command line that works with this preset. */
  example: string;
}

export interface AnthropicPreset extends PresetBase {
  api: 'anthropic';
}

export interface OpenAIPreset extends PresetBase {
  api: 'openai';
  quirks: OpenAIQuirks;
}

export type Preset = AnthropicPreset | OpenAIPreset;

const OPENAI_COMPATIBLE: OpenAIQuirks = { reasoningInToolLoop: false, maxTokensField: 'max_tokens', toolSchema: 'standard', thinking: 'none' };

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** Used when the openai preset talks to OpenAI itself: its GET /models starts with models that cannot chat. */
export const OPENAI_DEFAULT_MODEL = 'gpt-5';

export const PRESETS: Readonly<Record<ProviderName, Preset>> = {
  anthropic: {
    name: 'anthropic',
    api: 'anthropic',
    title: 'Anthropic',
    baseURL: 'https://api.anthropic.com',
    keyEnv: PROVIDER_KEY_ENV.anthropic!,
    defaultModel: DEFAULT_MODEL,
    example: 'ANTHROPIC_API_KEY=sk-ant-... inkling',
  },
  openai: {
    name: 'openai',
    api: 'openai',
    title: 'OpenAI',
    baseURL: OPENAI_DEFAULT_BASE_URL,
    keyEnv: PROVIDER_KEY_ENV.openai!,
    example: 'OPENAI_API_KEY=sk-... inkling --provider openai --model gpt-5',
    quirks: { ...OPENAI_COMPATIBLE, maxTokensField: 'max_completion_tokens', thinking: 'reasoning-effort' },
  },
  deepseek: {
    name: 'deepseek',
    api: 'openai',
    title: 'DeepSeek',
    baseURL: 'https://api.deepseek.com',
    keyEnv: PROVIDER_KEY_ENV.deepseek!,
    defaultModel: 'deepseek-chat',
    example: 'DEEPSEEK_API_KEY=sk-... inkling --provider deepseek --model deepseek-reasoner',
    quirks: { ...OPENAI_COMPATIBLE, reasoningInToolLoop: true },
  },
  qwen: {
    name: 'qwen',
    api: 'openai',
    title: 'Qwen (DashScope)',
    baseURL: 'https://dashscope-intl.aliyuncs.com/compatible-mode/v1',
    keyEnv: PROVIDER_KEY_ENV.qwen!,
    defaultModel: 'qwen3-coder-plus',
    example: 'DASHSCOPE_API_KEY=sk-... inkling --provider qwen',
    quirks: { ...OPENAI_COMPATIBLE, thinking: 'qwen' },
  },
  openrouter: {
    name: 'openrouter',
    api: 'openai',
    title: 'OpenRouter',
    baseURL: 'https://openrouter.ai/api/v1',
    keyEnv: PROVIDER_KEY_ENV.openrouter!,
    defaultModel: 'qwen/qwen3-coder',
    example: 'OPENROUTER_API_KEY=sk-or-... inkling --provider openrouter --model deepseek/deepseek-chat-v3.1',
    // It forwards schemas to many backends, some of them strict (Gemini).
    quirks: { ...OPENAI_COMPATIBLE, toolSchema: 'strict', thinking: 'openrouter', headers: { 'X-Title': 'inkling' } },
  },
  ollama: {
    name: 'ollama',
    api: 'openai',
    title: 'Ollama',
    baseURL: 'http://127.0.0.1:11434/v1',
    example: 'inkling --provider ollama --model qwen3:8b',
    quirks: OPENAI_COMPATIBLE,
  },
  vllm: {
    name: 'vllm',
    api: 'openai',
    title: 'vLLM',
    baseURL: 'http://127.0.0.1:8000/v1',
    example: 'inkling --provider vllm',
    quirks: OPENAI_COMPATIBLE,
  },
  llamacpp: {
    name: 'llamacpp',
    api: 'openai',
    title: 'llama.cpp',
    baseURL: 'http://127.0.0.1:8080/v1',
    example: 'inkling --provider llamacpp',
    quirks: OPENAI_COMPATIBLE,
  },
};

export function isProviderName(value: string): value is ProviderName {
  return (PROVIDER_NAMES as readonly string[]).includes(value);
}

/** True for localhost, 127.0.0.0/8 and ::1: a server on this machine, which needs no key. */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  host = host.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}
