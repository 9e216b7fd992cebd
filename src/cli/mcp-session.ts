// Wires the configured MCP servers into a run: the entries from the resolved settings (a workspace
// .mcp.json only reaches them once the workspace is trusted), started in the background, their
// tools offered to the agent, their problems said as notices until the UI shows /mcp itself.
import type { Agent } from '../core/agent.js';
import type { AgentEvent } from '../core/events.js';
import type { ImageBlock } from '../core/conversation.js';
import type { AnyTool } from '../core/tools/tool.js';
import type { McpServers } from '../core/mcp/mcp-servers.js';
import type { McpServerEntry, McpServerSource } from '../core/mcp/server-config.js';
import type { McpServerView } from '../core/mcp/status.js';
import type { DisposeReason } from '../core/hooks/turn-hooks.js';
import type { InklingConfig } from './config.js';
import { SECRET_ENV_NAMES } from './config.js';
import { packageVersion } from './version.js';

/** How long -p waits for its servers to be ready before the turn starts without the slow ones. */
export const HEADLESS_MCP_START_MS = 30_000;

const SOURCE_OF_LAYER: Record<string, McpServerSource> = { user: 'user', mcpJson: 'mcp-json', project: 'project', local: 'local' };

export function mcpEntries(config: InklingConfig): McpServerEntry[] {
  return Object.entries(config.settings.mcpServers).map(([name, settings]) => ({
    name,
    settings,
    source: SOURCE_OF_LAYER[config.report?.sources.get(`mcpServers.${name}`)?.layer ?? ''] ?? 'flag',
  }));
}

export interface McpLaunchHandle {
  /** The servers once the MCP modules (the SDK) have loaded; they are starting by then. */
  loaded: Promise<McpServers>;
  /** What the agent offers now: nothing until loaded, then the ready servers' tools. */
  tools(): AnyTool[];
}

/**
 * Null when no server is configured: then the SDK is never loaded. Otherwise loads the MCP modules
 * and starts every server in the background; nothing here waits for them.
 */
export function launchMcpServers(config: InklingConfig, logDir: string): McpLaunchHandle | null {
  const entries = mcpEntries(config);
  if (entries.length === 0) return null;
  let servers: McpServers | undefined;
  const loaded = import('../core/mcp/mcp-servers.js').then(({ McpServers }) => {
    servers = createServers(McpServers, config, entries, logDir);
    servers.start();
    return servers;
  });
  return { loaded, tools: () => servers?.tools() ?? [] };
}

function createServers(Servers: typeof McpServers, config: InklingConfig, entries: McpServerEntry[], logDir: string): McpServers {
  const servers = new Servers({
    entries,
    // The settings resolution already left out a .mcp.json the person has not trusted.
    workspaceTrusted: config.report?.trust.trusted ?? false,
    workspaceRoot: config.workspaceRoot,
    logDir,
    env: process.env,
    secretEnvNames: SECRET_ENV_NAMES,
    secretValues: config.secrets,
    clientVersion: packageVersion(),
    toolTimeoutMs: config.settings.mcpToolTimeoutMs,
    home: config.home,
  });
  // In the TUI a server's form reaches the person (the form card); -p declines every request.
  if (config.mode === 'interactive') servers.answerByEvents();
  return servers;
}

/**
 * Problems (a server that failed, a tool left out) come out as notices at the start of the next
 * turn, and the servers close with the agent. `failuresShown`: the TUI says a server's failure
 * when it happens (store/mcp-actions.ts), so the turn does not say it again.
 */
export function withMcp<A extends Agent>(agent: A, mcp: McpLaunchHandle, opts: { failuresShown?: boolean } = {}): A {
  const pending: string[] = [];
  const said = new Set<string>();
  const say = (message: string) => {
    if (said.has(message)) return;
    said.add(message);
    pending.push(message);
  };
  const loaded = mcp.loaded.then(
    (servers) => {
      const sayFailures = (views: readonly McpServerView[]) => {
        if (opts.failuresShown) return;
        for (const s of views) {
          if (s.state.status === 'failed') say(`MCP server ${s.name} failed: ${s.state.reason}`);
          else if (s.state.status === 'needs-login') say(`MCP server ${s.name} is not used: ${s.state.reason}`);
        }
      };
      // What happened before this point (-p waits for its servers first), then what comes.
      for (const message of servers.notices()) say(message);
      sayFailures(servers.servers());
      servers.subscribe((event) => {
        if (event.type === 'mcp_notice') say(event.message);
        else if (event.type === 'mcp_servers') sayFailures(event.servers);
      });
      return servers;
    },
    (err: unknown) => {
      say(`MCP servers could not start: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    },
  );
  const run = agent.run.bind(agent);
  const dispose = agent.dispose.bind(agent);
  const wrapped: A = Object.assign(Object.create(agent) as A, {
    run(prompt: string, opts?: { signal?: AbortSignal; images?: ImageBlock[] }): AsyncIterable<AgentEvent> {
      return (async function* () {
        let sent = prompt;
        let images = opts?.images;
        if (mayExpand(prompt)) {
          const servers = await loaded;
          const expanded = servers ? await import('../core/mcp/prompt-expansion.js').then((m) => m.expandPrompt(servers, prompt, opts?.signal)) : null;
          if (expanded && !expanded.ok) {
            // Nothing reaches the model: the person fixes the command and sends it again.
            yield { type: 'turn_start', prompt } as AgentEvent;
            yield { type: 'error', message: expanded.problem, retryable: false } as AgentEvent;
            yield { type: 'turn_end', reason: 'error' } as AgentEvent;
            return;
          }
          if (expanded) {
            sent = expanded.prompt;
            // A resource's images go after the person's own (-p --image, @shot.png).
            if (expanded.images.length > 0) images = [...(images ?? []), ...expanded.images];
            for (const message of expanded.notices) pending.push(message);
          }
        }
        for await (const event of run(sent, { ...opts, ...(images ? { images } : {}) })) {
          yield event;
          if (event.type === 'turn_start' || event.type === 'request_start') {
            for (const message of pending.splice(0)) yield { type: 'notice', message } as AgentEvent;
          }
        }
      })();
    },
    async dispose(reason?: DisposeReason) {
      await (await loaded)?.close();
      await dispose(reason);
    },
  });
  serversOfAgent.set(wrapped, loaded);
  return wrapped;
}

/** A prompt an MCP server may add to: an MCP prompt command, or an @server:uri mention. */
function mayExpand(prompt: string): boolean {
  return prompt.startsWith('/mcp__') || /(?:^|\s)@[A-Za-z0-9_-]+:\S/.test(prompt);
}

const serversOfAgent = new WeakMap<Agent, Promise<McpServers | null>>();

/** The agent's MCP servers for the UI (header summary, /mcp); null when none are configured. */
export async function mcpServersOf(agent: Agent): Promise<McpServers | null> {
  return (await serversOfAgent.get(agent)) ?? null;
}
