// The closed sets of values settings accept. Plain constants, so code on the way to the first
// frame (flags, the cheap read of model and theme) can use them without loading the schema.

export const PROVIDERS = ['anthropic', 'openai', 'deepseek', 'qwen', 'openrouter', 'ollama', 'vllm', 'llamacpp'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export const PERMISSION_MODES = ['default', 'accept-edits', 'plan', 'auto', 'yolo'] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

export const SANDBOX_MODES = ['off', 'workspace'] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

export const THEMES = ['dark', 'light', 'auto'] as const;
export type ThemeName = (typeof THEMES)[number];

/** The API refuses smaller thinking budgets. */
export const MIN_THINKING_BUDGET = 1024;

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
