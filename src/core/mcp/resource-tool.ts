// mcp_read_resource: the model reads an MCP server's resource by URI, or fills one of its resource
// templates from `arguments` (RFC 6570, as the server declared it). Read-only; offered only while a
// ready server has resources or templates, its description listing them so the model knows what exists.
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { Redact } from '../redact.js';
import type { AnyTool, ToolResult } from '../tools/tool.js';
import type { Catalog } from './catalog.js';
import { formatResourceContents } from './resource-content.js';
import { McpCallError, type ServerConnection } from './server-connection.js';

export const READ_RESOURCE_TOOL = 'mcp_read_resource';

export interface ResourceServer {
  name: string;
  connection: ServerConnection;
  redact: Redact;
}

export interface ResourceToolOptions {
  /** The ready servers that have resources or templates. */
  servers(): ResourceServer[];
  timeoutMs(): number;
}

/** How many resources per server the description names; the rest are counted. */
const LISTED_PER_SERVER = 20;

export function describeResources(servers: readonly { name: string; catalog: Catalog }[]): string {
  const lines = [
    'Read a resource from an MCP server: give the server and the resource URI. For a resource template, give the template as uri and its variables in arguments (the URI is filled from them).',
  ];
  for (const s of servers) {
    const { resources, templates } = s.catalog;
    lines.push(`Server ${s.name}:`);
    for (const r of resources.slice(0, LISTED_PER_SERVER)) lines.push(`- ${r.uri}${r.description ? ` — ${oneLine(r.description)}` : ''}`);
    if (resources.length > LISTED_PER_SERVER) lines.push(`- …and ${resources.length - LISTED_PER_SERVER} more`);
    for (const t of templates) lines.push(`- template ${t.uriTemplate}${t.description ? ` — ${oneLine(t.description)}` : ''}`);
  }
  return lines.join('\n');
}

const oneLine = (text: string) => (text.replace(/\s+/g, ' ').trim().length > 120 ? `${text.replace(/\s+/g, ' ').trim().slice(0, 117)}…` : text.replace(/\s+/g, ' ').trim());

/** The URI to read: `uri` as given, or the template filled from `args`. */
export function fillUri(uri: string, args: Record<string, unknown> | undefined): { ok: true; uri: string } | { ok: false; problem: string } {
  if (!UriTemplate.isTemplate(uri)) return { ok: true, uri };
  const template = new UriTemplate(uri);
  const vars: Record<string, string> = {};
  const missing: string[] = [];
  for (const name of template.variableNames) {
    const v = args?.[name];
    if (v === undefined || v === null || v === '') missing.push(name);
    else vars[name] = typeof v === 'string' ? v : String(v);
  }
  if (missing.length > 0) return { ok: false, problem: `the template ${uri} needs arguments: ${missing.join(', ')}` };
  return { ok: true, uri: template.expand(vars) };
}

export function createReadResourceTool(description: string, opts: ResourceToolOptions): AnyTool {
  return {
    name: READ_RESOURCE_TOOL,
    description,
    readOnly: true,
    inputSchema: {
      type: 'object',
      properties: {
        server: { type: 'string', description: 'The MCP server name' },
        uri: { type: 'string', description: 'The resource URI, or a resource template' },
        arguments: { type: 'object', description: "A template's variables by name (strings)" },
      },
      required: ['server', 'uri'],
    },
    async execute(input: { server: string; uri: string; arguments?: Record<string, unknown> }, ctx): Promise<ToolResult> {
      const servers = opts.servers();
      const server = servers.find((s) => s.name === input.server);
      const base = { kind: 'mcp' as const, server: input.server, tool: 'resources/read' };
      if (!server) {
        const names = servers.map((s) => s.name);
        return { content: `No MCP server "${input.server}" with resources is running${names.length > 0 ? ` (servers with resources: ${names.join(', ')})` : ''}.`, isError: true, details: base };
      }
      const filled = fillUri(input.uri, input.arguments);
      if (!filled.ok) return { content: `Cannot read: ${filled.problem}.`, isError: true, details: base };
      try {
        const contents = await server.connection.readResource(filled.uri, { signal: ctx.signal, timeoutMs: opts.timeoutMs() });
        const formatted = formatResourceContents(contents);
        return {
          content: server.redact(formatted.text),
          isError: false,
          ...(formatted.images.length > 0 ? { images: formatted.images } : {}),
          details: { ...base, summaries: formatted.summaries.map(server.redact) },
        };
      } catch (err) {
        if (err instanceof McpCallError) return { content: err.message, isError: true, details: { ...base, failure: err.kind } };
        return { content: `Reading ${filled.uri} failed: ${server.redact(err instanceof Error ? err.message : String(err))}`, isError: true, details: base };
      }
    },
  };
}
