// What an untrusted workspace's files may not set: anything that widens what inkling may do or
// changes where the person's key is sent. The rest (deny and ask rules, a stricter mode, the
// model, the theme...) applies at once. Works on raw or checked values alike.
import { ENDPOINT_ENV_NAMES, PROVIDER_SECRET_ENV_NAMES, settingsFromEnv, ENV_SETTINGS } from './env-settings.js';
import { isPlainObject } from './key-paths.js';

export interface IgnoredSetting {
  /** The file, as messages name it. */
  file: string;
  /** Dotted setting name, or the variable name for .env. */
  key: string;
  /** What it would have set, secrets hidden. */
  value: string;
  why: string;
}

const WHY = {
  endpoint: 'chooses where requests (and your key) go',
  mode: 'lets more run without asking',
  allow: 'lets calls run without asking',
  sandbox: 'loosens the sandbox',
  env: 'sets variables for the commands inkling runs',
  mcp: 'starts programs or connects to servers',
  key: 'a key for the endpoint the same file chose',
} as const;

const WIDE_MODES = new Set(['yolo', 'auto', 'accept-edits']);

export interface Tightened {
  kept: Record<string, unknown>;
  ignored: IgnoredSetting[];
}

/** Splits a settings file's value into what an untrusted workspace may set and what it may not. */
export function tightenOnly(value: Record<string, unknown>, file: string): Tightened {
  const kept: Record<string, unknown> = { ...value };
  const ignored: IgnoredSetting[] = [];
  const drop = (key: string, shown: unknown, why: string) => ignored.push({ file, key, value: show(shown), why });

  for (const key of ['provider', 'baseUrl'] as const) {
    if (key in kept) {
      drop(key, kept[key], WHY.endpoint);
      delete kept[key];
    }
  }
  if (isPlainObject(kept.permissions)) {
    const permissions = { ...kept.permissions };
    if (WIDE_MODES.has(String(permissions.mode))) {
      drop('permissions.mode', permissions.mode, WHY.mode);
      delete permissions.mode;
    }
    if ('allow' in permissions) {
      drop('permissions.allow', permissions.allow, WHY.allow);
      delete permissions.allow;
    }
    kept.permissions = permissions;
  }
  if (isPlainObject(kept.sandbox)) {
    const sandbox = { ...kept.sandbox };
    if (sandbox.mode === 'off') {
      drop('sandbox.mode', sandbox.mode, WHY.sandbox);
      delete sandbox.mode;
    }
    if (sandbox.network === true) {
      drop('sandbox.network', true, WHY.sandbox);
      delete sandbox.network;
    }
    kept.sandbox = sandbox;
  }
  if ('env' in kept) {
    const names = isPlainObject(kept.env) ? Object.keys(kept.env) : [];
    drop('env', names.length > 0 ? names.map((n) => `${n}=…`).join(' ') : kept.env, WHY.env);
    delete kept.env;
  }
  if ('mcpServers' in kept) {
    const servers = isPlainObject(kept.mcpServers) ? kept.mcpServers : {};
    for (const [name, server] of Object.entries(servers)) drop(`mcpServers.${name}`, serverSummary(server), WHY.mcp);
    if (!isPlainObject(kept.mcpServers)) drop('mcpServers', kept.mcpServers, WHY.mcp);
    delete kept.mcpServers;
  }
  return { kept, ignored };
}

/** The same rule for a workspace .env: its variables go through the settings rules above. */
export function tightenDotenv(vars: Record<string, string>, file: string): { kept: Record<string, string>; ignored: IgnoredSetting[] } {
  const kept: Record<string, string> = {};
  const ignored: IgnoredSetting[] = [];
  const setsEndpoint = ENDPOINT_ENV_NAMES.some((name) => vars[name]?.trim());
  for (const [name, value] of Object.entries(vars)) {
    if (ENDPOINT_ENV_NAMES.includes(name)) {
      if (value.trim()) ignored.push({ file, key: name, value: show(value), why: WHY.endpoint });
      continue;
    }
    if (PROVIDER_SECRET_ENV_NAMES.includes(name) && setsEndpoint) {
      if (value.trim()) ignored.push({ file, key: name, value: '(hidden)', why: WHY.key });
      continue;
    }
    const spec = ENV_SETTINGS.find((s) => s.name === name);
    if (spec) {
      // A variable that sets a setting follows that setting's rule.
      const { value: asSettings } = settingsFromEnv({ [name]: value }, undefined);
      const refused = tightenOnly(asSettings, file).ignored[0];
      if (refused) {
        ignored.push({ file, key: name, value: show(value), why: refused.why });
        continue;
      }
    }
    kept[name] = value;
  }
  return { kept, ignored };
}

function serverSummary(server: unknown): string {
  if (!isPlainObject(server)) return show(server);
  if (typeof server.command === 'string') {
    const args = Array.isArray(server.args) ? server.args.filter((a): a is string => typeof a === 'string') : [];
    return [server.command, ...args].join(' ');
  }
  if (typeof server.url === 'string') return server.url;
  return show(server);
}

function show(value: unknown): string {
  if (typeof value === 'string') return value.length > 120 ? `${value.slice(0, 117)}...` : value;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
