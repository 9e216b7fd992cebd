// A server's resources, resource templates and prompts (resources/list, resources/templates/list,
// prompts/list), paged and read defensively: an entry without a URI or a name is left out, and a
// server that does not offer a kind (its capabilities say so) is not asked for it.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';

export interface ListedResource {
  uri: string;
  name: string;
  description?: string;
  mimeType?: string;
}

export interface ListedTemplate {
  /** RFC 6570, as the server wrote it: demo://resource/{id}. */
  uriTemplate: string;
  name: string;
  description?: string;
  mimeType?: string;
}

export interface PromptArgument {
  name: string;
  description?: string;
  required: boolean;
}

export interface ListedPrompt {
  name: string;
  description?: string;
  arguments: PromptArgument[];
}

export interface Catalog {
  resources: ListedResource[];
  templates: ListedTemplate[];
  prompts: ListedPrompt[];
}

export const EMPTY_CATALOG: Catalog = { resources: [], templates: [], prompts: [] };

/** A server that pages forever is not followed past this. */
const MAX_PAGES = 50;

export async function listCatalog(client: Client, timeoutMs: number): Promise<Catalog> {
  const caps = client.getServerCapabilities() ?? {};
  const [resources, templates, prompts] = await Promise.all([
    caps.resources ? listPaged(client, 'resources/list', 'resources', timeoutMs) : [],
    caps.resources ? listPaged(client, 'resources/templates/list', 'resourceTemplates', timeoutMs).catch(() => []) : [],
    caps.prompts ? listPaged(client, 'prompts/list', 'prompts', timeoutMs) : [],
  ]);
  return {
    resources: resources.flatMap(readResource),
    templates: templates.flatMap(readTemplate),
    prompts: prompts.flatMap(readPrompt),
  };
}

async function listPaged(client: Client, method: string, key: string, timeoutMs: number): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.request({ method, ...(cursor ? { params: { cursor } } : {}) }, ResultSchema, { timeout: timeoutMs });
    const items = result[key];
    if (Array.isArray(items)) for (const item of items) if (typeof item === 'object' && item !== null) out.push(item as Record<string, unknown>);
    cursor = typeof result.nextCursor === 'string' && result.nextCursor ? result.nextCursor : undefined;
    if (!cursor) break;
  }
  return out;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

function readResource(r: Record<string, unknown>): ListedResource[] {
  const uri = str(r.uri);
  if (!uri) return [];
  return [{ uri, name: str(r.name) ?? uri, ...optional(r) }];
}

function readTemplate(r: Record<string, unknown>): ListedTemplate[] {
  const uriTemplate = str(r.uriTemplate);
  if (!uriTemplate) return [];
  return [{ uriTemplate, name: str(r.name) ?? uriTemplate, ...optional(r) }];
}

function optional(r: Record<string, unknown>): { description?: string; mimeType?: string } {
  const description = str(r.description) ?? str(r.title);
  const mimeType = str(r.mimeType);
  return { ...(description ? { description } : {}), ...(mimeType ? { mimeType } : {}) };
}

function readPrompt(p: Record<string, unknown>): ListedPrompt[] {
  const name = str(p.name);
  // Prompt names become slash commands: /mcp__server__name, so no spaces.
  if (!name || /\s/.test(name)) return [];
  const args = Array.isArray(p.arguments) ? p.arguments : [];
  const description = str(p.description) ?? str(p.title);
  return [{
    name,
    ...(description ? { description } : {}),
    arguments: args.flatMap((a): PromptArgument[] => {
      const arg = (typeof a === 'object' && a !== null ? a : {}) as Record<string, unknown>;
      const argName = str(arg.name);
      if (!argName) return [];
      const argDescription = str(arg.description);
      return [{ name: argName, ...(argDescription ? { description: argDescription } : {}), required: arg.required === true }];
    }),
  }];
}
