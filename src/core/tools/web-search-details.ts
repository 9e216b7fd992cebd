// What the UI gets for one of Anthropic's server-side web searches (core/web/search-blocks.ts makes
// it from the streamed server_tool_use and web_search_tool_result blocks).
export interface WebSearchDetails {
  kind: 'web-search';
  query: string;
  results: { title: string; url: string; pageAge?: string }[];
  /** The API's error code when the search failed (max_uses_exceeded, too_many_requests, …). */
  error?: string;
}
