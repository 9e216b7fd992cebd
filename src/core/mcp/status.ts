// What each MCP server is doing, as data for the header ("MCP 3 (1 failed)") and the /mcp list.
import type { ListedPrompt, ListedResource, ListedTemplate } from './catalog.js';

export type McpServerState =
  | { status: 'starting' }
  | { status: 'ready' }
  /** Gave up (or could not start at all): `reason` says why in words a person can act on. */
  | { status: 'failed'; reason: string }
  /** The connection was lost; the next attempt (1-based) starts after a backoff. */
  | { status: 'reconnecting'; reason: string; attempt: number }
  /** A remote server answered 401 and no stored login answers it: `inkling mcp login` or /mcp's l. */
  | { status: 'needs-login'; reason: string }
  /** Turned off by the person for this session; its tools are gone from the model's list. */
  | { status: 'disabled' }
  /** A workspace .mcp.json server waiting for the workspace to be trusted. */
  | { status: 'untrusted' };

export type McpServerStatus = McpServerState['status'];

export interface McpToolInfo {
  /** The name the model sees: mcp__<server>__<tool>. */
  name: string;
  /** The server's own name for it. */
  serverTool: string;
  description: string;
  readOnly: boolean;
}

export interface McpServerView {
  name: string;
  /** The command line or URL (never a header or env value). */
  target: string;
  transport: 'stdio' | 'http' | 'sse';
  state: McpServerState;
  tools: McpToolInfo[];
  /** What @server:uri attaches and mcp_read_resource reads. */
  resources: ListedResource[];
  templates: ListedTemplate[];
  /** Its prompts, as /mcp__<server>__<prompt> commands. */
  prompts: ListedPrompt[];
  /** Tools the server listed that were left out, each with the reason. */
  skippedTools: { name: string; reason: string }[];
  /** The stdio server's stderr log, when it has one. */
  logPath?: string;
}

/** Counts for the header; a UI words them ("MCP 3 (1 failed)"). */
export interface McpSummary {
  total: number;
  ready: number;
  starting: number;
  failed: number;
  reconnecting: number;
  disabled: number;
  needsLogin: number;
}

export function summarize(servers: readonly McpServerView[]): McpSummary {
  const out: McpSummary = { total: servers.length, ready: 0, starting: 0, failed: 0, reconnecting: 0, disabled: 0, needsLogin: 0 };
  for (const s of servers) {
    if (s.state.status === 'untrusted') out.disabled++;
    else if (s.state.status === 'needs-login') out.needsLogin++;
    else out[s.state.status]++;
  }
  return out;
}

/** "MCP 3", "MCP 3 (1 failed)", "MCP 3 (2 starting)": empty when no server is configured. */
export function summaryText(summary: McpSummary): string {
  if (summary.total === 0) return '';
  const notes: string[] = [];
  if (summary.starting > 0) notes.push(`${summary.starting} starting`);
  if (summary.reconnecting > 0) notes.push(`${summary.reconnecting} reconnecting`);
  if (summary.failed > 0) notes.push(`${summary.failed} failed`);
  if (summary.needsLogin > 0) notes.push(`${summary.needsLogin} needs login`);
  if (summary.disabled > 0) notes.push(`${summary.disabled} off`);
  return `MCP ${summary.total}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
}
