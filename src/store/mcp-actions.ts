// Named actions for the MCP servers' state: a new list from the servers, /mcp opened, moved
// through, a server reconnected or turned off (through the store's mcp port), closed.
import type { McpEvent } from '../core/mcp/mcp-servers.js';
import { summarize, summaryText, type McpServerView } from '../core/mcp/status.js';
import { toSafeDeep, toSafeText } from '../core/text/safe-text.js';
import type { AppStore } from './app-store.js';
import { emptyInput } from './app-store.js';
import { addNotice, flash } from './view-actions.js';
import { loginUrlShown } from './mcp-login-actions.js';
import { formAsked, formGone } from './elicitation-actions.js';


/** A server's failure as the transcript says it, or null while it is not failing. */
function failureText(s: McpServerView): string | null {
  if (s.state.status === 'failed') return `MCP server ${s.name} failed: ${s.state.reason}`;
  if (s.state.status === 'needs-login') return `MCP server ${s.name} is not used: ${s.state.reason}`;
  return null;
}

export function mcpServersChanged(store: AppStore, servers: readonly McpServerView[]): void {
  // Said when it happens, not at the next prompt: a server that fails (again, or for another
  // reason) gets one line in the transcript.
  const before = new Map<string, string | null>((store.getState().mcp?.servers ?? []).map((s) => [s.name, failureText(s as McpServerView)]));
  for (const s of servers) {
    const text = failureText(s);
    if (text && toSafeText(text) !== before.get(s.name)) addNotice(store, text);
  }
  store.setState((s) => ({
    mcp: {
      servers: toSafeDeep([...servers]),
      summary: summaryText(summarize(servers)),
      selected: Math.min(s.mcp?.selected ?? 0, Math.max(0, servers.length - 1)),
      login: s.mcp?.login ?? null,
    },
  }));
}

/** One of the MCP servers' events, as the door passes them on (header, /mcp, a login's URL, a server's form). */
export function mcpEventCame(store: AppStore, event: McpEvent): void {
  if (event.type === 'mcp_servers') mcpServersChanged(store, event.servers);
  else if (event.type === 'mcp_login') loginUrlShown(store, event.server, event.url, event.opened);
  else if (event.type === 'mcp_elicit') formAsked(store, event);
  else if (event.type === 'mcp_elicit_end') formGone(store, event.id);
}

export function openMcp(store: AppStore): void {
  if (!store.getState().mcp) {
    flash(store, 'no MCP servers configured — inkling mcp add <name> -- <command…> adds one');
    return;
  }
  store.setState({ mode: 'mcp', input: emptyInput(), completion: null });
}

export function closeMcp(store: AppStore): void {
  store.setState({ mode: 'input' });
}

export function moveMcp(store: AppStore, delta: number): void {
  const m = store.getState().mcp;
  if (!m || m.servers.length === 0) return;
  const n = m.servers.length;
  store.setState({ mcp: { ...m, selected: (m.selected + delta + n) % n } });
}

/** r / d on the selected server; resolves when the server has answered. */
export function actOnMcpServer(store: AppStore, what: 'reconnect' | 'disable'): Promise<void> | void {
  const s = store.getState();
  const server = s.mcp?.servers[s.mcp.selected];
  if (!server || !store.door.send({ type: 'capabilities' }).mcp) return;
  if (what === 'disable' && server.state.status === 'disabled') return flash(store, `${server.name} is already off (r starts it again)`);
  flash(store, what === 'reconnect' ? `starting ${server.name} again…` : `turning ${server.name} off for this session…`);
  return store.door.send({ type: what === 'reconnect' ? 'reconnectMcp' : 'disableMcp', name: server.name }).then(
    (ok) => flash(store, ok ? (what === 'reconnect' ? `${server.name}: started again` : `${server.name} is off for this session`) : `${server.name}: nothing to do`),
    (err: unknown) => flash(store, `${server.name}: ${(err as Error).message}`),
  );
}
