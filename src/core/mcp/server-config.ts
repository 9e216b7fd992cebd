// MCP server entries as the settings files and .mcp.json write them, and the step that turns one
// into what a connection needs: ${VAR} expanded from the environment (never one of inkling's own
// API keys), the values that must be kept secret collected for redaction.
import path from 'node:path';

/** One entry of `mcpServers`, as written (Claude Code's .mcp.json shape is read as is). */
export type McpServerSettings =
  | { type?: 'stdio'; command: string; args?: string[]; env?: Record<string, string>; cwd?: string }
  | { type?: 'http' | 'sse'; url: string; headers?: Record<string, string> };

/** Where an entry came from: workspace files start only in a trusted workspace. */
export type McpServerSource = 'user' | 'project' | 'local' | 'mcp-json' | 'flag';

export interface McpServerEntry {
  name: string;
  settings: McpServerSettings;
  source: McpServerSource;
}

/** What a connection is made from, every ${VAR} expanded. */
export type McpLaunch =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  /** `transport: 'auto'` tries streamable HTTP and falls back to the legacy SSE transport. */
  | { kind: 'remote'; transport: 'auto' | 'http' | 'sse'; url: string; headers: Record<string, string> };

export type PreparedServer =
  | { ok: true; launch: McpLaunch; /** Values to keep out of logs, results and sessions. */ secrets: string[] }
  | { ok: false; reason: string };

/** Letters, digits, - and _ only, and no "__": tool names are mcp__<server>__<tool>. */
export function serverNameProblem(name: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(name)) return `server name "${name}" may only use letters, digits, - and _ (at most 40)`;
  if (name.includes('__')) return `server name "${name}" may not contain "__" (tool names are mcp__<server>__<tool>)`;
  return null;
}

// Env names whose values read like credentials; their values are redacted like headers'.
const SECRET_LOOKING = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH|COOKIE|SESSION)/i;

export interface PrepareOptions {
  /** Where ${VAR} values come from. */
  env: NodeJS.ProcessEnv;
  /** Names that are never expanded (inkling's own API keys). */
  secretEnvNames: readonly string[];
  /** A relative `cwd` is taken from here (the workspace root). */
  baseDir: string;
}

export function prepareServer(entry: McpServerEntry, opts: PrepareOptions): PreparedServer {
  const nameProblem = serverNameProblem(entry.name);
  if (nameProblem) return { ok: false, reason: nameProblem };
  const expander = new Expander(opts);
  const s = entry.settings;
  let launch: McpLaunch;
  const secrets: string[] = [];
  if ('command' in s) {
    const env: Record<string, string> = {};
    for (const [key, raw] of Object.entries(s.env ?? {})) {
      const value = expander.expand(raw, `env.${key}`, (v) => secrets.push(v));
      env[key] = value;
      if (SECRET_LOOKING.test(key)) secrets.push(value);
    }
    const cwd = s.cwd === undefined ? undefined : expander.expand(s.cwd, 'cwd');
    launch = {
      kind: 'stdio',
      command: expander.expand(s.command, 'command'),
      args: (s.args ?? []).map((a, i) => expander.expand(a, `args[${i}]`, (v) => secrets.push(v))),
      env,
      ...(cwd !== undefined ? { cwd: resolveDir(opts.baseDir, cwd) } : {}),
    };
  } else {
    const headers: Record<string, string> = {};
    for (const [key, raw] of Object.entries(s.headers ?? {})) {
      headers[key] = expander.expand(raw, `headers.${key}`, (v) => secrets.push(v));
      // Every header value counts as secret: Authorization, X-Api-Key and friends.
      secrets.push(headers[key]);
    }
    const url = expander.expand(s.url, 'url', (v) => secrets.push(v));
    launch = { kind: 'remote', transport: s.type ?? 'auto', url, headers };
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') expander.problems.push(`url must be http(s), got "${parsed.protocol}"`);
    } catch {
      if (expander.problems.length === 0) expander.problems.push(`url is not a URL: "${url}"`);
    }
  }
  if (expander.problems.length > 0) return { ok: false, reason: expander.problems.join('; ') };
  return { ok: true, launch, secrets: [...new Set(secrets.filter((v) => v.length >= 8))] };
}

/** ${VAR} and ${VAR:-default}, as Claude Code expands them; problems are collected, not thrown. */
class Expander {
  readonly problems: string[] = [];
  constructor(private readonly opts: PrepareOptions) {}

  expand(text: string, where: string, onValue?: (value: string) => void): string {
    return text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g, (_m, name: string, fallback: string | undefined) => {
      if (this.opts.secretEnvNames.includes(name)) {
        this.problems.push(`${where}: \${${name}} is not expanded (inkling's own API keys never go to MCP servers)`);
        return '';
      }
      const value = this.opts.env[name];
      if (value !== undefined && value !== '') {
        onValue?.(value);
        return value;
      }
      if (fallback !== undefined) return fallback;
      this.problems.push(`${where}: \${${name}} is not set in the environment`);
      return '';
    });
  }
}

function resolveDir(base: string, dir: string): string {
  return path.resolve(base, dir);
}

/** What the person sees to recognise a server (trust prompt, `inkling mcp list`): never a secret. */
export function describeServer(settings: McpServerSettings): string {
  if ('command' in settings) return [settings.command, ...(settings.args ?? [])].join(' ');
  return `${settings.type === 'sse' ? 'sse' : 'http'} ${settings.url}`;
}
