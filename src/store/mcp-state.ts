// The MCP servers as the UI holds them: the header's summary ("MCP 3 (1 failed)") and the /mcp
// list with its selection (actions: mcp-actions.ts). Every string is SafeText.
import type { McpServerView } from '../core/mcp/status.js';
import type { SafeDeep, SafeText } from '../core/text/safe-text.js';

export type SafeMcpServer = SafeDeep<McpServerView>;

export interface McpViewState {
  servers: SafeMcpServer[];
  /** "MCP 3", "MCP 3 (1 failed)". */
  summary: string;
  /** The server /mcp has selected (index into servers). */
  selected: number;
  /** A login started with l: its URL once the server gave one, and the redirect being pasted. */
  login?: McpLoginState | null;
}

export interface McpLoginState {
  server: string;
  /** Null until the authorization server has answered. */
  url: SafeText | null;
  opened: boolean;
  /** The address the browser landed on, as typed or pasted so far. */
  typed: string;
}

/** What /mcp's keys ask of the servers. */
export interface McpPort {
  /** Start the server again now (failed, reconnecting or turned off). */
  reconnect(name: string): Promise<boolean>;
  /** Turn it off for this session: its tools leave the model's list. */
  disable(name: string): Promise<boolean>;
}
