// Anthropic's server-side web search, for everything outside the provider: the tool the request
// declares, the events that show a search as a card, and the blocks as text for a model that is not
// Anthropic's (a conversation switched to an OpenAI-compatible model keeps what was found).
import type { AssistantBlock, ServerToolUseBlock, WebSearchToolResultBlock } from '../conversation.js';
import type { AgentEvent } from '../events.js';
import type { WebSearchDetails } from '../tools/web-search-details.js';
import type { PermissionRule } from '../permissions/rules.js';

/** What the request's web search declaration may narrow (Anthropic's fields; never both domain lists). */
export interface WebSearchOptions {
  maxUses?: number;
  allowedDomains?: string[];
  blockedDomains?: string[];
}

/** The tool entry of a Messages API request, as Anthropic documents it (web_search_20250305). */
export function webSearchDeclaration(o: WebSearchOptions): Record<string, unknown> {
  return {
    type: 'web_search_20250305',
    name: 'web_search',
    ...(o.maxUses ? { max_uses: o.maxUses } : {}),
    ...(o.allowedDomains?.length ? { allowed_domains: o.allowedDomains } : o.blockedDomains?.length ? { blocked_domains: o.blockedDomains } : {}),
  };
}

/**
 * Hosts the search must not return, from the deny rules that name a web_fetch domain: the model's
 * search stays inside the rules its fetches keep to (Anthropic's blocked_domains cover subdomains).
 */
export function blockedSearchDomains(deny: readonly PermissionRule[]): string[] {
  const hosts = deny.flatMap((r) => (r.specifier.kind === 'domain' && r.tools.kind === 'names' && r.tools.names.has('web_fetch') ? [r.specifier.host] : []));
  return [...new Set(hosts)];
}

export function isSearchBlock(b: AssistantBlock): b is ServerToolUseBlock | WebSearchToolResultBlock {
  return b.type === 'server_tool_use' || b.type === 'web_search_tool_result';
}

interface RawResult {
  type?: unknown;
  url?: unknown;
  title?: unknown;
  page_age?: unknown;
}

/** The results (or error) a web_search_tool_result holds, read field by field. */
export function searchResults(block: WebSearchToolResultBlock): Pick<WebSearchDetails, 'results' | 'error'> {
  const c = block.content as { type?: unknown; error_code?: unknown } | RawResult[] | undefined;
  if (!Array.isArray(c)) return { results: [], error: typeof c?.error_code === 'string' ? c.error_code : 'unknown_error' };
  const results = c
    .filter((r): r is RawResult => !!r && typeof r === 'object' && typeof r.url === 'string')
    .map((r) => ({ title: typeof r.title === 'string' ? r.title : String(r.url), url: String(r.url), ...(typeof r.page_age === 'string' ? { pageAge: r.page_age } : {}) }));
  return { results };
}

function queryOf(block: ServerToolUseBlock): string {
  const q = (block.input as { query?: unknown } | null)?.query;
  return typeof q === 'string' ? q : '';
}

/**
 * The card of a search, through the events every tool call has: the call when its block completes,
 * its details and end when the results arrive. No tool_result event: the results are the API's
 * block in the assistant message, not a result the session would send back as one.
 */
export class SearchCards {
  private readonly queries = new Map<string, string>();

  events(block: ServerToolUseBlock | WebSearchToolResultBlock): AgentEvent[] {
    if (block.type === 'server_tool_use') {
      this.queries.set(block.id, queryOf(block));
      return [
        { type: 'tool_call', id: block.id, name: block.name, input: block.input, readOnly: true },
        { type: 'tool_status', id: block.id, status: 'running' },
      ];
    }
    const found = searchResults(block);
    const details: WebSearchDetails = { kind: 'web-search', query: this.queries.get(block.tool_use_id) ?? '', ...found };
    return [
      { type: 'tool_output', id: block.tool_use_id, details },
      { type: 'tool_status', id: block.tool_use_id, status: found.error ? 'error' : 'done' },
    ];
  }
}

/** A search block as text, for a model that cannot take Anthropic's blocks. */
export function searchBlockText(block: ServerToolUseBlock | WebSearchToolResultBlock): string {
  if (block.type === 'server_tool_use') return `\n[web search: ${queryOf(block)}]\n`;
  const { results, error } = searchResults(block);
  if (error) return `\n[web search failed: ${error}]\n`;
  return `\n[web search results:\n${results.map((r, i) => `${i + 1}. ${r.title} — ${r.url}`).join('\n')}]\n`;
}
