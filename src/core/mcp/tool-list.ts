// A server's tools/list answer, read defensively: each tool named mcp__<server>__<tool> with its
// schema as the providers need it, or left out with the reason (no name, too long a name, a
// name two tools share once sanitised, a schema the API would reject).
import type { JsonSchemaObject } from '../providers/provider.js';
import { checkInputSchema, modelToolName } from './tool-schema-check.js';

export interface ListedTool {
  /** mcp__<server>__<tool> */
  modelName: string;
  serverTool: string;
  description: string;
  inputSchema: JsonSchemaObject;
  /** The server's annotations.readOnlyHint. */
  readOnly: boolean;
}

export function acceptTools(server: string, raw: readonly unknown[]): { tools: ListedTool[]; skipped: { name: string; reason: string }[] } {
  const tools: ListedTool[] = [];
  const skipped: { name: string; reason: string }[] = [];
  const taken = new Set<string>();
  for (const item of raw) {
    const t = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const serverTool = typeof t.name === 'string' ? t.name : '';
    if (!serverTool) {
      skipped.push({ name: '(unnamed)', reason: 'it has no name' });
      continue;
    }
    const modelName = modelToolName(server, serverTool);
    if (!modelName) {
      skipped.push({ name: serverTool, reason: `mcp__${server}__${serverTool} is longer than the APIs allow` });
      continue;
    }
    if (taken.has(modelName)) {
      skipped.push({ name: serverTool, reason: `its name becomes ${modelName}, which another of its tools already has` });
      continue;
    }
    const schema = checkInputSchema(t.inputSchema);
    if (!schema.ok) {
      skipped.push({ name: serverTool, reason: schema.reason });
      continue;
    }
    taken.add(modelName);
    const annotations = (typeof t.annotations === 'object' && t.annotations !== null ? t.annotations : {}) as Record<string, unknown>;
    tools.push({
      modelName,
      serverTool,
      description: typeof t.description === 'string' && t.description.trim() ? t.description : `${serverTool} (from MCP server ${server})`,
      inputSchema: schema.schema,
      readOnly: annotations.readOnlyHint === true,
    });
  }
  return { tools, skipped };
}
