// The flags that are settings: the top layer of the merge. One row per flag, so a feature that
// adds a settings flag (--permission-mode, --provider) adds a row here.
import type { CliFlags } from './args.js';

interface FlagSetting {
  flag: string;
  /** Dotted setting name. */
  key: string;
  value: (flags: CliFlags) => unknown;
}

export const FLAG_SETTINGS: readonly FlagSetting[] = [
  { flag: '--model', key: 'model', value: (f) => f.model },
  { flag: '--provider', key: 'provider', value: (f) => f.provider },
  { flag: '--base-url', key: 'baseUrl', value: (f) => f.baseUrl },
  { flag: '--max-tokens', key: 'maxTokens', value: (f) => f.maxTokens },
  { flag: '--thinking', key: 'thinking', value: (f) => f.thinking },
  { flag: '--max-iterations', key: 'maxIterations', value: (f) => f.maxIterations },
  { flag: '--permission-mode', key: 'permissions.mode', value: (f) => f.permissionMode },
  { flag: '--yolo', key: 'permissions.mode', value: (f) => (f.yolo ? 'yolo' : undefined) },
  { flag: '--allowed-tools', key: 'permissions.allow', value: (f) => f.allowedTools },
  { flag: '--disallowed-tools', key: 'permissions.deny', value: (f) => f.disallowedTools },
  { flag: '--sandbox', key: 'sandbox.mode', value: (f) => (f.sandbox ? 'workspace' : undefined) },
  { flag: '--no-sandbox', key: 'sandbox.mode', value: (f) => (f.noSandbox ? 'off' : undefined) },
];

export function settingsFromFlags(flags: CliFlags): { value: Record<string, unknown>; setBy: Record<string, string> } {
  const value: Record<string, unknown> = {};
  const setBy: Record<string, string> = {};
  for (const row of FLAG_SETTINGS) {
    const v = row.value(flags);
    if (v === undefined) continue;
    const parts = row.key.split('.');
    let node = value;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = v;
    setBy[row.key] = row.flag;
  }
  return { value, setBy };
}
