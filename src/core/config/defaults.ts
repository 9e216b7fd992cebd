// What a setting is when no layer sets it, and the resolved shape every consumer reads: the
// lowest layer of the merge. Types only from the schema, so this module stays cheap to load.
import type { McpServerSettings } from './schema.js';
import type { PermissionMode, ProviderName, SandboxMode, ThemeName } from './setting-values.js';

export interface ResolvedSettings {
  /** Unset means the provider's default model (chosen where the provider is built). */
  model?: string;
  provider: ProviderName;
  /** Unset means the provider's own endpoint. */
  baseUrl?: string;
  /** Unset means 8192, plus the thinking budget when thinking is on. */
  maxTokens?: number;
  thinking: number | false;
  maxIterations: number;
  permissions: { mode: PermissionMode; allow: string[]; ask: string[]; deny: string[]; protectedPaths: string[] };
  sandbox: { mode: SandboxMode; network: boolean };
  mcpServers: Record<string, McpServerSettings>;
  mcpToolTimeoutMs: number;
  theme: ThemeName;
  notifications: { bell: boolean; desktop: 'auto' | 'osc9' | 'osc777' | 'off'; afterMs: number };
  env: Record<string, string>;
  bash: { sudoAskpass: boolean };
  bashTimeoutMs: number;
  jobs: { max: number; firstLinesMs: number };
  /** Unset means the provider's watchdog default (90 s). */
  streamIdleTimeoutMs?: number;
  promptCaching: 'auto' | boolean;
  /** Unset means the model catalog's figure. */
  contextWindow?: number;
  autoCompact: boolean;
  /** maxLongEdge unset means the model catalog's figure (1,568 px for a model it does not size). */
  images: { maxLongEdge?: number };
  web: { search: 'auto' | 'off' };
  agents: { maxConcurrent: number; maxDepth: 1 | 2 };
  todo: { tool: 'on' | 'off' | 'auto' };
  compat: { claude: boolean };
}

export const DEFAULT_MODEL = 'claude-sonnet-4-6';
export const DEFAULT_MAX_TOKENS = 8192;

export const SETTING_DEFAULTS: ResolvedSettings = {
  provider: 'anthropic',
  thinking: false,
  maxIterations: 50,
  permissions: { mode: 'default', allow: [], ask: [], deny: [], protectedPaths: [] },
  sandbox: { mode: 'workspace', network: false },
  mcpServers: {},
  mcpToolTimeoutMs: 60_000,
  theme: 'auto',
  notifications: { bell: true, desktop: 'auto', afterMs: 10_000 },
  env: {},
  bash: { sudoAskpass: false },
  bashTimeoutMs: 120_000,
  jobs: { max: 8, firstLinesMs: 1000 },
  promptCaching: 'auto',
  autoCompact: true,
  images: {},
  web: { search: 'auto' },
  agents: { maxConcurrent: 8, maxDepth: 2 },
  todo: { tool: 'auto' },
  compat: { claude: true },
};

/** How README states the defaults that depend on something else. */
export const DEFAULT_NOTES: Partial<Record<string, string>> = {
  model: `${DEFAULT_MODEL} (anthropic); each other provider has its own`,
  baseUrl: "the provider's own endpoint",
  maxTokens: `${DEFAULT_MAX_TOKENS}, plus the thinking budget when thinking is on`,
  streamIdleTimeoutMs: '90000',
  contextWindow: 'from the model catalog',
  'images.maxLongEdge': 'from the model catalog (2048 for GPT models), else 1568',
  'sandbox.mode': '`workspace` where bubblewrap works',
};
