// One ACP session's configuration, built from its own `cwd` as a run of inkling in that folder
// would be: its settings files, trust, .env, sandbox and MCP servers, with the editor's flags.
// Without an API key the session is refused (no demo model over ACP), naming the key variable.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { RequestError } from '@agentclientprotocol/sdk';
import type { McpServer } from '@agentclientprotocol/sdk';
import { UsageError, type CliFlags } from '../cli/args.js';
import { checkedConfig, prepareRun, type InklingConfig } from '../cli/config.js';
import type { McpServerSettings } from '../core/mcp/server-config.js';

/** ACP's "authentication required": what an editor shows as a login problem. */
export const AUTH_REQUIRED = -32000;

/** Refuses a `cwd` that is not an absolute path of an existing directory (JSON-RPC invalid params). */
export async function checkedCwd(cwd: unknown): Promise<string> {
  if (typeof cwd !== 'string' || !path.isAbsolute(cwd)) {
    throw RequestError.invalidParams({ cwd }, `cwd must be an absolute path (got ${JSON.stringify(cwd)})`);
  }
  const info = await stat(cwd).catch(() => undefined);
  if (!info?.isDirectory()) throw RequestError.invalidParams({ cwd }, `cwd ${cwd} is not a directory`);
  return cwd;
}

/**
 * The session's config. Resolved as -p resolves it (a missing key is an error, never the demo);
 * the agent then runs as the TUI's does (it may ask the person: the editor answers).
 */
export async function sessionConfig(flags: CliFlags, cwd: string, mcpServers: readonly McpServer[] = []): Promise<InklingConfig> {
  let config: InklingConfig;
  try {
    const request = await prepareRun({ ...flags, cwd: undefined, acp: undefined }, process.env, cwd);
    const { withDiscoveredModel } = await import('../cli/model-choice.js');
    config = await withDiscoveredModel(await checkedConfig({ ...request, mode: 'print' }));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    if (/no API key/.test(err.message)) throw new RequestError(AUTH_REQUIRED, err.message.replace(/, or --demo to try the built-in demo model$/, ''));
    throw RequestError.invalidParams(undefined, err.message);
  }
  const servers = { ...config.settings.mcpServers, ...clientMcpServers(mcpServers) };
  return { ...config, mode: 'interactive', settings: { ...config.settings, mcpServers: servers } };
}

/** The editor's MCP servers (stdio and HTTP) in inkling's settings shape; SSE is not offered. */
export function clientMcpServers(servers: readonly McpServer[]): Record<string, McpServerSettings> {
  const out: Record<string, McpServerSettings> = {};
  for (const server of servers) {
    if ('type' in server && server.type === 'http') {
      out[server.name] = { type: 'http', url: server.url, headers: Object.fromEntries(server.headers.map((h) => [h.name, h.value])) };
    } else if (!('type' in server) || (server as { type?: string }).type === 'stdio') {
      const stdio = server as Extract<McpServer, { command: string }>;
      out[stdio.name] = { type: 'stdio', command: stdio.command, args: stdio.args, env: Object.fromEntries(stdio.env.map((e) => [e.name, e.value])) };
    }
  }
  return out;
}
