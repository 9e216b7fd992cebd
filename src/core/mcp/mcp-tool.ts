// An MCP server's tool as an inkling tool: named mcp__<server>__<tool>, read-only when the server
// says so (annotations.readOnlyHint), its result turned into text for the model and a small
// details object for the generic card (progress while it runs, summaries of non-text blocks).
import type { Redact } from '../redact.js';
import { redactDeep } from '../redact.js';
import type { AnyTool, ToolResult } from '../tools/tool.js';
import type { McpDetails } from './mcp-details.js';
import { formatToolResult } from './result-content.js';
import { McpCallError, type ListedTool, type ServerConnection } from './server-connection.js';

export const DEFAULT_MCP_TOOL_TIMEOUT_MS = 60_000;


export interface McpToolOptions {
  server: string;
  connection: ServerConnection;
  timeoutMs(): number;
  redact: Redact;
}

export function createMcpTool(listed: ListedTool, opts: McpToolOptions): AnyTool {
  const base = { kind: 'mcp' as const, server: opts.server, tool: listed.serverTool };
  return {
    name: listed.modelName,
    description: listed.description,
    readOnly: listed.readOnly,
    inputSchema: listed.inputSchema,
    async execute(input: Record<string, unknown>, ctx): Promise<ToolResult> {
      try {
        const result = await opts.connection.call(listed.serverTool, input, {
          signal: ctx.signal,
          timeoutMs: opts.timeoutMs(),
          onProgress: (progress) => ctx.reportOutput(redactDeep({ ...base, progress }, opts.redact)),
        });
        const formatted = formatToolResult(result);
        const text = opts.redact(formatted.text);
        return {
          content: text || (formatted.isError ? `${listed.modelName} failed without saying why.` : '(no output)'),
          ...(formatted.images.length > 0 ? { images: formatted.images } : {}),
          isError: formatted.isError,
          details: { ...base, ...(formatted.summaries.length > 0 ? { summaries: formatted.summaries.map(opts.redact) } : {}) },
        };
      } catch (err) {
        if (err instanceof McpCallError) return { content: err.message, isError: true, details: { ...base, failure: err.kind } };
        return { content: `${listed.modelName} failed: ${opts.redact(err instanceof Error ? err.message : String(err))}`, isError: true, details: base };
      }
    },
  };
}
