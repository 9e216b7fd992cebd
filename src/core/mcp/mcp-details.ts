// The details an MCP call carries for the UI, declared beside the tool (its own file, so
// tools/details.ts can name it without importing the tool and, through it, itself).
import type { McpCallError } from './server-connection.js';

/** What the generic card shows for an MCP call (declared beside the tool, as every tool does). */
export interface McpDetails {
  kind: 'mcp';
  server: string;
  /** The server's own name for the tool. */
  tool: string;
  /** Latest progress notification while the call runs. */
  progress?: { progress: number; total?: number; message?: string };
  /** One line per non-text block of the result ("[image 20×20, image/png]", a resource URI). */
  summaries?: string[];
  /** Why the call failed when the failure was inkling's side (not running, timeout, cancelled). */
  failure?: McpCallError['kind'];
}
